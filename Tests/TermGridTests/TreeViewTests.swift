import StrataTestSupport
import Testing

@testable import TermGrid

@Suite struct TreeViewTests {
    let rows: [TreeRow] = [
        TreeRow(depth: 0, marker: .expanded, spans: [TextSpan("users", style: Style(foreground: .blue)), " [2]"]),
        TreeRow(depth: 1, marker: .collapsed, spans: ["[0] {3}"]),
        TreeRow(depth: 1, marker: .expanded, spans: ["[1]"]),
        TreeRow(depth: 2, spans: [TextSpan("name", style: Style(foreground: .blue)), ": \"Ada\""]),
    ]

    @Test("rows are indented by depth with fold markers, the selection highlighted")
    func rendering() {
        var buffer = Buffer(width: 16, height: 4)
        var state = TreeViewState(selected: 1)
        buffer.render(TreeView(rows), in: buffer.area, state: &state)
        expectGrid(
            buffer,
            """
            |▾ users [2]     |
            |  ▸ [0] {3}     |
            |  ▾ [1]         |
            |      name: "Ad…|
            """,
            styles: """
                ..ccccc.........
                rrrrrrrrrrrrrrrr
                ................
                ......cccc......
                """)
    }

    @Test("a long row ends in an ellipsis; horizontal offset scrolls deep rows")
    func clippingAndOffset() {
        var buffer = Buffer(width: 12, height: 2)
        var state = TreeViewState(selected: nil, offset: 2)
        buffer.render(TreeView(rows), in: buffer.area, state: &state)
        #expect(buffer.lines() == ["  ▾ [1]     ", "      name:…"])
        var shifted = Buffer(width: 12, height: 2)
        let view = TreeView(count: rows.count, horizontalOffset: 4) { rows[$0] }
        shifted.render(view, in: shifted.area, state: &state)
        #expect(shifted.lines() == ["…1]         ", "… name: \"Ad…"])
    }

    @Test("clicks find the row and whether the fold marker was hit")
    func clicks() {
        let view = TreeView(rows)
        let area = Rect(x: 0, y: 0, width: 16, height: 4)
        let state = TreeViewState(selected: 0)
        #expect(view.index(at: Position(x: 5, y: 2), in: area, state: state) == 2)
        #expect(view.isOnMarker(Position(x: 2, y: 1), in: area, state: state))
        #expect(!view.isOnMarker(Position(x: 3, y: 1), in: area, state: state))
        #expect(!view.isOnMarker(Position(x: 4, y: 3), in: area, state: state))
    }
}
