/// Cheap byte positions for views that map between nodes and raw bytes.
extension Tree {
    /// The byte offset where node `i`'s value starts: `span(i).lowerBound` without finding the end.
    ///
    /// Starts never decrease in document order for JSON, so a binary search over them finds the node at a byte
    /// offset. O(1), where `span(i)` of a container has to find its closing bracket.
    @inlinable public func startOffset(_ i: Index) -> Int { Int(nodes[i].start) }
}
