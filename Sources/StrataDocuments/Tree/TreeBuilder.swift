/// Builds a `Tree` for formats whose keys and values are not literal JSON in the source (XML, plists, forms).
///
/// Call `beginContainer` / `endContainer` around children and `scalar` for leaves, in document order; keys
/// are given for members of objects. Spans are byte ranges in `source`.
public struct TreeBuilder: Sendable {
    private let source: [UInt8]
    private let format: Tree.Format
    private let flagDuplicates: Bool
    private var nodes: [RawNode] = []
    /// The parents of the containers, in document order, and a bit per node set for containers.
    private var parents: [UInt32] = []
    private var containerBits: [UInt64] = []
    private var side = SideTable()
    /// The open containers' node indices, innermost last.
    private var open: [Int] = []

    /// Creates a builder; `flagDuplicates` marks object members that share a key (off for XML's repeated elements).
    public init(source: [UInt8], format: Tree.Format, flagDuplicates: Bool = true) {
        self.source = source
        self.format = format
        self.flagDuplicates = flagDuplicates
    }

    /// The number of nodes added so far; the index the next node will get.
    public var count: Int { nodes.count }

    /// Opens an object or array member; `key` is its name when the enclosing container is an object.
    public mutating func beginContainer(_ kind: NodeKind, key: String? = nil, start: Int) {
        precondition(kind.isContainer, "beginContainer takes .object or .array")
        let i = nodes.count
        parents.append(open.last.map { UInt32($0) } ?? RawNode.noParent)
        add(kind, key: key, value: nil, start: start, end: start, flag: false)
        containerBits[i >> 6] |= 1 << UInt64(i & 63)
        open.append(i)
    }

    /// Closes the innermost open container; `end` is the byte offset just past it.
    public mutating func endContainer(end: Int) {
        let i = open.removeLast()
        nodes[i].close(at: UInt32(nodes.count))
        side.ends[i] = UInt32(clamping: end)
    }

    /// Adds a leaf. `value` is the decoded text for strings and the literal for numbers; `bool` is a bool's value.
    public mutating func scalar(
        _ kind: NodeKind, key: String? = nil, value: String? = nil, bool: Bool = false, start: Int, end: Int
    ) {
        precondition(!kind.isContainer, "scalar takes a leaf kind")
        add(kind, key: key, value: value, start: start, end: end, flag: kind == .bool && bool)
    }

    /// Sets the end of the innermost open container's most recent child span, for parsers that learn it late.
    public mutating func setEnd(_ end: Int, of index: Int) { side.ends[index] = UInt32(clamping: end) }

    /// Replaces the value of an existing node, e.g. to turn a text-only element into a string.
    public mutating func setValue(_ value: String?, of index: Int) { side.values[index] = value }

    /// Finishes the tree, closing any container left open at the end of the source.
    public mutating func build() -> Tree {
        while !open.isEmpty { endContainer(end: source.count) }
        if flagDuplicates { markDuplicates() }
        return Tree(
            source: source, format: format, nodes: nodes,
            containers: ContainerTable(parents: parents, bits: containerBits), side: side)
    }

    private mutating func add(_ kind: NodeKind, key: String?, value: String?, start: Int, end: Int, flag: Bool) {
        // A container's link holds its subtree end, set when it closes; a scalar's holds its parent.
        let parent = kind.isContainer ? 0 : open.last.map { UInt32($0) } ?? RawNode.noParent
        if nodes.count & 63 == 0 { containerBits.append(0) }
        nodes.append(RawNode(start: UInt32(clamping: start), parent: parent, kind: kind, flag: flag))
        side.ends.append(UInt32(clamping: end))
        side.keys.append(key)
        side.values.append(value)
    }

    private mutating func markDuplicates() {
        for i in nodes.indices where nodes[i].kind == .object {
            var seen: [String: Int] = [:]
            var c = i + 1
            let end = nodes[i].subtreeEnd(at: i)
            while c < end {
                if let k = side.keys[c] {
                    if let first = seen[k] {
                        nodes[first].markDuplicate()
                        nodes[c].markDuplicate()
                    } else {
                        seen[k] = c
                    }
                }
                c = nodes[c].subtreeEnd(at: c)
            }
        }
    }
}
