import StrataTestSupport
import Testing

@testable import TermGrid

@Suite struct ListTests {
    let items: [Line] = (1...10).map { Line("item \($0)") }

    @Test("a list highlights the selected row across the whole width")
    func highlight() {
        var buffer = Buffer(width: 10, height: 3)
        var state = ListState(selected: 1)
        buffer.render(List(items, highlightSymbol: "> "), in: buffer.area, state: &state)
        expectGrid(
            buffer,
            """
            |  item 1  |
            |> item 2  |
            |  item 3  |
            """,
            styles: """
                ..........
                rrrrrrrrrr
                ..........
                """)
    }

    @Test("moving the selection below the view scrolls to keep it visible")
    func scrollsDown() {
        var buffer = Buffer(width: 8, height: 3)
        var state = ListState(selected: 0)
        state.selectNext(count: items.count, step: 4)
        buffer.render(List(items), in: buffer.area, state: &state)
        #expect(state.offset == 2)
        expectGrid(
            buffer,
            """
            |item 3  |
            |item 4  |
            |item 5  |
            """,
            styles: """
                ........
                ........
                rrrrrrrr
                """)
    }

    @Test("moving up above the view scrolls up, and padding keeps context rows")
    func scrollsUpWithPadding() {
        var state = ListState(selected: 5, offset: 5)
        state.scrollToKeepVisible(height: 4, count: 10, padding: 1)
        #expect(state.offset == 4)
        state.select(9, count: 10)
        state.scrollToKeepVisible(height: 4, count: 10, padding: 1)
        #expect(state.offset == 6)  // never scrolls past the last item
    }

    @Test("selection is clamped to the items and cleared for an empty list")
    func clamping() {
        var state = ListState(selected: 3)
        state.selectNext(count: 4)
        #expect(state.selected == 3)
        state.selectPrevious(count: 4, step: 10)
        #expect(state.selected == 0)
        state.selectLast(count: 4)
        #expect(state.selected == 3)
        state.pageUp(count: 4, pageSize: 3)
        #expect(state.selected == 1)
        state.scrollToKeepVisible(height: 3, count: 0)
        #expect(state.selected == nil)
        #expect(state.offset == 0)
    }

    @Test("the highlight symbol keeps its own style, and other rows are indented in that style")
    func styledSymbol() {
        var buffer = Buffer(width: 6, height: 2)
        var state = ListState(selected: 0)
        let list = List(
            [Line("a"), Line("b")], highlightStyle: .plain, highlightSymbol: TextSpan("▸", style: Style().bold))
        buffer.render(list, in: buffer.area, state: &state)
        expectGrid(
            buffer,
            """
            |▸a    |
            | b    |
            """)
        #expect(buffer[0, 0].style == Style().bold)
        #expect(buffer[0, 1].style == Style().bold)
        #expect(buffer[1, 1].style == .plain)
    }

    @Test("long items end in an ellipsis; clicks map to items")
    func ellipsisAndClicks() {
        var buffer = Buffer(width: 8, height: 2)
        var state = ListState(selected: nil)
        let list = List([Line("a very long item"), Line("short")])
        buffer.render(list, in: buffer.area, state: &state)
        expectGrid(
            buffer,
            """
            |a very …|
            |short   |
            """)
        #expect(list.index(at: Position(x: 3, y: 1), in: buffer.area, state: state) == 1)
        #expect(list.index(at: Position(x: 3, y: 5), in: buffer.area, state: state) == nil)
    }

    @Test("a lazy list asks only for the visible items")
    func lazy() {
        var buffer = Buffer(width: 10, height: 3)
        var state = ListState(selected: 500_000)
        var asked: [Int] = []
        let list = List(count: 1_000_000) { index in
            asked.append(index)
            return Line("#\(index)")
        }
        buffer.render(list, in: buffer.area, state: &state)
        #expect(asked == [499_998, 499_999, 500_000])
        #expect(buffer.line(2, trimmingTrailingSpaces: true) == "#500000")
    }
}
