/// A set of bytes, looked up in a 256-entry table.
package struct ByteSet: Sendable {
    private var members: [Bool]

    /// The set of `bytes`.
    package init(_ bytes: some Sequence<UInt8>) {
        var members = [Bool](repeating: false, count: 256)
        for b in bytes { members[Int(b)] = true }
        self.members = members
    }

    /// True when `b` is in the set.
    @inline(__always) package func contains(_ b: UInt8) -> Bool { members[Int(b)] }

    /// Calls `body` with the table (entry `b` is true when `b` is in the set), for a loop over a large buffer that
    /// reads it without bounds checks.
    package func withUnsafeTable<R>(_ body: (UnsafeBufferPointer<Bool>) throws -> R) rethrows -> R {
        try members.withUnsafeBufferPointer(body)
    }

    /// This set with `bytes` added.
    func union(_ bytes: some Sequence<UInt8>) -> ByteSet {
        var set = self
        for b in bytes { set.members[Int(b)] = true }
        return set
    }
}
