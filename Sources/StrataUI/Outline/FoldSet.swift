/// Which containers of an outline are unfolded: a default plus the nodes toggled away from it.
///
/// Expand-all and collapse-all replace the whole value, so they cost O(1) on a tree of any size.
package struct FoldSet: Hashable, Sendable {
    /// Whether a container not in ``exceptions`` is unfolded.
    package var expandedByDefault: Bool
    /// The containers folded the other way from the default.
    package var exceptions: Set<Int>

    /// Creates a fold set.
    package init(expandedByDefault: Bool = true, exceptions: Set<Int> = []) {
        self.expandedByDefault = expandedByDefault
        self.exceptions = exceptions
    }

    /// Every container unfolded.
    package static let allExpanded = FoldSet(expandedByDefault: true)

    /// Every container folded except the root, so the top level stays in view.
    package static let allCollapsed = FoldSet(expandedByDefault: false, exceptions: [0])

    /// Whether node `i` shows its children (when it has any).
    @inlinable package func isExpanded(_ i: Int) -> Bool { exceptions.contains(i) != expandedByDefault }

    /// Unfolds or folds node `i`.
    package mutating func set(_ i: Int, expanded: Bool) {
        if expanded == expandedByDefault { exceptions.remove(i) } else { exceptions.insert(i) }
    }

    /// Flips node `i`.
    package mutating func toggle(_ i: Int) { set(i, expanded: !isExpanded(i)) }
}
