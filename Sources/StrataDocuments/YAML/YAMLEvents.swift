import CYAML

/// A YAML stream read from libyaml's events into a small node graph: every node written in the source once, with
/// aliases still pointing at their anchored node (they are expanded, with a limit, by `YAMLTreeWriter`).
struct YAMLGraph {
    /// What a node is.
    enum Shape {
        /// A scalar, typed by the core schema, and its text as decoded (used when it is a key).
        case scalar(YAMLScalar.Typed, text: String)
        /// A mapping; its children alternate key, value.
        case mapping
        /// A sequence.
        case sequence
        /// An alias of node `target`.
        case alias(target: Int)
    }

    /// One node with its byte span.
    struct Node {
        var shape: Shape
        var start: Int
        var end: Int
        var children: [Int] = []
    }

    /// Every node, in the order the events came.
    var nodes: [Node] = []
    /// The root node of each document.
    var documents: [Int] = []

    /// Reads `bytes` into a graph, or throws the library's first error (with its position) or an alias error.
    ///
    /// Collections nested past `maxDepth` (plus one, for a stream of several documents) stop the reading there:
    /// libyaml's work per token grows with the depth of flow collections, so reading 40 000 levels before the tree
    /// writer refused them took 10 s.
    static func read(_ bytes: [UInt8], maxDepth: Int = 10_000) throws(YAMLFailure) -> YAMLGraph {
        var graph = YAMLGraph()
        var failure: YAMLFailure? = nil
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                do throws(YAMLFailure) {
                    try graph.read(chars, bytes: bytes, maxDepth: maxDepth)
                } catch {
                    failure = error
                }
            }
        }
        if let failure { throw failure }
        return graph
    }

    private mutating func read(_ chars: UnsafeBufferPointer<CChar>, bytes: [UInt8], maxDepth: Int) throws(YAMLFailure) {
        // An empty buffer has no base address; the parser needs one.
        let empty: [CChar] = [0]
        let parser = empty.withUnsafeBufferPointer { e in
            strata_yaml_open(chars.baseAddress ?? e.baseAddress!, chars.count)
        }
        guard let parser else { throw YAMLFailure(message: "out of memory starting the YAML parser") }
        defer { strata_yaml_close(parser) }
        var anchors: [String: Int] = [:]
        var open: [Int] = []
        /// Collections whose anchor is registered only when they close, so an alias inside cannot refer to them.
        var pendingAnchors: [Int: String] = [:]
        var event = strata_yaml_event()
        while strata_yaml_next(parser, &event) != 0 {
            let start = event.start
            let end = max(event.end, event.start)
            switch Int(event.kind) {
            case Int(STRATA_YAML_SCALAR):
                let text = YAMLGraph.text(event.value, event.value_length)
                let tag = event.tag.map { _ in YAMLGraph.text(event.tag, event.tag_length) }
                // A scalar's span is its own text: libyaml's starts at its properties (anchor, tag) when it has any.
                let textStart =
                    event.anchor == nil && event.tag == nil
                    ? start : YAMLGraph.afterProperties(bytes, from: start, to: end)
                let typed: YAMLScalar.Typed
                do throws(YAMLFailure) {
                    typed = try YAMLScalar.resolve(text, plain: event.plain != 0, tag: tag)
                } catch {
                    throw YAMLFailure(message: error.message, offset: textStart)
                }
                let i = add(Node(shape: .scalar(typed, text: text), start: textStart, end: end), to: open)
                if let a = event.anchor { anchors[YAMLGraph.text(a, event.anchor_length)] = i }
            case Int(STRATA_YAML_MAPPING_START), Int(STRATA_YAML_SEQUENCE_START):
                guard open.count <= maxDepth + 1 else {
                    throw YAMLFailure(message: "nesting deeper than \(maxDepth) levels", offset: start)
                }
                let mapping = Int(event.kind) == Int(STRATA_YAML_MAPPING_START)
                let i = add(Node(shape: mapping ? .mapping : .sequence, start: start, end: end), to: open)
                if let a = event.anchor { pendingAnchors[i] = YAMLGraph.text(a, event.anchor_length) }
                open.append(i)
            case Int(STRATA_YAML_MAPPING_END), Int(STRATA_YAML_SEQUENCE_END):
                let i = open.removeLast()
                // A flow collection ends at its bracket; a block one at the end of its last entry.
                let last = nodes[i].children.last.map { nodes[$0].end } ?? nodes[i].end
                nodes[i].end = end > start ? end : max(last, nodes[i].end)
                if let a = pendingAnchors.removeValue(forKey: i) { anchors[a] = i }
            case Int(STRATA_YAML_ALIAS):
                let name = YAMLGraph.text(event.anchor, event.anchor_length)
                guard let target = anchors[name] else {
                    let recursive = pendingAnchors.values.contains(name)
                    throw YAMLFailure(
                        message: recursive
                            ? "alias *\(name) refers to a node that contains it" : "alias *\(name) names no anchor",
                        offset: start)
                }
                _ = add(Node(shape: .alias(target: target), start: start, end: end), to: open)
            case Int(STRATA_YAML_DOCUMENT_START):
                anchors = [:]  // anchors do not carry from one document to the next
            default:
                break
            }
        }
        var message: UnsafePointer<CChar>? = nil
        var line: Int32 = 0
        var column: Int32 = 0
        var offset = 0
        if strata_yaml_error(parser, &message, &line, &column, &offset) != 0 {
            let text = message.map { String(cString: $0) } ?? "invalid YAML"
            if offset != Int(bitPattern: UInt(bitPattern: -1)), offset <= bytes.count {
                throw YAMLFailure(message: text, offset: offset)
            }
            let at = TextPosition.offset(line: max(1, Int(line)), column: max(1, Int(column)), in: bytes)
            throw YAMLFailure(message: text, offset: at)
        }
    }

    /// Appends `node` as a child of the innermost open collection, or as a document root.
    private mutating func add(_ node: Node, to open: [Int]) -> Int {
        nodes.append(node)
        let i = nodes.count - 1
        if let parent = open.last { nodes[parent].children.append(i) } else { documents.append(i) }
        return i
    }

    /// Where a node's content starts after its properties (`&anchor`, `!tag`) and the blanks, line breaks and
    /// comments between them, from `start`, never past `end`.
    static func afterProperties(_ bytes: [UInt8], from start: Int, to end: Int) -> Int {
        var i = start
        while i < end {
            switch bytes[i] {
            case UInt8(ascii: "&"), UInt8(ascii: "!"):
                while i < end, ![0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
            case 0x20, 0x09, 0x0A, 0x0D:
                i += 1
            case UInt8(ascii: "#"):
                while i < end, bytes[i] != 0x0A { i += 1 }
            default:
                return i
            }
        }
        return end
    }

    private static func text(_ pointer: UnsafePointer<CChar>?, _ length: Int) -> String {
        guard let pointer, length > 0 else { return "" }
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }
}
