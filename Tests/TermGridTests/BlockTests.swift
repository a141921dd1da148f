import StrataTestSupport
import Testing

@testable import TermGrid

@Suite struct BlockTests {
    @Test("a block draws borders with the title on the top edge")
    func bordersAndTitle() {
        var buffer = Buffer(width: 12, height: 4)
        buffer.render(Block(title: "Routes"), in: buffer.area)
        expectGrid(
            buffer,
            """
            |┌ Routes ──┐|
            |│          │|
            |│          │|
            |└──────────┘|
            """)
        #expect(Block(title: "Routes").inner(buffer.area) == Rect(x: 1, y: 1, width: 10, height: 2))
    }

    @Test("a long title is cut with an ellipsis to keep the right title whole")
    func rightTitle() {
        var buffer = Buffer(width: 30, height: 3)
        let block = Block(title: "GET https://example.com/users/42", rightTitle: "MOCK")
        buffer.render(block, in: buffer.area)
        expectGrid(
            buffer,
            """
            |┌ GET https://exampl… ─ MOCK ┐|
            |│                            │|
            |└────────────────────────────┘|
            """)
    }

    @Test("short titles leave the border between them")
    func bothTitlesFit() {
        var buffer = Buffer(width: 20, height: 2)
        buffer.render(Block(title: "GET /a", rightTitle: "MOCK", borders: [.top, .left, .right]), in: buffer.area)
        expectGrid(
            buffer,
            """
            |┌ GET /a ──── MOCK ┐|
            |│                  │|
            """)
    }

    @Test("a focused block draws its border in the focused style")
    func focusStyle() {
        var buffer = Buffer(width: 6, height: 3)
        buffer.render(Block(title: "A", isFocused: true), in: buffer.area)
        expectGrid(
            buffer,
            """
            |┌ A ─┐|
            |│    │|
            |└────┘|
            """,
            styles: """
                bbbbbb
                b....b
                bbbbbb
                """)
        #expect(buffer[0, 0].style.foreground == .cyan)
        var unfocused = Buffer(width: 6, height: 3)
        unfocused.render(Block(title: "A"), in: unfocused.area)
        #expect(unfocused.styleMask() == "......\n......\n......")
    }

    @Test("title styles are kept and a tiny block draws what fits")
    func tinyBlock() {
        var buffer = Buffer(width: 4, height: 2)
        buffer.render(Block(title: Line([TextSpan("Long title", style: Style().bold)])), in: buffer.area)
        expectGrid(
            buffer,
            """
            |┌──┐|
            |└──┘|
            """)
        var nothing = Buffer(width: 3, height: 3)
        nothing.render(Block(title: "x"), in: Rect(x: 1, y: 1, width: 0, height: 0))
        #expect(nothing == Buffer(width: 3, height: 3))
    }

    @Test("rounded borders and a CJK title")
    func roundedAndWide() {
        var buffer = Buffer(width: 10, height: 3)
        buffer.render(Block(title: "日本", borderSet: .rounded), in: buffer.area)
        expectGrid(
            buffer,
            """
            |╭ 日本 ──╮|
            |│        │|
            |╰────────╯|
            """)
    }
}
