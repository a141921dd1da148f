/// The selection and scroll position of a ``List`` or ``Table``, owned by the app.
///
/// `selected` is an index into the items (nil: nothing selected); `offset` is the first item shown. Movement
/// methods clamp to the item count; rendering calls ``scrollToKeepVisible(height:count:padding:)`` so the
/// selection is always on screen.
public struct ListState: Hashable, Sendable {
    /// The selected item, or nil.
    public var selected: Int?
    /// The first item shown.
    public var offset: Int

    /// Creates a state; by default the first item is selected.
    public init(selected: Int? = 0, offset: Int = 0) {
        self.selected = selected
        self.offset = max(offset, 0)
    }

    /// Selects `index` clamped to `0..<count` (nothing when the list is empty).
    public mutating func select(_ index: Int?, count: Int) {
        guard let index, count > 0 else {
            selected = nil
            return
        }
        selected = min(max(index, 0), count - 1)
    }

    /// Moves the selection down by `step` (selecting the first item when none is selected).
    public mutating func selectNext(count: Int, step: Int = 1) {
        select(selected.map { $0 + step } ?? 0, count: count)
    }

    /// Moves the selection up by `step`.
    public mutating func selectPrevious(count: Int, step: Int = 1) {
        select(selected.map { $0 - step } ?? 0, count: count)
    }

    /// Selects the first item.
    public mutating func selectFirst(count: Int) { select(0, count: count) }

    /// Selects the last item.
    public mutating func selectLast(count: Int) { select(count - 1, count: count) }

    /// Moves down a page of `pageSize` rows.
    public mutating func pageDown(count: Int, pageSize: Int) {
        selectNext(count: count, step: max(pageSize - 1, 1))
    }

    /// Moves up a page of `pageSize` rows.
    public mutating func pageUp(count: Int, pageSize: Int) {
        selectPrevious(count: count, step: max(pageSize - 1, 1))
    }

    /// Adjusts ``offset`` so the selection is visible in `height` rows with `padding` rows of context above and
    /// below where possible, and so no empty rows show after the last item when there are enough items to fill.
    public mutating func scrollToKeepVisible(height: Int, count: Int, padding: Int = 0) {
        guard height > 0, count > 0 else {
            offset = 0
            if count == 0 { selected = nil }
            return
        }
        if let s = selected, s >= count { selected = count - 1 }
        let pad = min(max(padding, 0), (height - 1) / 2)
        if let s = selected {
            if s - pad < offset { offset = s - pad }
            if s + pad >= offset + height { offset = s + pad - height + 1 }
        }
        offset = min(max(offset, 0), max(count - height, 0))
    }

    /// The item shown on `row` (0 = the top row of the widget's area), or nil below the last item.
    public func index(atRow row: Int, count: Int) -> Int? {
        let index = offset + row
        return row >= 0 && index < count ? index : nil
    }
}

/// The state of a ``Table``: the selected row and the first row shown.
public typealias TableState = ListState
