/// Paths of a tree's nodes, with sibling positions and key occurrences remembered per large container.
///
/// `Tree.path` counts a node's earlier siblings, which is linear in its position: asked for every element of a
/// 100 000-element array, that is quadratic. This memo lists a large container's children once and answers by
/// binary search. It is shared by the mapping while it runs and by its issues afterwards (which build their paths
/// when read), so it is safe to use from several threads; JSONPath's normalized paths (`NormalizedPaths`) use it too.
package final class NodePositions: Sendable {
    /// Containers with fewer nodes than this are walked, not remembered.
    static let walkLimit = 64

    package let tree: Tree
    private let memo = Locked<[Int: ContainerInfo]>([:])

    private struct ContainerInfo {
        var children: [Int]
        var occurrences: [Int]
    }

    /// A memo for the nodes of `tree`.
    package init(tree: Tree) { self.tree = tree }

    /// The path of node `i` as text (`$.data[2].name`).
    package func pathText(_ i: Tree.Index) -> String {
        tree.path(i, position: { self.locate($0).position }, occurrence: { self.locate($0).occurrence }).description
    }

    /// The position of child `c` among its siblings (no key occurrences counted: JSONPath's normalized paths).
    func position(_ c: Int) -> Int {
        guard let p = tree.parent(c) else { return 0 }
        if c - p < NodePositions.walkLimit { return tree.siblingIndex(c) }
        return search(c, in: memo.withLock { $0[p] } ?? remember(p))
    }

    /// The position of child `c` among its siblings, and how many earlier siblings share its key.
    func locate(_ c: Int) -> (position: Int, occurrence: Int) {
        guard let p = tree.parent(c) else { return (0, 0) }
        if c - p < NodePositions.walkLimit {
            var position = 0
            var occurrence = 0
            let isObject = tree.kind(p) == .object
            let key = isObject ? tree.key(c) : nil
            for s in tree.children(p) {
                if s == c { break }
                position += 1
                if isObject, tree.key(s) == key { occurrence += 1 }
            }
            return (position, occurrence)
        }
        let info = memo.withLock { $0[p] } ?? remember(p)
        let position = search(c, in: info)
        return (position, info.occurrences.isEmpty ? 0 : info.occurrences[position])
    }

    /// The position of child `c` in a remembered container, by binary search.
    private func search(_ c: Int, in info: ContainerInfo) -> Int {
        var lo = 0
        var hi = info.children.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if info.children[mid] < c { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Lists container `p`'s children (and, for an object, each one's key occurrence) and keeps them.
    private func remember(_ p: Int) -> ContainerInfo {
        let children = Array(tree.children(p))
        var occurrences: [Int] = []
        if tree.kind(p) == .object {
            var seen: [String: Int] = [:]
            occurrences = children.map { ch in
                let k = tree.key(ch) ?? ""
                defer { seen[k, default: 0] += 1 }
                return seen[k] ?? 0
            }
        }
        let info = ContainerInfo(children: children, occurrences: occurrences)
        memo.withLock { $0[p] = info }
        return info
    }
}
