import Foundation
import StrataDocuments

/// The mapped values of one result, stored compactly: 12 bytes a value, no reference counting per value.
///
/// Each value is one plain record (kind, a 32-bit payload, name, source, severity; a container's end is its
/// payload). Only containers keep their parent, beside the records: a leaf's parent is the innermost container
/// before it that has not ended there. Names and class names are indexes into one interned table, and an object's
/// name and class name are one interned pair; strings and numbers read straight from a JSON source are not copied
/// but read from the parsed tree when asked for; a payload that needs 64 bits (a date, a converted double, an int
/// past 32 bits) sits in a side list, and so do the rare ones (converted decimals, URLs, unresolved links).
/// Reading `values[i]` builds a ``MappedValue``; the accessors (`parent(_:)`, `end(_:)`, …) read one field without
/// it.
public struct MappedValues: RandomAccessCollection, Sendable {
    /// One value's fields, as stored in 12 bytes: the payload, the source with the kind in its top five bits, and
    /// the name with the severity and a flag saying the payload is in ``MappedValues/wide``.
    ///
    /// A value with no descendants ends right after itself, so only a container keeps its end, as its payload.
    struct Record {
        /// The payload itself, a container's end, or the position of a 64-bit payload in ``MappedValues/wide``.
        private(set) var small: UInt32
        private var sourceAndKind: UInt32
        private var nameAndFlags: UInt32

        private static let sourceMask: UInt32 = (1 << 27) - 1
        private static let nameMask: UInt32 = (1 << 28) - 1
        private static let wideBit: UInt32 = 1 << 30

        /// A record whose payload is `small`, itself or (when `wide`) the position of the real one.
        init(small: UInt32, wide: Bool, source: Int32, name: Int32, kind: Kind) {
            self.small = small
            sourceAndKind = UInt32(kind.rawValue) << 27 | (UInt32(bitPattern: source) & Record.sourceMask)
            nameAndFlags = (UInt32(bitPattern: name) & Record.nameMask) | (wide ? Record.wideBit : 0)
        }

        /// True when ``small`` is the position of the payload in ``MappedValues/wide``.
        var isWide: Bool { nameAndFlags & Record.wideBit != 0 }

        /// True for objects, arrays and dictionaries (kinds 0 to 2), whose payload is their end.
        @inline(__always)
        var isContainer: Bool { sourceAndKind >> 27 <= 2 }

        /// The index after a container's last descendant; nil for a leaf.
        @inline(__always)
        var containerEnd: Int32? { isContainer ? Int32(bitPattern: small) : nil }

        /// Sets a container's end and returns true; a leaf keeps no end and returns false.
        @inline(__always)
        mutating func setContainerEnd(_ end: Int32) -> Bool {
            guard isContainer else { return false }
            small = UInt32(bitPattern: end)
            return true
        }

        /// The source node, or -1 (a node index fits in 27 bits: `Tree.maxNodes` is below 2^27 - 1).
        var source: Int32 {
            let s = sourceAndKind & Record.sourceMask
            return s == Record.sourceMask ? -1 : Int32(s)
        }

        /// The weight of the most serious issue on the value (0 to 3).
        var severity: UInt8 {
            get { UInt8((nameAndFlags >> 28) & 3) }
            set { nameAndFlags = (nameAndFlags & ~(3 << 28)) | UInt32(newValue & 3) << 28 }
        }

        /// The interned name, or `noName`; an object's is its label's position in ``MappedValues/objectLabels``
        /// (names fit in 28 bits: there are fewer than nodes).
        var name: Int32 {
            let n = nameAndFlags & Record.nameMask
            return n == Record.nameMask ? MappedValues.noName : Int32(n)
        }

        /// What the payload means.
        var kind: Kind { Kind(rawValue: UInt8(sourceAndKind >> 27))! }
    }

    /// What a record's payload means.
    enum Kind: UInt8 {
        case object, array, dictionary, ownString, sourceString, int, double, bool, date, raw, null, missing, invalid
        case reference, other
        /// A decimal read from a JSON number node (the payload): its value and digits are read again when asked for,
        /// so the common decimal costs its record and nothing more.
        case sourceDecimal
        /// A double read from a JSON number node (the payload) as it reads exactly: read again when asked for.
        case sourceDouble
    }

    /// The record of a name that is absent (array elements and the root).
    static let noName: Int32 = -1

