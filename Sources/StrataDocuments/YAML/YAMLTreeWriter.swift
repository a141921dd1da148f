/// Writes a `YAMLGraph` into a `Tree`, expanding aliases within a limit.
///
/// Every alias is written out as a copy of its anchored node, each copied node spanning the alias (`*name`) in the
/// source so node starts keep document order. The nodes produced by aliases are counted; past `limit` the document
/// is refused, so a "billion laughs" stream (aliases of aliases doubling at each level) is an error, not an
/// out-of-memory.
struct YAMLTreeWriter {
    let graph: YAMLGraph
    let maxDepth: Int
    /// The most nodes aliases may produce.
    let limit: Int
    /// The length of the source, the end of a stream of several documents.
    let sourceCount: Int
    var builder: TreeBuilder
    var expanded = 0
    /// The start of the node written last: no node starts before it.
    var lastStart = 0
    /// How deep in collections used as keys `writeJSON` is.
    var keyNesting = 0
    /// The deepest a collection used as a key may nest (`? [[…]]: v`).
    static let maxKeyNesting = 100

    init(graph: YAMLGraph, source: [UInt8], maxDepth: Int, expansionLimit: Int) {
        self.graph = graph
        self.maxDepth = maxDepth
        self.limit = YAMLTreeWriter.limit(inputNodes: graph.nodes.count, cap: expansionLimit)
        self.sourceCount = source.count
        self.builder = TreeBuilder(source: source, format: .yaml)
    }

    /// The alias budget for a document of `inputNodes` nodes: ten times its size, at least 10 000, at most `cap`.
    static func limit(inputNodes: Int, cap: Int) -> Int { min(cap, max(10 * inputNodes, 10_000)) }

    /// Writes the stream: one document as itself, several as an array of documents, none as null.
    mutating func write() throws(YAMLFailure) -> Tree {
        let documents = graph.documents
        let total = sourceCount
        if documents.isEmpty {
            builder.scalar(.null, start: 0, end: 0)
        } else if documents.count == 1 {
            try emit(documents[0], key: nil, memberStart: nil, alias: nil, depth: 0)
        } else {
            builder.beginContainer(.array, start: 0)
            for d in documents { try emit(d, key: nil, memberStart: nil, alias: nil, depth: 1) }
            builder.endContainer(end: total)
        }
        return builder.build()
    }

    /// What is left to write, innermost last: `emit` keeps its own stack, so a document nested `maxDepth` levels
    /// deep needs no deeper call stack than a flat one (a debug build overflowed its stack at 3 000 levels).
    private enum Work {
        /// Node `i`, a member named `key` whose key starts at `memberStart` when in a mapping; `alias` is the span
        /// of the alias being expanded, if any.
        case node(Int, key: String?, memberStart: Int?, alias: Range<Int>?, depth: Int)
        /// A mapping member: its key node is read when the member's turn comes, then its value is written.
        case member(key: Int, value: Int, alias: Range<Int>?, depth: Int)
        /// The end of a container.
        case end(Int)
    }

    /// Writes node `i` (a member named `key` whose key starts at `memberStart`, when in a mapping); `alias` is the
    /// span of the alias being expanded, if any.
    private mutating func emit(
        _ i: Int, key: String?, memberStart: Int?, alias: Range<Int>?, depth: Int
    ) throws(YAMLFailure) {
        var work: [Work] = [.node(i, key: key, memberStart: memberStart, alias: alias, depth: depth)]
        while let next = work.popLast() {
            switch next {
            case .end(let end):
                builder.endContainer(end: end)
            case .member(let k, let value, let alias, let depth):
                let name = try keyText(k, alias: alias, depth: depth)
                let keyStart = alias == nil ? graph.nodes[k].start : nil
                work.append(.node(value, key: name, memberStart: keyStart, alias: alias, depth: depth))
            case .node(var i, let key, var memberStart, var alias, let depth):
                var node = graph.nodes[i]
                while case .alias(let target) = node.shape {
                    if alias == nil {
                        alias = node.start..<node.end
                    } else {
                        memberStart = nil
                    }
                    i = target
                    node = graph.nodes[i]
                }
                try open(node, key: key, memberStart: memberStart, alias: alias, depth: depth, work: &work)
            }
        }
    }

