/// Prints a tree as indented lines people can read: one node per line, with its key, kind and value.
///
/// ```
/// $ {} 3
///   name: "HappyBook"
///   open: true
///   catalogue [] 2
///     [0] {} 2
///       title: "Swift"
///       price: 12.50
///     [1] {} 0
/// ```
///
/// A container shows `{}` or `[]` and its number of children; a scalar shows `: ` and its value (strings
/// quoted and escaped as in JSON, numbers exactly as written). The root is `$`, array elements `[n]`, members
/// their key, with `#n` after a key that repeats among its siblings (`book#1`, as in paths). Keys that are
/// empty, hold white space or control characters, quotes or backslashes, or start with `[` or `$` are quoted.
///
/// Printing never recurses and streams in chunks, so very deep and very large trees are fine; lines deeper
/// than `maxIndentDepth` stop indenting and show their depth instead (`(depth 120) key: 1`).
public struct TreePrinter: Sendable {
    /// Spaces per level.
    public var indent: Int
    /// Strings longer than this many characters are cut and end in `…` (nil: never).
    public var maxStringLength: Int?
    /// The deepest level that is still indented.
    public var maxIndentDepth: Int

    /// Creates a printer.
    public init(indent: Int = 2, maxStringLength: Int? = nil, maxIndentDepth: Int = 100) {
        self.indent = indent
        self.maxStringLength = maxStringLength
        self.maxIndentDepth = maxIndentDepth
    }

    /// The printed subtree of `node` (the whole tree by default), one line per node, each ending in a newline.
    public func string(_ tree: Tree, from node: Tree.Index = Tree.root) -> String {
        var out: [UInt8] = []
        write(tree, from: node, chunkSize: .max) { out.append(contentsOf: $0) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Prints the subtree of `node`, handing `sink` chunks of about `chunkSize` bytes of UTF-8 as they fill.
    public func write(
        _ tree: Tree, from node: Tree.Index = Tree.root, chunkSize: Int = 1 << 16, to sink: ([UInt8]) -> Void
    ) {
        guard node < tree.count else { return }
        var out: [UInt8] = []
        out.reserveCapacity(min(chunkSize, 1 << 16) + 256)
        // Open containers: subtree end, how often each member key was seen, how many children were printed.
        var open: [(end: Int, seen: [String: Int], printed: Int)] = []
        let spaces = [UInt8](repeating: UInt8(ascii: " "), count: max(0, maxIndentDepth * indent))
        let end = tree.subtreeEnd(node)
        var i = node
        while i < end {
            while let top = open.last, i >= top.end { open.removeLast() }
            let depth = open.count
            var name = "$"
            if depth == 0 {
                name = topLabel(tree, i)
            } else {
                let top = open.count - 1
                if tree.kind(tree.parent(i)!) == .object {
                    let k = tree.key(i) ?? ""
                    let occurrence = open[top].seen[k, default: 0]
                    open[top].seen[k] = occurrence + 1
                    name = label(key: k, occurrence: occurrence)
                } else {
                    name = "[\(open[top].printed)]"
                }
                open[top].printed += 1
            }
            if depth > 0 {
                out.append(contentsOf: spaces[0..<(max(0, min(depth, maxIndentDepth) * indent))])
                if depth > maxIndentDepth { out.append(contentsOf: "(depth \(depth)) ".utf8) }
            }
            appendLine(tree, i, label: name, to: &out)
            out.append(0x0A)
            if tree.isContainer(i) { open.append((tree.subtreeEnd(i), [:], 0)) }
            if out.count >= chunkSize {
                sink(out)
                out.removeAll(keepingCapacity: true)
            }
            i += 1
        }
        if !out.isEmpty { sink(out) }
    }

    /// One node's line without indentation: `name: "x"`, `items [] 3`, `[2]: null`.
    public func line(_ tree: Tree, _ i: Tree.Index) -> String {
        var out: [UInt8] = []
        appendLine(tree, i, label: topLabel(tree, i), to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The label of a node found on its own (slower than while printing: it counts earlier siblings).
    func topLabel(_ tree: Tree, _ i: Tree.Index) -> String {
        var name = "$"
        if let p = tree.parent(i) {
            if tree.kind(p) == .object {
                let k = tree.key(i) ?? ""
                var occurrence = 0
                for s in tree.children(p) {
                    if s == i { break }
                    if tree.key(s) == k { occurrence += 1 }
                }
                name = label(key: k, occurrence: occurrence)
            } else {
                name = "[\(tree.siblingIndex(i))]"
            }
        }
        return name
    }

    /// What a member is called on its line: `name`, `"odd key"`, `book#1`.
    func label(key: String, occurrence: Int) -> String {
        let shown = TreePrinter.needsQuotes(key) ? JSONString.quote(key) : key
        return occurrence > 0 ? shown + "#\(occurrence)" : shown
    }

    private func appendLine(_ tree: Tree, _ i: Tree.Index, label: String, to out: inout [UInt8]) {
        out.append(contentsOf: label.utf8)
        switch tree.kind(i) {
        case .object, .array:
            out.append(contentsOf: (tree.kind(i) == .object ? " {} " : " [] ").utf8)
            out.append(contentsOf: String(tree.childCount(i)).utf8)
        case .string:
            out.append(contentsOf: ": ".utf8)
            var s = tree.string(i) ?? ""
            if let limit = maxStringLength, s.count > limit { s = String(s.prefix(max(0, limit - 1))) + "…" }
            out.append(contentsOf: JSONString.quote(s).utf8)
        default:
            out.append(contentsOf: ": ".utf8)
            out.append(contentsOf: tree.scalarText(i).utf8)
        }
    }

    /// True when `key` would be misread unquoted.
    static func needsQuotes(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first else { return true }
        if first == "[" || first == "$" { return true }
        return key.unicodeScalars.contains {
            $0 == "\"" || $0 == "\\" || $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F
        }
    }
}