    private(set) var records: [Record] = []
    /// Names and class names; records refer to them by position.
    var names: [String] { table.names }
    private var table: InternedNames
    private var strings: [String] = []
    private var others: [MappedValue.Content] = []
    /// The payloads that need more than 32 bits (dates, converted doubles, large or negative ints), by position.
    private var wide: [UInt64] = []
    /// The name and class name of objects, each pair once; an object's record names its pair here.
    private var objectLabels: [(name: Int32, className: Int32)] = []
    /// The position of each pair in `objectLabels`, by `name << 32 | className`.
    private var objectLabelNumbers: [UInt64: Int32] = [:]
    /// The ends of the values that hold no container but were given descendants before they became a leaf (none
    /// in practice: a container made invalid is ended at once).
    private var leafEnds: [Int32: Int32] = [:]
    /// The parsed tree that `sourceString` records read from.
    private let tree: Tree
    /// The values appended as containers, ascending.
    private var branches: [Int32] = []
    /// For each of `branches`, the position in `branches` of the container open when it was appended (-1: none):
    /// its parent, unless `parentsAside` has another.
    private var branchParents: [Int32] = []
    /// The containers appended and not yet ended, innermost last: each as a value and its position in `branches`.
    private var open: [(value: Int32, branch: Int32)] = []
    /// The parents that are not the container open when their value was appended (a mapping run makes none).
    private var parentsAside: [Int32: Int32] = [:]

    /// Values over `tree`, with `names` interned from the start (a compiled mapping's property and class names).
    init(tree: Tree, names: [String]) {
        self.tree = tree
        self.table = InternedNames(names)
    }

    /// The root's position: 0.
    public var startIndex: Int { 0 }
    /// The number of values.
    public var endIndex: Int { records.count }

    /// Value `i`, built from its record.
    public subscript(i: Int) -> MappedValue {
        let r = records[i]
        return MappedValue(
            id: i, name: nameNumber(r) < 0 ? nil : table[Int(nameNumber(r))], content: content(r),
            parent: Int32(truncatingIfNeeded: parent(i) ?? -1),
            end: Int32(truncatingIfNeeded: end(i)), source: r.source, severity: MappedValues.severity(r.severity))
    }

    // MARK: Reading one field

    /// The parent of value `i`, or nil for the root.
    public func parent(_ i: Int) -> Int? {
        precondition(i >= 0 && i < records.count, "value \(i) of \(records.count)")
        if !parentsAside.isEmpty, let p = parentsAside[Int32(truncatingIfNeeded: i)] { return p < 0 ? nil : Int(p) }
        // The last container appended at or before `i`.
        var low = 0
        var high = branches.count
        while low < high {
            let mid = (low + high) / 2
            if Int(branches[mid]) <= i { low = mid + 1 } else { high = mid }
        }
        var k = low - 1
        if k >= 0, Int(branches[k]) == i {
            k = Int(branchParents[k])
        } else {
            // A leaf: out of the containers that ended before it, to the innermost one still open there.
            while k >= 0, end(Int(branches[k])) <= i { k = Int(branchParents[k]) }
        }
        return k < 0 ? nil : Int(branches[k])
    }

    /// The index after value `i`'s last descendant.
    @inline(__always)
    public func end(_ i: Int) -> Int {
        if let end = records[i].containerEnd { return Int(end) }
        return leafEnds.isEmpty ? i + 1 : leafEnd(i)
    }

    /// The end of leaf `i` when it was given descendants before it became a leaf; else the next index.
    private func leafEnd(_ i: Int) -> Int {
        leafEnds[Int32(truncatingIfNeeded: i)].map { Int($0) } ?? i + 1
    }

    /// The parsed node value `i` was read from, if any.
    public func source(_ i: Int) -> Tree.Index? {
        let s = records[i].source
        return s < 0 ? nil : Int(s)
    }

    /// The most serious issue about value `i` itself, if any.
    public func severity(_ i: Int) -> MappingIssue.Severity? { MappedValues.severity(records[i].severity) }

    /// The property name or dictionary key of value `i`.
    public func name(_ i: Int) -> String? {
        let n = nameNumber(records[i])
        return n < 0 ? nil : table[Int(n)]
    }

