import StrataTestSupport
import Testing

@testable import TermGrid

@Suite struct ParagraphTests {
    @Test("without wrapping, long lines are clipped with an ellipsis")
    func clipping() {
        var buffer = Buffer(width: 10, height: 3)
        buffer.render(Paragraph(text: "short\na line that is too long\n\tdone"), in: buffer.area)
        expectGrid(
            buffer,
            """
            |short     |
            |a line th…|
            |    done  |
            """)
    }

    @Test("styled spans keep their styles")
    func spans() {
        var buffer = Buffer(width: 12, height: 1)
        let line = Line([
            TextSpan("\"id\"", style: Style(foreground: .blue)), ": ", TextSpan("42", style: Style().bold),
        ])
        buffer.render(Paragraph([line]), in: buffer.area)
        expectGrid(buffer, "|\"id\": 42    |", styles: "cccc..bb....")
    }

    @Test("wrapping breaks at spaces and splits words longer than a row")
    func wrapping() {
        var buffer = Buffer(width: 8, height: 5)
        buffer.render(Paragraph([Line("the quick brown fox"), Line("abcdefghijklm")], wrap: true), in: buffer.area)
        expectGrid(
            buffer,
            """
            |the     |
            |quick   |
            |brown   |
            |fox     |
            |abcdefgh|
            """)
        #expect(Paragraph([Line("the quick brown fox"), Line("abcdefghijklm")], wrap: true).rowCount(width: 8) == 6)
    }

    @Test("wrapping keeps wide characters whole")
    func wrappingWide() {
        let rows = Paragraph.wrap(Line("日本語のテキスト"), width: 5)
        #expect(rows.map(\.plainText) == ["日本", "語の", "テキ", "スト"])
    }

    @Test("vertical and horizontal scrolling")
    func scrolling() {
        var buffer = Buffer(width: 6, height: 2)
        let lines = (0..<5).map { Line("line \($0) of text") }
        buffer.render(Paragraph(lines, scroll: 2, horizontalScroll: 5), in: buffer.area)
        // "line 2 of text" scrolled by 5 is "2 of text": both edges show … over the first and last column.
        expectGrid(
            buffer,
            """
            |… of …|
            |… of …|
            """)
    }

    @Test("a response body cannot inject escape sequences")
    func injection() {
        var buffer = Buffer(width: 24, height: 2)
        buffer.render(Paragraph(text: "{\"a\":\"\u{1B}]2;pwned\u{07}\"}\n\u{1B}[2J\u{9B}0m"), in: buffer.area)
        expectGrid(
            buffer,
            """
            |{"a":"␛]2;pwned␇"}      |
            |␛[2J<9B>0m              |
            """)
    }
}
