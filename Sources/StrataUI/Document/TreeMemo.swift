import Strata

/// Remembered child counts and sibling positions for one tree (parsed nodes or mapped values), so drawing rows
/// stays cheap on huge arrays.
///
/// `Tree.childCount` and `Tree.siblingIndex` walk a container's children, which is a million steps for a
/// million-element array. The memo keeps each count it computed and, for long containers, a checkpoint every
/// ``checkpointStride`` children, so a row's `[index]` costs at most that many steps after the first time.
/// It is a cache (results never change), so sharing it between state copies keeps rendering pure.
package final class TreeMemo: Sendable {
    /// Children between two checkpoints of a long container.
    package static let checkpointStride = 256

    private let counts = Locked<[Int: Int]>([:])
    private let checkpoints = Locked<[Int: [Int]]>([:])
    private let spans = Locked<[Int: Range<Int>]>([:])

    /// An empty memo.
    package init() {}

    /// The number of children of `i`, computed once.
    package func childCount(_ i: Int, in outline: some FlatOutline) -> Int {
        if let known = counts.withLock({ $0[i] }) { return known }
        var n = 0
        var c = i + 1
        let end = outline.subtreeEnd(i)
        while c < end {
            n += 1
            c = outline.subtreeEnd(c)
        }
        counts.withLock { $0[i] = n }
        return n
    }

    /// The byte range of node `i` (a container's end is found once, then remembered).
    package func span(_ i: Int, in tree: Tree) -> Range<Int> {
        guard tree.isContainer(i) else { return tree.span(i) }
        if let known = spans.withLock({ $0[i] }) { return known }
        let span = tree.span(i)
        spans.withLock { $0[i] = span }
        return span
    }

    /// The position of `i` among its siblings (0 for the first child and the root).
    package func siblingIndex(_ i: Int, in tree: some FlatOutline) -> Int {
        guard let p = tree.parent(i) else { return 0 }
        if i == p + 1 { return 0 }
        let marks = checkpoints(of: p, in: tree)
        // The last checkpoint at or before `i`, then walk.
        var low = 0
        var high = marks.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if marks[mid] <= i { low = mid } else { high = mid - 1 }
        }
        var position = low * TreeMemo.checkpointStride
        var c = marks[low]
        while c < i {
            c = tree.subtreeEnd(c)
            position += 1
        }
        return position
    }

    /// Every ``checkpointStride``-th child of `p` (the first child first), computed once.
    private func checkpoints(of p: Int, in tree: some FlatOutline) -> [Int] {
        if let known = checkpoints.withLock({ $0[p] }) { return known }
        var marks: [Int] = []
        var n = 0
        var c = p + 1
        let end = tree.subtreeEnd(p)
        while c < end {
            if n % TreeMemo.checkpointStride == 0 { marks.append(c) }
            n += 1
            c = tree.subtreeEnd(c)
        }
        if marks.isEmpty { marks = [p + 1] }
        counts.withLock { $0[p] = n }
        checkpoints.withLock { $0[p] = marks }
        return marks
    }

    /// Containers with at least this many children are counted and indexed ahead by ``warm(_:span:)``.
    package static let warmThreshold = 1024

    /// Counts the children of every long container, checkpoints them, and finds their spans (with `span`), in
    /// one pass off the UI loop: so the first keystroke that shows a 100 000-element array costs no more than
    /// the next.
    package func warm(_ outline: some FlatOutline, span: ((Int) -> Range<Int>)? = nil) {
        let n = outline.count
        guard n > TreeMemo.warmThreshold else { return }
        // Each container's children are walked by their subtree ends: every node is stepped over once as a child,
        // so the pass is linear and needs no count per node (that array was 4 bytes a node, 26 MB at 100 MB). A
        // subtree of fewer nodes than the threshold holds no long container, so it is stepped over whole: a
        // document of small records costs a step per record, not per node.
        var p = 0
        while p < n {
            let subtreeEnd = outline.subtreeEnd(p)
            guard subtreeEnd >= p + 1 + TreeMemo.warmThreshold else {
                p = subtreeEnd
                continue
            }
            defer { p += 1 }
            var children = 0
            var c = p + 1
            while c < subtreeEnd, children < TreeMemo.warmThreshold {
                children += 1
                c = outline.subtreeEnd(c)
            }
            guard children >= TreeMemo.warmThreshold else { continue }
            _ = checkpoints(of: p, in: outline)
            if let span {
                let range = span(p)
                spans.withLock { $0[p] = range }
            }
        }
    }

    /// The containers whose children are counted and checkpointed so far, in order.
    package var checkpointedContainers: [Int] { checkpoints.withLock { $0.keys.sorted() } }

    /// The deepest node whose value (or key) covers byte `offset` (see `Tree.node(atByte:)`), with container
    /// spans from the memo.
    package func node(atByte offset: Int, in tree: Tree) -> Int? {
        tree.node(atByte: offset, span: { self.span($0, in: tree) })
    }

    /// The path of `i` from the root (`$.products[0].name`), with array positions from the memo.
    package func path(_ i: Int, in tree: Tree) -> TreePath {
        tree.path(i, position: { self.siblingIndex($0, in: tree) })
    }
}
