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
        tree.source.withUnsafeBufferPointer { source in
            write(tree, source, from: node, chunkSize: chunkSize, to: sink)
        }
    }

    /// ``write(_:from:chunkSize:to:)`` with the tree's source bytes at hand, so that JSON text read as written is
    /// copied from them without a string a value.
    private func write(
        _ tree: Tree, _ source: UnsafeBufferPointer<UInt8>, from node: Tree.Index, chunkSize: Int,
        to sink: ([UInt8]) -> Void
    ) {
        var out: [UInt8] = []
        out.reserveCapacity(min(chunkSize, 1 << 16) + 256)
        // Open containers: subtree end, whether an object, how often each key that may repeat was seen, how many
        // children were printed.
        var open: [(end: Int, isObject: Bool, seen: [String: Int], printed: Int)] = []
        let spaces = [UInt8](repeating: UInt8(ascii: " "), count: max(0, maxIndentDepth * indent))
        let json = tree.isJSONBacked
        let end = tree.subtreeEnd(node)
        var i = node
        while i < end {
            while let top = open.last, i >= top.end { open.removeLast() }
            let depth = open.count
            if depth > 0 {
                spaces.withUnsafeBufferPointer {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<(min(depth, maxIndentDepth) * indent)]))
                }
                if depth > maxIndentDepth { out.append(contentsOf: "(depth \(depth)) ".utf8) }
            }
            if depth == 0 {
                out.append(contentsOf: topLabel(tree, i).utf8)
            } else {
                let top = open.count - 1
                if !open[top].isObject {
                    out.append(UInt8(ascii: "["))
                    ByteText.appendDecimal(open[top].printed, to: &out)
                    out.append(UInt8(ascii: "]"))
                } else if tree.mayRepeatKey(i) {
                    // Only keys that may repeat are counted: the others are unique among their siblings.
                    let k = tree.key(i) ?? ""
                    let occurrence = open[top].seen[k, default: 0]
                    open[top].seen[k] = occurrence + 1
                    out.append(contentsOf: label(key: k, occurrence: occurrence).utf8)
                } else if !json || !TreePrinter.appendPlainKey(before: tree.startOffset(i), in: source, to: &out) {
                    out.append(contentsOf: label(key: tree.key(i) ?? "", occurrence: 0).utf8)
                }
                open[top].printed += 1
            }
            appendLine(tree, i, json ? source : nil, to: &out)
            out.append(0x0A)
            if tree.isContainer(i) { open.append((tree.subtreeEnd(i), tree.kind(i) == .object, [:], 0)) }
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
        var out = Array(topLabel(tree, i).utf8)
        tree.source.withUnsafeBufferPointer { appendLine(tree, i, tree.isJSONBacked ? $0 : nil, to: &out) }
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

    /// Appends the key of the JSON member whose value starts at `start` as written, when its bytes are printable
    /// ASCII that needs no quotes (most keys); false, appending nothing, otherwise.
    @inline(__always)
    private static func appendPlainKey(
        before start: Int, in source: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]
    ) -> Bool {
        guard let r = Tree.rawKeyRange(source, before: start), r.count > 2 else { return false }
        let body = (r.lowerBound + 1)..<(r.upperBound - 1)
        let first = source[body.lowerBound]
        guard first != UInt8(ascii: "["), first != UInt8(ascii: "$") else { return false }
        for k in body {
            let c = source[k]
            // Printable ASCII but for the space, quotes and backslashes.
            if c <= 0x20 || c >= 0x7F || c == 0x22 || c == 0x5C { return false }
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: source[body]))
        return true
    }

    /// Appends what follows node `i`'s label on its line: ` {} 3`, `: "x"`, `: 12.50`; `json` is the source of a
    /// JSON-backed tree, whose strings and numbers are copied as written where they read so.
    private func appendLine(
        _ tree: Tree, _ i: Tree.Index, _ json: UnsafeBufferPointer<UInt8>?, to out: inout [UInt8]
    ) {
        let kind = tree.kind(i)
        switch kind {
        case .object, .array:
            out.append(contentsOf: (kind == .object ? " {} " : " [] ").utf8)
            ByteText.appendDecimal(tree.childCount(i), to: &out)
            return
        case .bool:
            out.append(contentsOf: (tree.bool(i)! ? ": true" : ": false").utf8)
            return
        case .null:
            out.append(contentsOf: ": null".utf8)
            return
        case .string, .number:
            out.append(contentsOf: ": ".utf8)
        }
        if let json {
            let start = tree.startOffset(i)
            if kind == .number {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: json[start..<Tree.numberEnd(json, from: start)]))
                return
            }
            if let end = Tree.plainLiteralEnd(json, from: start), maxStringLength.map({ end - start - 2 <= $0 }) ?? true
            {
                // Quoting the decoded text would give back these bytes.
                out.append(contentsOf: UnsafeBufferPointer(rebasing: json[start..<end]))
                return
            }
        }
        guard kind == .string else {
            out.append(contentsOf: tree.scalarText(i).utf8)
            return
        }
        var s = tree.string(i) ?? ""
        if let limit = maxStringLength, s.count > limit { s = String(s.prefix(max(0, limit - 1))) + "…" }
        out.append(contentsOf: JSONString.quote(s).utf8)
    }

    /// True when `key` would be misread unquoted.
    static func needsQuotes(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first else { return true }
        if key.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII: white space is the space and 0x09–0x0D, all below 0x21.
            return first == "[" || first == "$"
                || key.utf8.contains { $0 <= 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F }
        }
        if first == "[" || first == "$" { return true }
        return key.unicodeScalars.contains {
            $0 == "\"" || $0 == "\\" || $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F
        }
    }
}
