/// Moving around the tree: parents, children, siblings, depth.
extension Tree {
    /// The parent of `i`, or nil for the root.
    @inlinable public func parent(_ i: Index) -> Index? {
        let node = nodes[i]
        let p = node.isContainer ? containers.parent(ofContainer: i) : UInt32(node.low)
        return p == RawNode.noParent ? nil : Int(p)
    }

    /// The index just past the last descendant of `i`.
    @inlinable public func subtreeEnd(_ i: Index) -> Index { nodes[i].subtreeEnd(at: i) }

    /// The first child of `i`, or nil when `i` is a scalar or an empty container.
    @inlinable public func firstChild(_ i: Index) -> Index? {
        subtreeEnd(i) > i + 1 ? i + 1 : nil
    }

    /// The sibling after `i`, or nil when `i` is the last child (or the root).
    @inlinable public func nextSibling(_ i: Index) -> Index? {
        guard let p = parent(i) else { return nil }
        let n = subtreeEnd(i)
        return n < subtreeEnd(p) ? n : nil
    }

    /// The sibling before `i`, found by walking its parent's children.
    public func previousSibling(_ i: Index) -> Index? {
        guard let p = parent(i) else { return nil }
        var c = p + 1
        var prev: Index? = nil
        while c < i {
            prev = c
            c = subtreeEnd(c)
        }
        return prev
    }

    /// The last child of `i`, or nil when it has none.
    public func lastChild(_ i: Index) -> Index? {
        guard var c = firstChild(i) else { return nil }
        let end = subtreeEnd(i)
        while true {
            let n = subtreeEnd(c)
            if n >= end { return c }
            c = n
        }
    }

    /// The children of `i` in document order.
    @inlinable public func children(_ i: Index) -> Children { Children(tree: self, parent: i) }

    /// The number of children of `i` (linear in that number).
    public func childCount(_ i: Index) -> Int {
        var n = 0
        var c = i + 1
        let end = subtreeEnd(i)
        while c < end {
            n += 1
            c = subtreeEnd(c)
        }
        return n
    }

    /// The `n`-th child of `i`, or nil when it has fewer children.
    public func child(_ i: Index, at n: Int) -> Index? {
        guard n >= 0 else { return nil }
        var k = 0
        for c in children(i) {
            if k == n { return c }
            k += 1
        }
        return nil
    }

    /// How many ancestors `i` has (0 for the root).
    public func depth(_ i: Index) -> Int {
        var d = 0
        var c = i
        while let p = parent(c) {
            d += 1
            c = p
        }
        return d
    }

    /// True when `ancestor` is `i` or one of its ancestors.
    @inlinable public func contains(_ ancestor: Index, _ i: Index) -> Bool {
        i >= ancestor && i < subtreeEnd(ancestor)
    }

    /// A sequence over the children of one node.
    public struct Children: Sequence, Sendable {
        @usableFromInline let tree: Tree
        @usableFromInline let parent: Int

        @inlinable init(tree: Tree, parent: Int) {
            self.tree = tree
            self.parent = parent
        }

        /// An iterator over the children, first to last.
        @inlinable public func makeIterator() -> Iterator {
            Iterator(nodes: tree.nodes, current: parent + 1, end: tree.subtreeEnd(parent))
        }

        /// Walks children by jumping over each subtree.
        public struct Iterator: IteratorProtocol {
            @usableFromInline let nodes: [RawNode]
            @usableFromInline var current: Int
            @usableFromInline let end: Int

            @inlinable init(nodes: [RawNode], current: Int, end: Int) {
                self.nodes = nodes
                self.current = current
                self.end = end
            }

            /// The next child, or nil after the last.
            @inlinable public mutating func next() -> Int? {
                guard current < end else { return nil }
                defer { current = nodes[current].subtreeEnd(at: current) }
                return current
            }
        }
    }
}
