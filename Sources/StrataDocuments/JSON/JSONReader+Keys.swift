import Foundation

/// Duplicate keys, key fingerprints and the remembered key lists (shapes) of repeated records.
extension JSONReader {
    /// A key of an open object.
    struct KeyEntry {
        /// A fingerprint of the key's text (decoded when it has escapes); equal keys have equal fingerprints.
        var fingerprint: UInt64
        var start: UInt32
        var end: UInt32
        var node: UInt32
        var escaped: Bool
    }

    /// The key lists of recently closed objects, one per context, so the next object in the same place (the next
    /// record of an array, say) confirms each key with two 8-byte compares instead of scanning it, and skips the
    /// duplicate check when all its keys match a list that had no duplicates.
    struct Shapes {
        static let slots = 64
        static let keysPerShape = 32
        /// Inputs smaller than this do not use shapes (the table would cost more than it saves).
        static let minimumInput = 1 << 16
        let keys: UnsafeMutablePointer<ShapeKey>
        let tags: UnsafeMutablePointer<UInt64>
        let counts: UnsafeMutablePointer<Int32>
        let generations: UnsafeMutablePointer<UInt32>

        /// An empty table.
        static func allocate() -> Shapes {
            let shapes = Shapes(
                keys: .allocate(capacity: slots * keysPerShape), tags: .allocate(capacity: slots),
                counts: .allocate(capacity: slots), generations: .allocate(capacity: slots))
            shapes.tags.initialize(repeating: 0, count: slots)
            shapes.counts.initialize(repeating: 0, count: slots)
            shapes.generations.initialize(repeating: 0, count: slots)
            return shapes
        }

        /// Frees the table.
        func deallocate() {
            keys.deallocate()
            tags.deallocate()
            counts.deallocate()
            generations.deallocate()
        }
    }

    /// One key of a remembered shape: its first 16 bytes from after the opening quote (closing quote included)
    /// with the mask of those that count, or, for keys over 14 bytes, just where it is in the input.
    struct ShapeKey {
        var w0: UInt64
        var w1: UInt64
        var m0: UInt64
        var m1: UInt64
        var fingerprint: UInt64
        var start: UInt32
        /// The key's length in bytes, or -1 when it cannot be matched (escaped, or too near the end to load).
        var length: Int32
    }

    /// Flags the duplicate keys of a finished object and, when it has none, remembers its keys as the shape for
    /// its context.
    @inline(never) static func finishObject(
        _ keys: UnsafeMutablePointer<KeyEntry>, _ first: Int, _ end: Int, _ p: UnsafePointer<UInt8>, _ n: Int,
        _ out: UnsafeMutablePointer<RawNode>, _ context: UInt64, _ shapes: Shapes?
    ) {
        if end - first > 1, markDuplicates(keys, first, end, p, out) { return }
        guard let shapes else { return }
        let slot = Int(truncatingIfNeeded: context &>> 58)
        let count = min(end - first, Shapes.keysPerShape)
        for k in 0..<count {
            let key = keys[first + k]
            let start = Int(key.start)
            let length = Int(key.end) - start
            var t = ShapeKey(
                w0: 0, w1: 0, m0: 0, m1: 0, fingerprint: key.fingerprint, start: key.start,
                length: key.escaped ? -1 : Int32(length))
            if !key.escaped && length <= 14 {
                if start + 16 <= n {
                    // The key's bytes and its closing quote.
                    let bytes = length + 1
                    t.m0 = bytes >= 8 ? UInt64.max : (1 << UInt64(8 * bytes)) - 1
                    t.m1 = bytes > 8 ? (1 << UInt64(8 * (bytes - 8))) - 1 : 0
                    t.w0 = load64(p + start) & t.m0
                    t.w1 = load64(p + (start + 8)) & t.m1
                } else {
                    t.length = -1
                }
            }
            shapes.keys[slot * Shapes.keysPerShape + k] = t
        }
        shapes.tags[slot] = context
        shapes.counts[slot] = Int32(count)
        shapes.generations[slot] &+= 1
    }

