import Strata

/// The selected row and the row at the top of a pane over a ``FlatOutline``, moved without listing visible rows.
///
/// After jless: "next visible" is the first child when unfolded, else the node after the subtree (the next sibling
/// of the node or of its nearest ancestor that has one), so moving costs O(1) for a step down and O(depth) for a
/// step up, whatever the tree's size. Rendering walks `height` rows from ``top``.
package struct OutlineCursor: Hashable, Sendable {
    /// The selected node.
    package var selected: Int
    /// The node drawn in the pane's first row.
    package var top: Int
    /// The folds.
    package var folds: FoldSet

    /// A cursor on the root with everything unfolded (or as `folds` says).
    package init(selected: Int = 0, top: Int = 0, folds: FoldSet = .allExpanded) {
        self.selected = selected
        self.top = top
        self.folds = folds
    }
}

extension FlatOutline {
    /// Whether `i` is shown: every ancestor is unfolded.
    package func isVisible(_ i: Int, folds: FoldSet) -> Bool {
        var c = i
        while let p = parent(c) {
            if !folds.isExpanded(p) { return false }
            c = p
        }
        return true
    }

    /// The row that shows `i`: `i` itself when visible, else its outermost folded ancestor. O(depth).
    package func visibleRow(for i: Int, folds: FoldSet) -> Int {
        var answer = i
        var c = i
        while let p = parent(c) {
            if !folds.isExpanded(p) { answer = p }
            c = p
        }
        return answer
    }

    /// The visible row after visible row `i`, or nil at the end. O(1).
    package func nextVisible(_ i: Int, folds: FoldSet) -> Int? {
        if hasChildren(i) && folds.isExpanded(i) { return i + 1 }
        let after = subtreeEnd(i)
        return after < count ? after : nil
    }

    /// The visible row before visible row `i`, or nil at the root. O(depth).
    package func previousVisible(_ i: Int, folds: FoldSet) -> Int? {
        guard i > 0 else { return nil }
        let before = i - 1
        if before == parent(i) { return before }
        // `before` is the last node of the previous sibling's subtree: show what shows it.
        return visibleRow(for: before, folds: folds)
    }

    /// The last visible row. O(depth).
    package func lastVisible(folds: FoldSet) -> Int {
        count == 0 ? 0 : visibleRow(for: count - 1, folds: folds)
    }

    /// The visible row `steps` rows away from `i` (negative: up), stopping at either end.
    package func visible(from i: Int, by steps: Int, folds: FoldSet) -> Int {
        var current = i
        if steps >= 0 {
            for _ in 0..<steps {
                guard let n = nextVisible(current, folds: folds) else { break }
                current = n
            }
        } else {
            for _ in 0..<(-steps) {
                guard let p = previousVisible(current, folds: folds) else { break }
                current = p
            }
        }
        return current
    }

    /// How many rows below `from` the visible row `to` is, when it is fewer than `limit` rows away.
    package func rowDistance(from: Int, to: Int, limit: Int, folds: FoldSet) -> Int? {
        guard to >= from else { return nil }
        var current = from
        var rows = 0
        while rows < limit {
            if current == to { return rows }
            guard let n = nextVisible(current, folds: folds) else { return nil }
            current = n
            rows += 1
        }
        return nil
    }

    /// Depth of node `i` (0 for the root). O(depth).
    package func depth(of i: Int) -> Int {
        var d = 0
        var c = i
        while let p = parent(c) {
            d += 1
            c = p
        }
        return d
    }

    /// Up to `limit` visible rows from `top`, with their depths, walking without listing the rest.
    package func visibleRows(from top: Int, limit: Int, folds: FoldSet) -> [(node: Int, depth: Int)] {
        guard count > 0, limit > 0, top < count else { return [] }
        var rows: [(node: Int, depth: Int)] = []
        rows.reserveCapacity(limit)
        var node = top
        var depth = depth(of: top)
        while rows.count < limit {
            rows.append((node, depth))
            if hasChildren(node) && folds.isExpanded(node) {
                node += 1
                depth += 1
                continue
            }
            let after = subtreeEnd(node)
            guard after < count else { break }
            // Climb from `node` to the parent of `after`, counting the levels left.
            let target = parent(after)
            var c = node
            while let p = parent(c), p != target {
                depth -= 1
                c = p
            }
            node = after
        }
        return rows
    }
}