    /// The interned position of value `i`'s name in ``names``, or nil when it has none.
    func nameID(_ i: Int) -> Int? {
        let n = nameNumber(records[i])
        return n < 0 ? nil : Int(n)
    }

    /// The interned name of record `r` (an object's is in its label), or `noName`.
    @inline(__always)
    private func nameNumber(_ r: Record) -> Int32 {
        r.kind == .object ? objectLabels[Int(r.name)].name : r.name
    }

    /// The interned class name of object record `r`.
    private func classNumber(_ r: Record) -> Int32 { objectLabels[Int(r.name)].className }

    /// The payload of leaf record `r`, from the side list when it needs 64 bits.
    @inline(__always)
    private func payload(_ r: Record) -> UInt64 { r.isWide ? wide[Int(r.small)] : UInt64(r.small) }

    /// The interned position of object value `i`'s class name in ``names``.
    func classNameID(_ i: Int) -> Int? { records[i].kind == .object ? Int(classNumber(records[i])) : nil }

    /// What value `i`'s payload means.
    func kind(_ i: Int) -> Kind { records[i].kind }

    /// The string node that string value `i` reads its text from, when it is read from the parsed tree.
    func stringSource(_ i: Int) -> Tree.Index? {
        records[i].kind == .sourceString ? Int(records[i].small) : nil
    }

    /// True when value `i` is an array.
    public func isArray(_ i: Int) -> Bool { records[i].kind == .array }

    /// The class name of object value `i`.
    public func className(_ i: Int) -> String? {
        let r = records[i]
        return r.kind == .object ? table[Int(classNumber(r))] : nil
    }

    /// What value `i` holds.
    public func content(_ i: Int) -> MappedValue.Content { content(records[i]) }

    /// The target of reference value `i`.
    func reference(_ i: Int) -> Int? {
        let r = records[i]
        return r.kind == .reference ? Int(payload(r)) : nil
    }

    /// True when some value is (or was) a JSON:API reference.
    private(set) var hasReferences = false

