/// Where each distinct item of a list first appears, by a 64-bit hash of the item and an equality the caller
/// supplies: the table holds positions, never the items.
///
/// Open addressing with linear probing over 8-byte slots, each holding 32 bits of the hash and the position, kept
/// at most half full: a lookup touches one cache line in the usual case, and 100 000 items take 2 MB. Callers hash
/// with Swift's `Hasher`, seeded per process, so an input cannot choose items that collide. Header names
/// (`HeaderNameIndex`) and the keys of wide JSON objects (`JSONReader.markDuplicates`) are indexed with it.
package struct FirstPositionTable: Sendable {
    /// 0 when empty; otherwise the upper 32 bits of the item's hash, then its first position + 1.
    private var slots: [UInt64] = []
    /// How many slots are taken.
    private var used = 0

    /// Where an item was looked up: its first position when present, else the slot to claim for it.
    package struct Lookup {
        package var first: Int?
        var slot: Int
        var hash: UInt64
    }

    /// An empty table; `capacity` items fit before it grows.
    package init(capacity: Int = 0) {
        guard capacity > 0 else { return }
        var count = 16
        while count < capacity * 2 { count *= 2 }
        slots = [UInt64](repeating: 0, count: count)
    }

    /// True before the first slot is made (no capacity asked for, nothing reserved).
    var isEmpty: Bool { slots.isEmpty }

    /// Looks up the item with `hash`; `isSame(position)` tells whether the item at a position is the one sought.
    @inline(__always) package func lookup(hash: UInt64, isSame: (Int) -> Bool) -> Lookup {
        guard !slots.isEmpty else { return Lookup(first: nil, slot: -1, hash: hash) }
        let mask = slots.count - 1
        let tag = hash >> 32
        var i = Self.home(tag, mask: mask)
        while true {
            let slot = slots[i]
            if slot == 0 { return Lookup(first: nil, slot: i, hash: hash) }
            if slot >> 32 == tag {
                let position = Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) - 1
                if isSame(position) { return Lookup(first: position, slot: i, hash: hash) }
            }
            i = (i + 1) & mask
        }
    }

    /// Makes room for one more item, so a lookup made after this can be claimed.
    package mutating func reserveOne() {
        guard (used + 1) * 2 > slots.count else { return }
        // The slots are moved by their tags alone: no item is hashed again.
        let old = slots
        slots = [UInt64](repeating: 0, count: max(16, slots.count * 2))
        let mask = slots.count - 1
        for slot in old where slot != 0 {
            var i = Self.home(slot >> 32, mask: mask)
            while slots[i] != 0 { i = (i + 1) & mask }
            slots[i] = slot
        }
    }

    /// Records that `position` is the first of the item `lookup` missed (after `reserveOne`).
    package mutating func claim(_ lookup: Lookup, position: Int) {
        precondition(lookup.first == nil && lookup.slot >= 0 && position < Int(UInt32.max))
        slots[lookup.slot] = (lookup.hash >> 32) << 32 | UInt64(position + 1)
        used += 1
    }

    /// The slot where probing for an item with hash tag `tag` starts.
    private static func home(_ tag: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: (tag &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }
}