    /// Flags every member of a finished object whose key another member of it also has, both of them; returns
    /// whether there were any.
    ///
    /// Keys are the same when their text is: decoded text when either has escapes (`"a"` and `"\u0061"`), the
    /// raw bytes otherwise. Small objects filter candidates through a 64-bit Bloom filter over the fingerprints.
    /// Large ones index the first key with each fingerprint, and the keys of a fingerprint that repeats by their
    /// whole text: a fingerprint reads only a key's length and its first and last 8 bytes, so keys that differ in
    /// the middle (`property_0000001_value`, `property_0000002_value`, …) share one, and comparing each with the
    /// keys before it made a wide object quadratic (50 000 such keys: 1.25 s).
    static func markDuplicates(
        _ keys: UnsafeMutablePointer<KeyEntry>, _ first: Int, _ end: Int, _ p: UnsafePointer<UInt8>,
        _ out: UnsafeMutablePointer<RawNode>
    ) -> Bool {
        var found = false
        func markPair(_ i: Int, _ j: Int) {
            out[Int(keys[i].node)].markDuplicate()
            out[Int(keys[j].node)].markDuplicate()
            found = true
        }
        if end - first <= scanLimit {
            var bloom: UInt64 = 0
            for j in first..<end {
                let bit: UInt64 = 1 &<< (keys[j].fingerprint &>> 58)
                if bloom & bit != 0,
                    let i = (first..<j).first(where: {
                        keys[$0].fingerprint == keys[j].fingerprint && sameKey(p, keys[$0], keys[j])
                    })
                {
                    markPair(i, j)
                }
                bloom |= bit
            }
            return found
        }
        /// The first key with each fingerprint, or `shared` once another key has it too.
        var firstWith: [UInt64: Int] = [:]
        firstWith.reserveCapacity(end - first)
        let shared = -1
        /// The first key with each text, among the keys whose fingerprint repeats (positions counted from `first`).
        var byText = FirstPositionTable()
        /// The first key with the text of key `k`, or nil when it is the first (and is then recorded).
        func earlier(_ k: Int) -> Int? {
            if byText.isEmpty { byText = FirstPositionTable(capacity: end - k + 1) }
            byText.reserveOne()
            let found = byText.lookup(hash: textHash(p, keys[k])) { sameKey(p, keys[first + $0], keys[k]) }
            if let i = found.first { return first + i }
            byText.claim(found, position: k - first)
            return nil
        }
        for j in first..<end {
            let f = keys[j].fingerprint
            guard let i = firstWith[f] else {
                firstWith[f] = j
                continue
            }
            if i != shared {
                _ = earlier(i)
                firstWith[f] = shared
            }
            if let twin = earlier(j) { markPair(twin, j) }
        }
        return found
    }

    /// A hash of the text a key stands for (decoded when it has escapes), with the process's seeded hasher, so an
    /// input cannot choose keys that collide.
    static func textHash(_ p: UnsafePointer<UInt8>, _ key: KeyEntry) -> UInt64 {
        var hasher = Hasher()
        if key.escaped {
            keyText(p, Int(key.start), Int(key.end), true).withUnsafeBytes { hasher.combine(bytes: $0) }
        } else {
            hasher.combine(bytes: UnsafeRawBufferPointer(start: p + Int(key.start), count: Int(key.end - key.start)))
        }
        return UInt64(bitPattern: Int64(hasher.finalize()))
    }

    /// True when two keys have the same text.
    static func sameKey(_ p: UnsafePointer<UInt8>, _ a: KeyEntry, _ b: KeyEntry) -> Bool {
        let length = Int(a.end) &- Int(a.start)
        if !a.escaped && !b.escaped {
            return length == Int(b.end) &- Int(b.start) && memcmp(p + Int(a.start), p + Int(b.start), length) == 0
        }
        return keyText(p, Int(a.start), Int(a.end), a.escaped) == keyText(p, Int(b.start), Int(b.end), b.escaped)
    }

    /// The text a key stands for, as bytes: decoded when it has escapes, as written otherwise.
    static func keyText(_ p: UnsafePointer<UInt8>, _ from: Int, _ to: Int, _ escaped: Bool) -> [UInt8] {
        let raw = UnsafeBufferPointer(start: p + from, count: to - from)
        return escaped ? Array(JSONString.decode(raw, .json).utf8) : Array(raw)
    }

    /// The fingerprint of an escaped key's decoded text, so it matches the same key written without escapes.
    @inline(never) static func escapedFingerprint(_ p: UnsafePointer<UInt8>, _ from: Int, _ to: Int) -> UInt64 {
        keyText(p, from, to, true).withUnsafeBufferPointer { text in
            fingerprint(text.baseAddress ?? p, text.count, readableEnd: (text.baseAddress ?? p) + text.count)
        }
    }

    /// A fingerprint of `length` bytes at `start` from at most two 8-byte loads; bytes up to `readableEnd` may be
    /// loaded (and masked off) past the end of the key. Its top 6 bits pick the key's bloom bit.
    @inline(__always) static func fingerprint(
        _ start: UnsafePointer<UInt8>, _ length: Int, readableEnd: UnsafePointer<UInt8>
    ) -> UInt64 {
        var word: UInt64
        if length >= 8 {
            let tail = load64(start + (length &- 8))
            word = load64(start) ^ (tail &<< 23 | tail &>> 41)
        } else if readableEnd - start >= 8 {
            word = load64(start) & (UInt64.max >> UInt64(truncatingIfNeeded: 64 &- 8 &* length))
        } else {
            word = 0
            for k in 0..<length { word |= UInt64(start[k]) &<< UInt64(truncatingIfNeeded: 8 &* k) }
        }
        return (word &+ UInt64(truncatingIfNeeded: length)) &* 0x9E37_79B9_7F4A_7C15
    }
}
