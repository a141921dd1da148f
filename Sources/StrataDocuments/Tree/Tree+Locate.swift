extension Tree {
    /// The deepest node whose value (or key) covers byte `offset`, by binary search over node starts. O(log n +
    /// depth).
    ///
    /// Node starts never decrease in document order, so the last node starting at or before `offset` is found by
    /// bisection; a key sits before its value's start, so the next node's key is checked too; then ancestors are
    /// climbed until one's span covers the offset. A byte outside the root's span (whitespace around the
    /// document) gives the root; nil only for an empty tree.
    public func node(atByte offset: Int) -> Int? { node(atByte: offset, span: { self.span($0) }) }

    /// ``node(atByte:)`` with spans from `span` (a memo), so long containers are not measured again.
    public func node(atByte offset: Int, span: (Int) -> Range<Int>) -> Int? {
        guard count > 0 else { return nil }
        var low = 0
        var high = count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if startOffset(mid) <= offset { low = mid } else { high = mid - 1 }
        }
        if low + 1 < count, let key = keySpan(low + 1), key.contains(offset) { return low + 1 }
        var node = low
        while true {
            let span = span(node)
            if span.contains(offset) { return node }
            if let key = keySpan(node), key.contains(offset) { return node }
            guard let p = parent(node) else { return node }
            node = p
        }
    }
}