    private func content(_ r: Record) -> MappedValue.Content {
        switch r.kind {
        case .object: .object(className: table[Int(classNumber(r))])
        case .array: .array
        case .dictionary: .dictionary
        case .ownString: .string(strings[Int(payload(r))])
        case .sourceString: .string(ScalarConversion.string(tree, Int(payload(r))))
        case .int: .int(Int(Int64(bitPattern: payload(r))))
        case .double: .double(Double(bitPattern: payload(r)))
        case .bool: .bool(payload(r) != 0)
        case .date: .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: payload(r))))
        case .raw: .raw
        case .null: .null
        case .missing: .missing
        case .invalid: .invalid
        case .reference: .reference(Int(payload(r)))
        case .other: others[Int(payload(r))]
        case .sourceDecimal: ScalarConversion.decimal(tree, Int(payload(r))) ?? .invalid
        case .sourceDouble: ScalarConversion.sourceDouble(tree, Int(payload(r))).map { .double($0) } ?? .invalid
        }
    }

    private static func severity(_ weight: UInt8) -> MappingIssue.Severity? {
        switch weight {
        case 3: .error
        case 2: .warning
        case 1: .info
        default: nil
        }
    }

    // MARK: Building

    /// Reserves room for `n` values.
    mutating func reserveCapacity(_ n: Int) { records.reserveCapacity(n) }

    /// The interned position of `name`.
    mutating func nameID(_ name: String?) -> Int32 {
        guard let name else { return MappedValues.noName }
        return table.number(name)
    }

    /// Appends a value with payload already encoded.
    @inline(__always)
    mutating func append(_ kind: Kind, _ payload: UInt64, name: Int32, parent: Int32, source: Int32) {
        let id = Int32(truncatingIfNeeded: records.count)
        if parent != open.last?.value ?? -1 { parentsAside[id] = parent }
        if kind.rawValue <= Kind.dictionary.rawValue {
            branchParents.append(open.last?.branch ?? -1)
            open.append((id, Int32(truncatingIfNeeded: branches.count)))
            branches.append(id)
        }
        records.append(record(kind, payload, end: id + 1, name: name, source: source))
    }

    /// The record of a value of `kind` with `payload` (an object's: its class name), ending at `end` when it is a
    /// container; a payload past 32 bits goes to the side list.
    @inline(__always)
    private mutating func record(_ kind: Kind, _ payload: UInt64, end: Int32, name: Int32, source: Int32) -> Record {
        if kind.rawValue <= Kind.dictionary.rawValue {
            let label = kind == .object ? objectLabel(name: name, className: Int32(truncatingIfNeeded: payload)) : name
            return Record(small: UInt32(bitPattern: end), wide: false, source: source, name: label, kind: kind)
        }
        if payload >> 32 == 0 {
            return Record(
                small: UInt32(truncatingIfNeeded: payload), wide: false, source: source, name: name, kind: kind)
        }
        wide.append(payload)
        return Record(
            small: UInt32(truncatingIfNeeded: wide.count - 1), wide: true, source: source, name: name, kind: kind)
    }

    /// The position in `objectLabels` of the pair `name` and `className`, added now when it is new.
    private mutating func objectLabel(name: Int32, className: Int32) -> Int32 {
        // A mapping has a handful of pairs, used in turn (a user, its address, the next user): a look along the
        // first few is cheaper than hashing.
        for (n, label) in objectLabels.prefix(8).enumerated() where label.name == name && label.className == className {
            return Int32(truncatingIfNeeded: n)
        }
        let key = UInt64(UInt32(bitPattern: name)) << 32 | UInt64(UInt32(bitPattern: className))
        if let known = objectLabelNumbers[key] { return known }
        let number = Int32(truncatingIfNeeded: objectLabels.count)
        objectLabels.append((name, className))
        objectLabelNumbers[key] = number
        return number
    }

    /// Appends a value holding `content`.
    mutating func append(_ content: MappedValue.Content, name: Int32, parent: Int32, source: Int32) {
        let (kind, payload) = encode(content)
        append(kind, payload, name: name, parent: parent, source: source)
    }

    /// Replaces what value `i` holds.
    mutating func setContent(_ content: MappedValue.Content, at i: Int) {
        let (kind, payload) = encode(content)
        let end = self.end(i)
        let old = records[i]
        records[i] = record(
            kind, payload, end: Int32(truncatingIfNeeded: end), name: nameNumber(old), source: old.source)
        records[i].severity = old.severity
        place(end, of: i)
    }

    /// Ends value `i` before value `end`: a container appended last of those open is closed.
    @inline(__always)
    mutating func setEnd(_ end: Int, of i: Int) {
        if let last = open.last, Int(last.value) == i { open.removeLast() }
        place(end, of: i)
    }

    /// Keeps `end` as the end of value `i`.
    @inline(__always)
    private mutating func place(_ end: Int, of i: Int) {
        if records[i].setContainerEnd(Int32(truncatingIfNeeded: end)) || end == i + 1 {
            if !leafEnds.isEmpty { leafEnds[Int32(truncatingIfNeeded: i)] = nil }
        } else {
            setLeafEnd(end, of: i)
        }
    }

    /// Keeps the end of leaf `i` that was given descendants before it became a leaf.
    @inline(never)
    private mutating func setLeafEnd(_ end: Int, of i: Int) {
        leafEnds[Int32(truncatingIfNeeded: i)] = Int32(truncatingIfNeeded: end)
    }

    /// Raises value `i`'s severity to `severity` when that is more serious.
    mutating func raise(_ severity: MappingIssue.Severity, at i: Int) {
        let w = UInt8(severity.weight)
        if w > records[i].severity { records[i].severity = w }
    }

    private mutating func encode(_ content: MappedValue.Content) -> (Kind, UInt64) {
        switch content {
        case .object(let className): return (.object, UInt64(nameID(className)))
        case .array: return (.array, 0)
        case .dictionary: return (.dictionary, 0)
        case .string(let s):
            strings.append(s)
            return (.ownString, UInt64(strings.count - 1))
        case .int(let i): return (.int, UInt64(bitPattern: Int64(i)))
        case .double(let d): return (.double, d.bitPattern)
        case .bool(let b): return (.bool, b ? 1 : 0)
        case .date(let d): return (.date, d.timeIntervalSinceReferenceDate.bitPattern)
        case .raw: return (.raw, 0)
        case .null: return (.null, 0)
        case .missing: return (.missing, 0)
        case .invalid: return (.invalid, 0)
        case .reference(let id):
            hasReferences = true
            return (.reference, UInt64(id))
        case .decimal, .url, .unresolved:
            others.append(content)
            return (.other, UInt64(others.count - 1))
        }
    }
}
