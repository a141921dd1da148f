import Strata

/// A tree stored flat in document (pre-)order: what the Parsed and Mapped panes walk.
///
/// Node 0 is the root; a node's descendants follow it and end just before `subtreeEnd(i)`. That is all the panes
/// need to walk visible rows without ever listing them (see ``OutlineCursor``).
public protocol FlatOutline {
    /// The number of nodes.
    var count: Int { get }
    /// The parent of node `i`, or nil for the root.
    func parent(_ i: Int) -> Int?
    /// The index just past node `i`'s last descendant (`i + 1` for a leaf).
    func subtreeEnd(_ i: Int) -> Int
}

extension FlatOutline {
    /// True when node `i` has at least one child.
    @inlinable public func hasChildren(_ i: Int) -> Bool { subtreeEnd(i) > i + 1 }
}

extension Tree: FlatOutline {}
