/// A value read from a configuration document, with the node it was written at: a later check about the value
/// (a style that contradicts a format, an `only` naming no property) is reported at file:line:col of that node.
package struct Located<Value> {
    /// The value as read; nil (for optional values) when it was present but unusable, already reported.
    package var value: Value
    /// The member the value was read from; its key and value positions come from the reader's line index.
    package let node: Tree.Index

    /// Creates a value read at `node`.
    package init(value: Value, node: Tree.Index) {
        self.value = value
        self.node = node
    }
}

/// Reads a parsed JSON document (session.json, a fixture file) member by member, collecting every problem.
///
/// Each accessor checks one member's type and records a `Diagnostic` pointing at it when it is wrong, so a
/// loader can go on and report all problems at once instead of stopping at the first. Positions come from one
/// line index of the document, shared by the readers of its parts (`part()`), so no message rescans the file.
package struct DocumentReader {
    /// The parsed document.
    package let tree: Tree
    /// The file name used in diagnostics.
    package let file: String
    /// Everything found wrong so far, in the order it was found.
    package var diagnostics: [Diagnostic] = []

    /// Line:column lookups in the document, so a file with thousands of entries is not rescanned for each.
    var lines: LineLocator

    package init(tree: Tree, file: String) {
        self.tree = tree
        self.file = file
        self.lines = LineLocator(tree.source)
    }

    /// A reader of the same document and line index with no diagnostics yet, for a part whose problems are kept
    /// apart (the `mappings`, one route's `map`).
    package func part() -> DocumentReader {
        var reader = self
        reader.diagnostics = []
        return reader
    }

    /// The line and column where node `node`'s value starts.
    package mutating func lineColumn(of node: Tree.Index) -> (line: Int, column: Int) {
        lines.lineColumn(of: tree.startOffset(node))
    }

    /// The line and column of the key of member `node` (of its value when it has no key in the source).
    package mutating func lineColumn(ofKey node: Tree.Index) -> (line: Int, column: Int) {
        lines.lineColumn(of: tree.keySpan(node)?.lowerBound ?? tree.startOffset(node))
    }

    /// Records an error (or a problem of another `severity`) pointing at node `node`.
    package mutating func error(_ message: String, at node: Tree.Index, severity: Diagnostic.Severity = .error) {
        let (line, column) = lineColumn(of: node)
        diagnostics.append(Diagnostic(file: file, line: line, column: column, message: message, severity: severity))
    }

    /// Records an error pointing at UTF-8 offset `offset` inside string `node`'s text (at the string itself when
    /// the offset is unknown, or when escapes in the source make the text and the bytes differ).
    package mutating func error(_ message: String, at node: Tree.Index, inString offset: Int?) {
        let start = tree.startOffset(node)
        guard let offset, let text = tree.string(node), tree.source.count > start,
            tree.source[start] == UInt8(ascii: "\""), start + 1 + text.utf8.count <= tree.source.count,
            tree.source[(start + 1)..<(start + 1 + text.utf8.count)].elementsEqual(text.utf8)
        else { return error(message, at: node) }
        let (line, column) = lines.lineColumn(of: start + 1 + offset)
        diagnostics.append(Diagnostic(file: file, line: line, column: column, message: message))
    }

    /// Records an error pointing at the key of member `node`.
    package mutating func error(_ message: String, atKeyOf node: Tree.Index) {
        let (line, column) = lineColumn(ofKey: node)
        diagnostics.append(Diagnostic(file: file, line: line, column: column, message: message))
    }

    /// Records a warning pointing at node `node`.
    package mutating func warning(_ message: String, at node: Tree.Index) {
        error(message, at: node, severity: .warning)
    }

    /// Records `unknown key 'k' in what; did you mean 'key'? (known keys: …)` at the key of member `member`.
    package mutating func unknownKey(_ member: Tree.Index, in what: String, known: [String]) {
        let key = tree.key(member) ?? ""
        error(
            "unknown key '\(key)' in \(what)\(Suggestion.didYouMean(key, in: known)) (known keys: \(known.joined(separator: ", ")))",
            atKeyOf: member)
    }

    /// The line:column of node `node`'s key (or value), for messages that refer to another place in the file.
    package mutating func position(of node: Tree.Index) -> String {
        let (line, column) = lineColumn(ofKey: node)
        return "\(line):\(column)"
    }

    /// The members of object `node` by key, reporting unknown and repeated keys; nil (with an error) when
    /// `node` is not an object. `what` names the object in messages (`session`, `route 'list'`).
    package mutating func members(of node: Tree.Index, known: [String], what: String) -> [String: Tree.Index]? {
        guard tree.kind(node) == .object else {
            error("\(what) must be an object, found \(tree.describe(node))", at: node)
            return nil
        }
        var found: [String: Tree.Index] = [:]
        for member in tree.children(node) {
            let key = tree.key(member) ?? ""
            if let first = found[key] {
                error("duplicate key '\(key)' in \(what) (first at \(position(of: first)))", atKeyOf: member)
                continue
            }
            if !known.contains(key) {
                unknownKey(member, in: what, known: known)
                continue
            }
            found[key] = member
        }
        return found
    }

    /// The string at `node`, or nil with an error naming `what`.
    package mutating func string(_ node: Tree.Index, _ what: String) -> String? {
        guard tree.kind(node) == .string, let s = tree.string(node) else {
            error("\(what) must be a string, found \(tree.describe(node))", at: node)
            return nil
        }
        return s
    }

    /// The number at `node` as a Double, or nil with an error naming `what`.
    package mutating func number(_ node: Tree.Index, _ what: String) -> Double? {
        guard tree.kind(node) == .number, let d = tree.double(node), d.isFinite else {
            error("\(what) must be a number, found \(tree.describe(node))", at: node)
            return nil
        }
        return d
    }

    /// The whole number at `node`, or nil with an error naming `what`.
    package mutating func integer(_ node: Tree.Index, _ what: String) -> Int? {
        guard tree.kind(node) == .number, let i = tree.int(node) else {
            error("\(what) must be a whole number, found \(tree.scalarText(node))", at: node)
            return nil
        }
        return i
    }

    /// The bool at `node`, or nil with an error naming `what`.
    package mutating func bool(_ node: Tree.Index, _ what: String) -> Bool? {
        guard let b = tree.bool(node) else {
            error("\(what) must be true or false, found \(tree.describe(node))", at: node)
            return nil
        }
        return b
    }

    /// The strings of array `node`, or nil with an error naming `what` when it is not an array; entries that are
    /// not strings are reported and left out.
    package mutating func strings(_ node: Tree.Index, _ what: String) -> [String]? {
        guard tree.kind(node) == .array else {
            error("\(what) must be an array of strings, found \(tree.describe(node))", at: node)
            return nil
        }
        return tree.children(node).compactMap { string($0, "each entry of \(what)") }
    }

    /// True when `node` is an array; otherwise records an error naming `what`.
    package mutating func expectArray(_ node: Tree.Index, _ what: String) -> Bool {
        guard tree.kind(node) == .array else {
            error("\(what) must be an array, found \(tree.describe(node))", at: node)
            return false
        }
        return true
    }

    /// The members of the `name: value` object `node`, each name once: a repeated name (compared by `identity`)
    /// is reported at its key as a duplicate `noun` and left out. Nil, with an error, when `node` is not an object.
    package mutating func namedMembers(
        of node: Tree.Index, what: String, noun: String, identity: (String) -> String = { $0 }
    ) -> [(name: String, node: Tree.Index)]? {
        guard tree.kind(node) == .object else {
            error("\(what) must be an object of name: value, found \(tree.describe(node))", at: node)
            return nil
        }
        var members: [(name: String, node: Tree.Index)] = []
        var seen: [String: Tree.Index] = [:]
        for member in tree.children(node) {
            let name = tree.key(member) ?? ""
            if let first = seen[identity(name)] {
                error("duplicate \(noun) '\(name)' in \(what) (first at \(position(of: first)))", atKeyOf: member)
                continue
            }
            seen[identity(name)] = member
            members.append((name, member))
        }
        return members
    }
}