    /// Writes `node` (no alias): a scalar at once; a collection's start, with its children and its end put on
    /// `work` in reverse, so they are written in order.
    private mutating func open(
        _ node: YAMLGraph.Node, key: String?, memberStart: Int?, alias: Range<Int>?, depth: Int, work: inout [Work]
    ) throws(YAMLFailure) {
        guard depth <= maxDepth else {
            throw YAMLFailure(
                message: "nesting deeper than \(maxDepth) levels", offset: alias?.lowerBound ?? node.start)
        }
        if let alias {
            expanded += 1
            if expanded > limit {
                throw YAMLFailure(
                    message: "aliases expand to more than \(limit) nodes (the document writes \(graph.nodes.count));"
                        + " refusing to expand further", offset: alias.lowerBound)
            }
        }
        guard builder.count < RawNode.maxNodes else {
            throw YAMLFailure(message: "more than \(RawNode.maxNodes) nodes", offset: node.start)
        }
        // The parser marks an empty scalar (a missing key or value) where it noticed it, which can be before its
        // parent's first byte: starts are kept in document order, and every span ends at or after its start.
        let start = max(lastStart, alias?.lowerBound ?? memberStart ?? node.start)
        lastStart = start
        let end = max(start, alias?.upperBound ?? node.end)
        switch node.shape {
        case .scalar(let typed, _):
            builder.scalar(typed.kind, key: key, value: typed.text, bool: typed.bool, start: start, end: end)
        case .sequence:
            builder.beginContainer(.array, key: key, start: start)
            work.append(.end(end))
            for c in node.children.reversed() {
                work.append(.node(c, key: nil, memberStart: nil, alias: alias, depth: depth + 1))
            }
        case .mapping:
            builder.beginContainer(.object, key: key, start: start)
            work.append(.end(end))
            var c = node.children.count / 2 * 2 - 2
            while c >= 0 {
                work.append(.member(key: node.children[c], value: node.children[c + 1], alias: alias, depth: depth + 1))
                c -= 2
            }
        case .alias:
            break
        }
    }

    /// The text of a key: a scalar's text as written (decoded), a collection's compact JSON.
    private mutating func keyText(_ i: Int, alias: Range<Int>?, depth: Int) throws(YAMLFailure) -> String {
        var index = i
        var alias = alias
        if case .alias(let target) = graph.nodes[i].shape {
            alias = alias ?? graph.nodes[i].start..<graph.nodes[i].end
            index = target
        }
        if case .scalar(_, let text) = graph.nodes[index].shape { return text }
        var out = ""
        try writeJSON(index, alias: alias, depth: depth, into: &out)
        return out
    }

    /// Appends the compact JSON of node `i` (for collections used as keys), counting alias copies like `emit`.
    private mutating func writeJSON(_ i: Int, alias: Range<Int>?, depth: Int, into out: inout String)
        throws(YAMLFailure)
    {
        let node = graph.nodes[i]
        if case .alias(let target) = node.shape {
            try writeJSON(target, alias: alias ?? node.start..<node.end, depth: depth, into: &out)
            return
        }
        guard depth <= maxDepth else {
            throw YAMLFailure(message: "nesting deeper than \(maxDepth) levels", offset: node.start)
        }
        // A collection used as a key is written by recursion: its nesting has a bound of its own, far below what
        // the call stack holds.
        keyNesting += 1
        defer { keyNesting -= 1 }
        guard keyNesting <= YAMLTreeWriter.maxKeyNesting else {
            throw YAMLFailure(
                message: "a key nested deeper than \(YAMLTreeWriter.maxKeyNesting) levels", offset: node.start)
        }
        if let alias {
            expanded += 1
            if expanded > limit {
                throw YAMLFailure(
                    message: "aliases expand to more than \(limit) nodes (the document writes \(graph.nodes.count));"
                        + " refusing to expand further", offset: alias.lowerBound)
            }
        }
        switch node.shape {
        case .scalar(let typed, let text):
            switch typed.kind {
            case .string: out += JSONString.quote(text)
            case .number: out += Tree.isJSONNumber(typed.text ?? "") ? typed.text! : JSONString.quote(typed.text ?? "")
            case .bool: out += typed.bool ? "true" : "false"
            default: out += "null"
            }
        case .sequence:
            out += "["
            for (n, c) in node.children.enumerated() {
                if n > 0 { out += "," }
                try writeJSON(c, alias: alias, depth: depth + 1, into: &out)
            }
            out += "]"
        case .mapping:
            out += "{"
            var c = 0
            while c + 1 < node.children.count {
                if c > 0 { out += "," }
                out += JSONString.quote(try keyText(node.children[c], alias: alias, depth: depth + 1)) + ":"
                try writeJSON(node.children[c + 1], alias: alias, depth: depth + 1, into: &out)
                c += 2
            }
            out += "}"
        case .alias:
            break
        }
    }
}
