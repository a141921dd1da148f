/// The members of the objects being mapped, innermost last: a plain growable buffer of node indices.
///
/// `mapObject` pushes an object's members, reads them by position from where they start, and truncates back when
/// the object is done; an `Array` would check uniqueness on every push and take a generic path to truncate.
/// The owner calls `deallocate()` once.
struct MemberStack {
    private var storage: UnsafeMutablePointer<Int>
    private var capacity: Int
    /// How many members are on the stack.
    private(set) var count = 0

    init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        storage = .allocate(capacity: self.capacity)
    }

    /// The member at position `i` from the bottom.
    @inline(__always) subscript(i: Int) -> Int {
        precondition(i >= 0 && i < count, "member stack position out of range")
        return storage[i]
    }

    /// Pushes member `node`.
    @inline(__always) mutating func push(_ node: Int) {
        if count == capacity { grow() }
        storage[count] = node
        count += 1
    }

    /// Drops the members above position `base`.
    @inline(__always) mutating func truncate(to base: Int) {
        precondition(base >= 0 && base <= count, "member stack truncated past its top")
        count = base
    }

    /// The members from position `base` to the top, as an array.
    func members(from base: Int) -> [Int] { Array(UnsafeBufferPointer(start: storage + base, count: count - base)) }

    private mutating func grow() {
        let bigger = UnsafeMutablePointer<Int>.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = bigger
        capacity *= 2
    }

    /// Frees the buffer; the stack is not used afterwards.
    func deallocate() { storage.deallocate() }
}
