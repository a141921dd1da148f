/// A tree stored flat in document (pre-)order: the parsed `Tree` and the mapped values of a `MappingResult`.
///
/// Node 0 is the root; a node's descendants follow it and end just before `subtreeEnd(i)`. That is all a viewer
/// needs to walk visible rows without ever listing them, and, with ``pathKey(_:)``, all the path builder needs.
public protocol FlatOutline {
    /// The number of nodes.
    var count: Int { get }
    /// The parent of node `i`, or nil for the root.
    func parent(_ i: Int) -> Int?
    /// The index just past node `i`'s last descendant (`i + 1` for a leaf).
    func subtreeEnd(_ i: Int) -> Int
    /// The key that names node `i` in its parent (an object member, a mapped property); nil when `i` is addressed
    /// by position (an array element) or is the root.
    func pathKey(_ i: Int) -> String?
    /// True when an earlier sibling of `i` may have the same key, so its path must count occurrences (`a#1`).
    func mayRepeatKey(_ i: Int) -> Bool
}

extension FlatOutline {
    /// True when node `i` has at least one child.
    @inlinable public func hasChildren(_ i: Int) -> Bool { subtreeEnd(i) > i + 1 }

    /// The position of `i` among its siblings (0 for the first child and the root), by walking them.
    public func siblingIndex(_ i: Int) -> Int {
        guard let p = parent(i) else { return 0 }
        var n = 0
        var c = p + 1
        while c < i {
            n += 1
            c = subtreeEnd(c)
        }
        return n
    }

    /// How many earlier siblings of `i` have its key.
    public func keyOccurrence(_ i: Int) -> Int {
        guard let p = parent(i), let key = pathKey(i) else { return 0 }
        var n = 0
        var c = p + 1
        while c < i {
            if pathKey(c) == key { n += 1 }
            c = subtreeEnd(c)
        }
        return n
    }

    /// The path of node `i` from the root: the one place a path is built, for parsed nodes and mapped values alike.
    ///
    /// A keyed node is a `.key` step (counting earlier siblings with the same key when ``mayRepeatKey(_:)`` says
    /// they may exist), any other an `.index` step. `position` and `occurrence` answer for one node; a caller with
    /// a memo (long arrays, large objects) passes its own, and they must agree with ``siblingIndex(_:)`` and
    /// ``keyOccurrence(_:)``.
    public func path(_ i: Int, position: ((Int) -> Int)? = nil, occurrence: ((Int) -> Int)? = nil) -> TreePath {
        var components: [TreePath.Component] = []
        var c = i
        while parent(c) != nil {
            if let key = pathKey(c) {
                let n = mayRepeatKey(c) ? (occurrence?(c) ?? keyOccurrence(c)) : 0
                components.append(.key(key, occurrence: n))
            } else {
                components.append(.index(position?(c) ?? siblingIndex(c)))
            }
            c = parent(c)!
        }
        return TreePath(components.reversed())
    }
}

extension Tree: FlatOutline {
    /// The key of object member `i`; nil for array elements and the root.
    public func pathKey(_ i: Index) -> String? {
        guard let p = parent(i), kind(p) == .object else { return nil }
        return key(i) ?? ""
    }

    /// True for a member flagged as a duplicate key, and for every member of a tree whose format repeats keys
    /// without flagging them (XML's repeated elements, form fields: trees with a side table).
    public func mayRepeatKey(_ i: Index) -> Bool { isDuplicateKey(i) || side != nil }
}