extension OutlineCursor {
    /// Moves the selection `steps` visible rows (negative: up) and scrolls to keep it in view.
    package mutating func move(by steps: Int, in outline: some FlatOutline, height: Int) {
        guard outline.count > 0 else { return }
        selected = outline.visible(from: selected, by: steps, folds: folds)
        scrollToSelection(in: outline, height: height)
    }

    /// Selects the first row.
    package mutating func moveToFirst(in outline: some FlatOutline, height: Int) {
        selected = 0
        top = 0
    }

    /// Selects the last visible row.
    package mutating func moveToLast(in outline: some FlatOutline, height: Int) {
        guard outline.count > 0 else { return }
        selected = outline.lastVisible(folds: folds)
        scrollToSelection(in: outline, height: height)
    }

    /// Scrolls by `rows` (negative: up) without moving the selection unless it leaves the view.
    package mutating func scroll(by rows: Int, in outline: some FlatOutline, height: Int) {
        guard outline.count > 0, height > 0 else { return }
        top = outline.visible(from: top, by: rows, folds: folds)
        // Never past the last page: the last row stays at the bottom.
        let lastTop = outline.visible(from: outline.lastVisible(folds: folds), by: -(height - 1), folds: folds)
        if top > lastTop { top = lastTop }
        if selected < top {
            selected = top
        } else if outline.rowDistance(from: top, to: selected, limit: height, folds: folds) == nil {
            selected = outline.visible(from: top, by: height - 1, folds: folds)
        }
    }

    /// Selects `node`, unfolding its ancestors so it shows, and scrolls to it.
    package mutating func reveal(_ node: Int, in outline: some FlatOutline, height: Int) {
        guard node >= 0, node < outline.count else { return }
        var c = node
        while let p = outline.parent(c) {
            folds.set(p, expanded: true)
            c = p
        }
        selected = node
        scrollToSelection(in: outline, height: height, centre: true)
    }

    /// Folds or unfolds the selected container.
    package mutating func setFold(expanded: Bool, in outline: some FlatOutline, height: Int) {
        guard outline.count > 0, outline.hasChildren(selected) else { return }
        folds.set(selected, expanded: expanded)
        normalize(in: outline, height: height)
    }

    /// Unfolds or folds every container; the selection moves to the row that shows it.
    package mutating func setAll(expanded: Bool, in outline: some FlatOutline, height: Int) {
        folds = expanded ? .allExpanded : .allCollapsed
        normalize(in: outline, height: height)
    }

    /// Makes the selection and the top row visible again after folds changed, and keeps the selection in view.
    package mutating func normalize(in outline: some FlatOutline, height: Int) {
        guard outline.count > 0 else {
            selected = 0
            top = 0
            return
        }
        selected = outline.visibleRow(for: min(selected, outline.count - 1), folds: folds)
        top = outline.visibleRow(for: min(top, outline.count - 1), folds: folds)
        scrollToSelection(in: outline, height: height)
    }

    /// Moves ``top`` so the selection is on screen, with up to two rows of context above and below it (or in the
    /// middle when `centre` is set and it was off screen).
    package mutating func scrollToSelection(in outline: some FlatOutline, height: Int, centre: Bool = false) {
        guard height > 0, outline.count > 0 else { return }
        let pad = min(2, (height - 1) / 2)
        // Fewer rows of context below near the end, so the last row stays at the bottom of the pane.
        var below = 0
        var probe = selected
        while below < pad, let n = outline.nextVisible(probe, folds: folds) {
            below += 1
            probe = n
        }
        if selected < top {
            top = outline.visible(from: selected, by: centre ? -(height / 2) : -pad, folds: folds)
            return
        }
        guard let distance = outline.rowDistance(from: top, to: selected, limit: height, folds: folds) else {
            top = outline.visible(from: selected, by: centre ? -(height / 2) : -(height - 1 - below), folds: folds)
            return
        }
        if distance > height - 1 - below {
            top = outline.visible(from: selected, by: -(height - 1 - below), folds: folds)
        } else if distance < pad {
            top = outline.visible(from: selected, by: -pad, folds: folds)
        }
    }
}
