/// An ordered, lossless parse tree stored flat, with every node's byte range in the raw body.
///
/// Nodes are numbered in document (pre-)order: node 0 is the root, a container's children follow it, and
/// `subtreeEnd(of:)` is the index just past its last descendant. Each node costs 8 bytes: its start offset, and
/// beside kind and flags a scalar's parent or a container's subtree end (a scalar's subtree ends after itself). A
/// container's parent sits in a table of containers, 4 bytes each, found by its rank among the nodes (a bit per
/// node). Everything else (a scalar's end, a container's closing bracket, a JSON member's key) is recovered from
/// the raw bytes on demand, so a 100 MB document stays cheap to hold and walk.
///
/// Formats whose keys and values are not literally in the source (XML attributes, form fields, property lists)
/// carry a side table with explicit ends, keys and decoded values.
public struct Tree: Sendable {
    /// A node's position in document order; `Tree.root` is 0.
    public typealias Index = Int

    /// The index of the root node.
    public static let root: Index = 0

    /// The raw bytes the tree was parsed from.
    public let source: [UInt8]

    /// The format that produced the tree; `format.name` is its name for people (`json`, `xml`, `csv`).
    public let format: Format

    @usableFromInline package var nodes: [RawNode]
    @usableFromInline var containers: ContainerTable
    @usableFromInline package var side: SideTable?

    /// Creates a tree from its parts; parsers use this, or `TreeBuilder` for formats with synthesized keys.
    init(source: [UInt8], format: Format, nodes: [RawNode], containers: ContainerTable, side: SideTable?) {
        self.source = source
        self.format = format
        self.nodes = nodes
        self.containers = containers
        self.side = side
    }

    /// The number of nodes.
    @inlinable public var count: Int { nodes.count }

    /// All node indices in document order.
    @inlinable public var indices: Range<Int> { 0..<nodes.count }

    /// The kind of node `i`.
    @inlinable public func kind(_ i: Index) -> NodeKind { nodes[i].kind }

    /// True when `i` is an object member whose key also names another member of the same object.
    @inlinable public func isDuplicateKey(_ i: Index) -> Bool { nodes[i].isDuplicate }

    /// True when `i` is an object or an array.
    @inlinable public func isContainer(_ i: Index) -> Bool { nodes[i].isContainer }
}

extension Tree {
    /// The format a tree was parsed from: one case per built-in parser, `custom` for the rest.
    public enum Format: Hashable, Sendable, CustomStringConvertible {
        /// JSON (RFC 8259).
        case json
        /// XML.
        case xml
        /// An XML or binary property list.
        case plist
        /// YAML (1.2, core schema).
        case yaml
        /// An `application/x-www-form-urlencoded` body.
        case form
        /// Plain text, one node per line.
        case text
        /// Bytes shown as a hex view.
        case binary
        /// A format read by a parser outside Strata (`csv`), by name. Use `Format(name:)` for a name that may be
        /// a built-in one, so `json` is always `.json`.
        case custom(String)

        /// The format called `name`: a built-in case when one has that name, else `custom(name)`.
        public init(name: String) {
            switch name {
            case "json": self = .json
            case "xml": self = .xml
            case "plist": self = .plist
            case "yaml": self = .yaml
            case "form": self = .form
            case "text": self = .text
            case "binary": self = .binary
            default: self = .custom(name)
            }
        }

        /// The name shown to people and used by parsers: `json`, `xml`, `plist`, `yaml`, `form`, `text`, `binary`, or a
        /// custom format's name.
        public var name: String {
            switch self {
            case .json: "json"
            case .xml: "xml"
            case .plist: "plist"
            case .yaml: "yaml"
            case .form: "form"
            case .text: "text"
            case .binary: "binary"
            case .custom(let name): name
            }
        }

        /// The format's name.
        public var description: String { name }

        /// True when scalars carry their type in the source (JSON, property lists, YAML), so a string `"42"` is not
        /// a number; other formats hold only text.
        public var hasTypedScalars: Bool { self == .json || self == .plist || self == .yaml }
    }
}

