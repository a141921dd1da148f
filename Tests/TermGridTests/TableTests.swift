import StrataTestSupport
import Testing

@testable import TermGrid

@Suite struct TableTests {
    @Test("a table draws a bold header, aligned columns and the selected row")
    func rendering() {
        let table = Table(
            columns: [
                .init("Method", width: .fixed(6)), .init("Path", width: .fill),
                .init("Time", width: .fixed(5), alignment: .right),
            ],
            rows: [
                ["GET", "/users", "12ms"],
                ["POST", "/users/42/avatar", "250ms"],
                ["DELETE", "/x", "1ms"],
            ])
        var buffer = Buffer(width: 22, height: 4)
        var state = TableState(selected: 1)
        buffer.render(table, in: buffer.area, state: &state)
        expectGrid(
            buffer,
            """
            |Method Path       Time|
            |GET    /users     12ms|
            |POST   /users/4… 250ms|
            |DELETE /x          1ms|
            """,
            styles: """
                bbbbbbbbbbbbbbbbbbbbbb
                ......................
                rrrrrrrrrrrrrrrrrrrrrr
                ......................
                """)
        #expect(table.index(at: Position(x: 3, y: 3), in: buffer.area, state: state) == 2)
        #expect(table.index(at: Position(x: 3, y: 0), in: buffer.area, state: state) == nil)
    }

    @Test("a short table scrolls to keep the selection under the header")
    func scrolling() {
        let table = Table(columns: [.init("N", width: .fill)], rows: (0..<10).map { [Line("row \($0)")] })
        var buffer = Buffer(width: 6, height: 3)
        var state = TableState(selected: 7)
        buffer.render(table, in: buffer.area, state: &state)
        expectGrid(
            buffer,
            """
            |N     |
            |row 6 |
            |row 7 |
            """)
    }
}
