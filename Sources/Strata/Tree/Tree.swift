/// An ordered, lossless parse tree stored flat, with every node's byte range in the raw body.
///
/// Nodes are numbered in document (pre-)order: node 0 is the root, a container's children follow it, and
/// `subtreeEnd(of:)` is the index just past its last descendant. Each node costs 12 bytes (start offset,
/// subtree end, parent + kind + flags); everything else (a scalar's end, a container's closing bracket, a JSON
/// member's key) is recovered from the raw bytes on demand, so a 100 MB document stays cheap to hold and walk.
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

    @usableFromInline var nodes: [RawNode]
    @usableFromInline var side: SideTable?

    /// Creates a tree from its parts; parsers use this, or `TreeBuilder` for formats with synthesized keys.
    init(source: [UInt8], format: Format, nodes: [RawNode], side: SideTable?) {
        self.source = source
        self.format = format
        self.nodes = nodes
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
    @inlinable public func isContainer(_ i: Index) -> Bool { nodes[i].kind.isContainer }
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

/// One stored node: 12 bytes.
@usableFromInline struct RawNode: Sendable {
    /// Byte offset where the node's value starts.
    @usableFromInline var start: UInt32
    /// Index just past the node's last descendant (`index + 1` for scalars).
    @usableFromInline var next: UInt32
    /// Parent index in the low 27 bits, kind in bits 27...29, duplicate-key flag in bit 30, `true` flag in bit 31.
    @usableFromInline var link: UInt32

    @usableFromInline static let parentMask: UInt32 = (1 << 27) - 1
    /// The parent value stored for the root.
    @usableFromInline static let noParent: UInt32 = parentMask
    /// The bit of `link` that flags a duplicate key.
    @usableFromInline static let duplicateBit: UInt32 = 1 << 30
    /// The largest number of nodes a tree can hold.
    public static let maxNodes = Int(parentMask) - 1

    @inlinable init(start: UInt32, next: UInt32, parent: UInt32, kind: NodeKind, flag: Bool = false) {
        self.start = start
        self.next = next
        self.link = parent | (UInt32(kind.rawValue) << 27) | (flag ? 1 << 31 : 0)
    }

    /// Creates a node from an already packed `link`.
    @inlinable init(start: UInt32, next: UInt32, link: UInt32) {
        self.start = start
        self.next = next
        self.link = link
    }

    @inlinable var parent: UInt32 { link & RawNode.parentMask }
    @inlinable var kind: NodeKind { NodeKind(rawValue: UInt8((link >> 27) & 7))! }
    @inlinable var isDuplicate: Bool { link & RawNode.duplicateBit != 0 }
    /// For `.bool` nodes: the value.
    @inlinable var boolFlag: Bool { link & (1 << 31) != 0 }
    @inlinable mutating func markDuplicate() { link |= RawNode.duplicateBit }
}

/// Explicit ends, keys and decoded values for trees whose text is not literally in the source.
@usableFromInline struct SideTable: Sendable {
    @usableFromInline var ends: [UInt32] = []
    @usableFromInline var keys: [String?] = []
    @usableFromInline var values: [String?] = []
}
