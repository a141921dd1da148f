import StrataDocuments

/// Where each header name first appears among a list of fields, found by a hash of the name's bytes with ASCII
/// letters folded to lower case, so no lower-cased copy of a name is ever made (a `FirstPositionTable`).
/// A name that has more than one field is counted in `repeats` (empty unless some name repeats).
struct HeaderNameIndex: Sendable {
    private var table = FirstPositionTable()
    /// For each name with more than one field: its first field's position → how many fields have it.
    private(set) var repeats: [Int: Int] = [:]

    typealias Lookup = FirstPositionTable.Lookup

    /// Looks `name` up among `fields`.
    func lookup(_ name: String, in fields: [HTTPHeaders.Field]) -> Lookup {
        table.lookup(hash: Self.hash(name)) { Self.same(fields[$0].name, name) }
    }

    /// Makes room for one more name, so a lookup made after this can be claimed.
    mutating func reserveOne() { table.reserveOne() }

    /// Records that the field at `position` is the first with the name `lookup` missed (after `reserveOne`).
    mutating func claim(_ lookup: Lookup, position: Int) { table.claim(lookup, position: position) }

    /// Records one more field with the name whose first field is at `first`.
    mutating func repeated(_ first: Int) { repeats[first, default: 1] += 1 }

    /// Indexes `fields` afresh.
    mutating func rebuild(_ fields: [HTTPHeaders.Field]) {
        table = FirstPositionTable(capacity: fields.count)
        repeats = [:]
        for (position, field) in fields.enumerated() {
            let found = lookup(field.name, in: fields)
            if let first = found.first { repeated(first) } else { claim(found, position: position) }
        }
    }

    /// The hash of `name` with ASCII letters folded to lower case, eight bytes at a time.
    static func hash(_ name: String) -> UInt64 {
        var hasher = Hasher()
        var name = name
        name.withUTF8 { bytes in
            var k = 0
            while k + 8 <= bytes.count {
                let word = UnsafeRawPointer(bytes.baseAddress! + k).loadUnaligned(as: UInt64.self)
                hasher.combine(folded(UInt64(littleEndian: word)))
                k += 8
            }
            var tail: UInt64 = 0
            for (shift, byte) in bytes[k...].enumerated() { tail |= UInt64(byte) << (8 * shift) }
            hasher.combine(folded(tail))
            hasher.combine(bytes.count)
        }
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }

    /// Eight bytes with each of `A`–`Z` turned into `a`–`z` (bytes of 0x80 and above left alone).
    static func folded(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let seven = word & (0x7F * ones)
        let atLeastA = seven &+ (0x80 - 0x41) * ones
        let pastZ = seven &+ (0x80 - 0x5B) * ones
        let upper = atLeastA & ~pastZ & ~word & (0x80 * ones)
        return word | upper >> 2
    }

    /// True when two names are equal ignoring the case of ASCII letters.
    static func same(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        let fast = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in
                for k in 0..<x.count where x[k] != y[k] && !sameLetter(x[k], y[k]) { return false }
                return true
            }
        }
        if let fast, let fast { return fast }
        for (x, y) in zip(a.utf8, b.utf8) where x != y && !sameLetter(x, y) { return false }
        return true
    }

    /// True when two different bytes are the same ASCII letter in different cases.
    private static func sameLetter(_ x: UInt8, _ y: UInt8) -> Bool {
        x | 0x20 == y | 0x20 && (0x61...0x7A).contains(x | 0x20)
    }
}