/// The kind of a tree node.
public enum NodeKind: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    /// The containers, then the scalar kinds.
    case object = 0, array, string, number, bool, null

    /// True for objects and arrays.
    @inlinable public var isContainer: Bool { self == .object || self == .array }

    /// The name shown to people: `object`, `array`, `string`, `number`, `bool`, `null`.
    public var description: String {
        switch self {
        case .object: "object"
        case .array: "array"
        case .string: "string"
        case .number: "number"
        case .bool: "bool"
        case .null: "null"
        }
    }
}

/// One stored node: 8 bytes.
@usableFromInline package struct RawNode: Sendable {
    /// Byte offset where the node's value starts.
    @usableFromInline package var start: UInt32
    /// In the low 27 bits a scalar's parent (`noParent` for a scalar root) or a container's subtree end; kind in
    /// bits 27...29, duplicate-key flag in bit 30, `true` flag in bit 31.
    @usableFromInline var link: UInt32

    @usableFromInline static let parentMask: UInt32 = (1 << 27) - 1
    /// The parent stored for a root.
    @usableFromInline static let noParent: UInt32 = parentMask
    /// The bit of `link` that flags a duplicate key.
    @usableFromInline static let duplicateBit: UInt32 = 1 << 30
    /// The largest number of nodes a tree can hold (a container's subtree end must fit beside its kind).
    public static let maxNodes = Int(parentMask) - 1

    @inlinable init(start: UInt32, parent: UInt32, kind: NodeKind, flag: Bool = false) {
        self.start = start
        self.link = parent | (UInt32(kind.rawValue) << 27) | (flag ? 1 << 31 : 0)
    }

    /// Creates a node from an already packed `link`.
    @inlinable init(start: UInt32, link: UInt32) {
        self.start = start
        self.link = link
    }

    /// A scalar's parent or a container's subtree end.
    @inlinable var low: Int { Int(link & RawNode.parentMask) }
    /// The index just past the last descendant of this node, which is node `i`: itself plus one for a scalar.
    @inlinable package func subtreeEnd(at i: Int) -> Int { isContainer ? low : i &+ 1 }
    @inlinable var kind: NodeKind { NodeKind(rawValue: UInt8((link >> 27) & 7))! }
    /// True for objects and arrays (kinds 0 and 1).
    @inlinable var isContainer: Bool { (link >> 27) & 6 == 0 }
    @inlinable var isDuplicate: Bool { link & RawNode.duplicateBit != 0 }
    /// For `.bool` nodes: the value.
    @inlinable var boolFlag: Bool { link & (1 << 31) != 0 }
    @inlinable mutating func markDuplicate() { link |= RawNode.duplicateBit }
    /// Sets a container's subtree end, which was written as 0 when it opened.
    @inlinable mutating func close(at next: UInt32) { link |= next }
}

/// The parents of a tree's objects and arrays, in document order, each found by its container's rank: 4 bytes a
/// container, plus a bit and a sixteenth of a rank a node.
@usableFromInline struct ContainerTable: Sendable {
    /// Each container's parent node index (`RawNode.noParent` for the root), in document order.
    @usableFromInline let parents: [UInt32]
    /// One bit per node, set for the objects and arrays.
    @usableFromInline let bits: [UInt64]
    /// The number of containers before each word of `bits`.
    @usableFromInline let ranks: [UInt32]

    /// A table over `parents` and the container bits of a tree's nodes.
    init(parents: [UInt32], bits: [UInt64]) {
        self.parents = parents
        self.bits = bits
        var ranks = [UInt32]()
        ranks.reserveCapacity(bits.count)
        var total: UInt32 = 0
        for word in bits {
            ranks.append(total)
            total &+= UInt32(word.nonzeroBitCount)
        }
        self.ranks = ranks
    }

    /// The parent of container `i`, as stored (`RawNode.noParent` for the root).
    @inlinable func parent(ofContainer i: Int) -> UInt32 {
        let word = i &>> 6
        let below = bits[word] & ((1 &<< UInt64(i & 63)) &- 1)
        return parents[Int(ranks[word]) &+ below.nonzeroBitCount]
    }
}

/// Explicit ends, keys and decoded values for trees whose text is not literally in the source.
@usableFromInline package struct SideTable: Sendable {
    @usableFromInline var ends: [UInt32] = []
    @usableFromInline var keys: [String?] = []
    @usableFromInline var values: [String?] = []
}
