/// Where each header name first appears among a list of fields, found by a hash of the name's bytes with ASCII
/// letters folded to lower case, so no lower-cased copy of a name is ever made.
///
/// Open addressing with linear probing over 8-byte slots, each holding 32 bits of the name's hash and the field's
/// position, kept at most half full: a lookup touches one cache line in the usual case, and 100 000 names take
/// 2 MB. The hash is Swift's `Hasher`, seeded per process, so a server cannot choose names that collide.
/// A name that has more than one field is counted in `repeats` (empty unless some name repeats).
struct HeaderNameIndex: Sendable {
    /// 0 when empty; otherwise the upper 32 bits of the name's hash, then the first field's position + 1.
    private var slots: [UInt64] = []
    /// How many slots are taken.
    private var used = 0
    /// For each name with more than one field: its first field's position → how many fields have it.
    private(set) var repeats: [Int: Int] = [:]

    /// Where a name was looked up: its first field's position when present, else the slot to claim for it.
    struct Lookup {
        var first: Int?
        var slot: Int
        var hash: UInt64
    }

    /// Looks `name` up among `fields`.
    func lookup(_ name: String, in fields: [HTTPHeaders.Field]) -> Lookup {
        let hash = Self.hash(name)
        guard !slots.isEmpty else { return Lookup(first: nil, slot: -1, hash: hash) }
        let mask = slots.count - 1
        let tag = hash >> 32
        var i = Self.home(tag, mask: mask)
        while true {
            let slot = slots[i]
            if slot == 0 { return Lookup(first: nil, slot: i, hash: hash) }
            if slot >> 32 == tag {
                let position = Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) - 1
                if Self.same(fields[position].name, name) { return Lookup(first: position, slot: i, hash: hash) }
            }
            i = (i + 1) & mask
        }
    }

    /// Makes room for one more name, so a lookup made after this can be claimed.
    mutating func reserveOne(in fields: [HTTPHeaders.Field]) {
        guard (used + 1) * 2 > slots.count else { return }
        // The slots are moved by their tags alone: no name is hashed again.
        let old = slots
        slots = [UInt64](repeating: 0, count: max(16, slots.count * 2))
        let mask = slots.count - 1
        for slot in old where slot != 0 {
            var i = Self.home(slot >> 32, mask: mask)
            while slots[i] != 0 { i = (i + 1) & mask }
            slots[i] = slot
        }
    }

    /// The slot where probing for a name with hash tag `tag` starts.
    private static func home(_ tag: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: (tag &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// Records that the field at `position` is the first with the name `lookup` missed (after `reserveOne`).
    mutating func claim(_ lookup: Lookup, position: Int) {
        precondition(lookup.first == nil && lookup.slot >= 0 && position < Int(UInt32.max))
        slots[lookup.slot] = (lookup.hash >> 32) << 32 | UInt64(position + 1)
        used += 1
    }

    /// Records one more field with the name whose first field is at `first`.
    mutating func repeated(_ first: Int) { repeats[first, default: 1] += 1 }

    /// Indexes `fields` afresh.
    mutating func rebuild(_ fields: [HTTPHeaders.Field]) {
        var capacity = 16
        while capacity < fields.count * 2 { capacity *= 2 }
        rebuild(fields, capacity: capacity)
    }

    private mutating func rebuild(_ fields: [HTTPHeaders.Field], capacity: Int) {
        slots = [UInt64](repeating: 0, count: capacity)
        used = 0
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
