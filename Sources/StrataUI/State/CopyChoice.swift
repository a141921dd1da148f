/// What `Y` can copy to the clipboard, in the order the copy menu lists them.
package enum CopyChoice: Int, CaseIterable, Sendable {
    case path, keyPath, value, subtree, code, mapped

    /// The menu's words for it.
    package var title: String {
        switch self {
        case .path: "path (JSONPath)"
        case .keyPath: "key path (mapping)"
        case .value: "value"
        case .subtree: "subtree as JSON"
        case .code: "request as code"
        case .mapped: "mapped object as JSON"
        }
    }

    /// The command that picks it in the menu.
    package var command: Command {
        switch self {
        case .path: .copyPath
        case .keyPath: .copyKeyPath
        case .value: .copyValue
        case .subtree: .copySubtree
        case .code: .copyCode
        case .mapped: .copyMapped
        }
    }
}
