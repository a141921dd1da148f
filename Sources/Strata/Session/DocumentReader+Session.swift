import StrataDocuments

/// What a session file's reader knows of sessions: HTTP methods and parameter values.
extension DocumentReader {
    /// The HTTP method at `node`, upper-cased, or nil with an error when it is not a string naming one a route may
    /// use. `what` names the owner in messages (`route 'list'`, `pair #1 of '/x'`).
    mutating func method(_ node: Tree.Index, of what: String) -> String? {
        guard let s = string(node, "'method' of \(what)") else { return nil }
        guard Route.methods.contains(s.uppercased()) else {
            error("unknown method '\(s)' in \(what) (use one of \(Route.methods.joined(separator: ", ")))", at: node)
            return nil
        }
        return s.uppercased()
    }

    /// A string, number or bool value as text with its JSON type; nil for other kinds.
    func scalarValue(_ node: Tree.Index) -> (String, ParamValueKind)? {
        switch tree.kind(node) {
        case .string: (tree.string(node) ?? "", .string)
        case .number: (tree.numberText(node) ?? "", .number)
        case .bool: (tree.bool(node)! ? "true" : "false", .bool)
        default: nil
        }
    }
}
