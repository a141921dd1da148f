import Foundation

/// Finds which long secret (over ``LongSecrets/threshold`` bytes) starts at a position of a buffer in time that does
/// not grow with the secret's length, by comparing Rabin–Karp hashes of the buffer's windows.
///
/// Comparing byte by byte would be quadratic on a body that repeats a long secret's prefix (a token read from one
/// response by `${response:…}` and scrubbed from the next, both sent by the server). A position whose first 8 bytes
/// begin some long secret costs one hash of its first 64 bytes, then one per length among the secrets that share
/// those 64 bytes (many secrets of many lengths that agree on 64 bytes still cost one lookup per length). Hashes
/// are taken modulo the prime 2^61 − 1 with a base drawn at random for each process, so a server cannot choose
/// colliding input; a hash hit is still checked byte by byte before it counts.
struct LongSecrets: Sendable {
    /// Secrets up to this many bytes are compared directly (the cost per position stays bounded).
    static let threshold = 64
    static let modulus: UInt64 = (1 << 61) - 1
    static let base: UInt64 = UInt64.random(in: 257..<(modulus - 1))

    /// The distinct lengths of the long secrets, longest first, with base^length for each.
    let lengths: [(length: Int, power: UInt64)]
    /// For each entry of `lengths`: the secrets of that length by hash.
    let byHash: [[UInt64: [[UInt8]]]]

    /// Indexes the secrets of `secrets` longer than the threshold.
    init(_ secrets: [[UInt8]]) {
        var groups: [Int: [UInt64: [[UInt8]]]] = [:]
        for s in secrets where s.count > LongSecrets.threshold {
            groups[s.count, default: [:]][LongSecrets.hash(s[...]), default: []].append(s)
        }
        let sorted = groups.keys.sorted(by: >)
        lengths = sorted.map { ($0, LongSecrets.power($0)) }
        byHash = sorted.map { groups[$0]! }
        let group = Dictionary(uniqueKeysWithValues: sorted.enumerated().map { ($1, $0) })
        var byHead: [UInt64: [Int]] = [:]
        var prefixes = Set<UInt64>()
        for s in secrets where s.count > LongSecrets.threshold {
            let g = group[s.count]!
            prefixes.insert(s.prefix(8).reduce(0) { $0 << 8 | UInt64($1) })
            let head = LongSecrets.hash(s[..<LongSecrets.threshold])
            if !(byHead[head]?.contains(g) ?? false) { byHead[head, default: []].append(g) }
        }
        self.prefixes = prefixes
        self.byHead = byHead.mapValues { $0.sorted() }
        headPower = LongSecrets.power(LongSecrets.threshold)
    }

    /// The first 8 bytes of each long secret as a number: most positions are passed over with this one lookup.
    let prefixes: Set<UInt64>
    /// The length groups (positions in ``lengths``, longest first) of the secrets beginning with each
    /// `threshold` bytes, by their hash; so a position costs one lookup per length among secrets that share their
    /// first 64 bytes, not among all of them.
    let byHead: [UInt64: [Int]]
    /// base^threshold.
    let headPower: UInt64

    /// The 8 bytes at `bytes[i...]` as one number.
    @inline(__always) static func prefixKey(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> UInt64 {
        var key: UInt64 = 0
        for k in 0..<8 { key = key << 8 | UInt64(bytes[i + k]) }
        return key
    }

    /// True when there are no long secrets.
    var isEmpty: Bool { lengths.isEmpty }

    /// `a · b` modulo 2^61 − 1.
    @inline(__always) static func multiply(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (high, low) = a.multipliedFullWidth(by: b)
        // The product is high · 2^64 + low; 2^61 ≡ 1, so it is congruent to (product >> 61) + (product & modulus).
        let r = ((high << 3) | (low >> 61)) + (low & modulus)
        return r >= modulus ? r - modulus : r
    }

    /// `a + b` modulo 2^61 − 1, for `a`, `b` already reduced.
    @inline(__always) static func add(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let r = a + b
        return r >= modulus ? r - modulus : r
    }

    /// The hash of `bytes`: Σ bytes[k] · base^(count − 1 − k).
    static func hash(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var h: UInt64 = 0
        for b in bytes { h = add(multiply(h, base), UInt64(b)) }
        return h
    }

    /// base^n.
    static func power(_ n: Int) -> UInt64 {
        var result: UInt64 = 1
        var factor = base
        var e = n
        while e > 0 {
            if e & 1 == 1 { result = multiply(result, factor) }
            factor = multiply(factor, factor)
            e >>= 1
        }
        return result
    }

    /// The prefix hashes of one block of a buffer: `prefix[j]` is the hash of `bytes[start ..< start + j]`, far
    /// enough that every window starting in the block is covered.
    struct Block {
        var start = 0
        var prefix: [UInt64] = []
        /// Positions whose windows this block covers.
        var covers: Range<Int> = 0..<0
    }

    /// The longest long secret at `bytes[i...]`, hashing the block around `i` when `block` does not cover it.
    func secret(at i: Int, in bytes: UnsafeBufferPointer<UInt8>, block: inout Block) -> [UInt8]? {
        guard let longest = lengths.first?.length, i + LongSecrets.threshold < bytes.count,
            prefixes.contains(LongSecrets.prefixKey(bytes, at: i))
        else {
            return nil
        }
        if !block.covers.contains(i) {
            // Blocks of at least 64 KiB, so hashing them costs about one pass over the buffer however long the
            // secrets are.
            let width = max(1 << 16, longest)
            let end = min(bytes.count, i + width + longest)
            block.start = i
            block.prefix.removeAll(keepingCapacity: true)
            block.prefix.reserveCapacity(end - i + 1)
            var h: UInt64 = 0
            block.prefix.append(h)
            for k in i..<end {
                h = LongSecrets.add(LongSecrets.multiply(h, LongSecrets.base), UInt64(bytes[k]))
                block.prefix.append(h)
            }
            block.covers = i..<min(bytes.count, i + width)
        }
        let from = i - block.start
        /// The hash of the `length` bytes at `i`.
        func window(_ length: Int, _ power: UInt64) -> UInt64 {
            LongSecrets.add(
                block.prefix[from + length], LongSecrets.modulus - LongSecrets.multiply(block.prefix[from], power))
        }
        guard let groups = byHead[window(LongSecrets.threshold, headPower)] else { return nil }
        for g in groups where i + lengths[g].length <= bytes.count {
            guard let candidates = byHash[g][window(lengths[g].length, lengths[g].power)] else { continue }
            for s in candidates
            where s.withUnsafeBufferPointer({ memcmp($0.baseAddress!, bytes.baseAddress! + i, s.count) == 0 }) {
                return s
            }
        }
        return nil
    }
}
