/// The short secrets (up to `LongSecrets.threshold` bytes) as a trie, so finding the longest one at a position costs
/// at most that many steps however many secrets there are (a HAR file brings thousands of tokens and cookies).
///
/// The trie is frozen into flat arrays: a node with few children lists them (a short scan), one with many has a
/// table of 256, so a step is a few nanoseconds and never a hash.
struct SecretPrefixes: Sendable {
    /// Nodes with more children than this get a 256-entry table.
    private static let denseAbove = 8

    /// For each node: its table's offset in `tables` when dense, else -1.
    private let table: [Int32]
    /// For each node: its children's range in `edgeBytes` and `edgeTargets` (sparse nodes).
    private let edgeStart: [Int32]
    private let edgeBytes: [UInt8]
    private let edgeTargets: [Int32]
    /// The dense nodes' tables, 256 entries each (0: no child; the root is never a child).
    private let tables: [Int32]
    /// The length of the secret ending at each node, 0 when none does.
    private let ends: [Int32]

    /// The trie of the secrets of `secrets` up to `LongSecrets.threshold` bytes.
    init(_ secrets: [[UInt8]]) {
        var children: [[UInt8: Int32]] = [[:]]
        var ends: [Int32] = [0]
        for secret in secrets where secret.count <= LongSecrets.threshold {
            var node = 0
            for byte in secret {
                if let next = children[node][byte] {
                    node = Int(next)
                } else {
                    children.append([:])
                    ends.append(0)
                    children[node][byte] = Int32(children.count - 1)
                    node = children.count - 1
                }
            }
            ends[node] = Int32(secret.count)
        }
        var table = [Int32](repeating: -1, count: children.count)
        var edgeStart = [Int32](repeating: 0, count: children.count + 1)
        var edgeBytes: [UInt8] = []
        var edgeTargets: [Int32] = []
        var tables: [Int32] = []
        for (n, kids) in children.enumerated() {
            edgeStart[n] = Int32(edgeBytes.count)
            if kids.count > SecretPrefixes.denseAbove {
                table[n] = Int32(tables.count)
                var row = [Int32](repeating: 0, count: 256)
                for (byte, target) in kids { row[Int(byte)] = target }
                tables += row
            } else {
                for (byte, target) in kids {
                    edgeBytes.append(byte)
                    edgeTargets.append(target)
                }
            }
        }
        edgeStart[children.count] = Int32(edgeBytes.count)
        self.table = table
        self.edgeStart = edgeStart
        self.edgeBytes = edgeBytes
        self.edgeTargets = edgeTargets
        self.tables = tables
        self.ends = ends
    }

    /// The child of `node` for `byte`, or 0.
    @inline(__always) private func child(_ node: Int, _ byte: UInt8) -> Int {
        let t = table[node]
        if t >= 0 { return Int(tables[Int(t) + Int(byte)]) }
        var e = Int(edgeStart[node])
        let end = Int(edgeStart[node + 1])
        while e < end {
            if edgeBytes[e] == byte { return Int(edgeTargets[e]) }
            e += 1
        }
        return 0
    }

    /// The length of the longest short secret at `bytes[i...]`, if any.
    func longest(at i: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var node = 0
        var best: Int? = nil
        var k = i
        while k < bytes.count {
            node = child(node, bytes[k])
            if node == 0 { break }
            k += 1
            if ends[node] > 0 { best = k - i }
        }
        return best
    }
}
