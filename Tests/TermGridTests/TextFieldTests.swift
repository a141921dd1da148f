import StrataTestSupport
import Testing

@testable import TermGrid

@Suite struct TextFieldTests {
    @Test("typing inserts at the cursor; Backspace and Delete remove around it")
    func editing() {
        var state = TextFieldState()
        for key in try! Key.parse(tmuxKeys: "=helo Left l End =! BSpace Home DC") { state.handle(key) }
        #expect(state.text == "ello")
        #expect(state.cursor == 0)
    }

    @Test("Ctrl-U deletes to the start, Ctrl-K to the end, Ctrl-W a word")
    func killing() {
        var state = TextFieldState(text: "GET /users/42 now")
        state.handle(.ctrl("w"))
        #expect(state.text == "GET /users/42 ")
        state.cursor = 4
        state.handle(.ctrl("k"))
        #expect(state.text == "GET ")
        state.handle(.ctrl("u"))
        #expect(state.text == "")
        #expect(state.cursor == 0)
    }

    @Test("the cursor stays within the text and words can be skipped")
    func cursorMovement() {
        var state = TextFieldState(text: "one two three")
        state.moveRight()
        #expect(state.cursor == 13)
        state.moveWordLeft()
        #expect(state.cursor == 8)
        state.moveWordLeft()
        #expect(state.cursor == 4)
        state.moveWordRight()
        #expect(state.cursor == 7)
        state.cursor = -5
        #expect(state.cursor == 0)
        state.moveLeft()
        #expect(state.cursor == 0)
        state.text = "ab"
        state.cursor = 99
        #expect(state.cursor == 2)
    }

    @Test("keys a field does not handle are left to the app")
    func unhandledKeys() {
        var state = TextFieldState(text: "x")
        let handled = [Key.enter, .escape, .up, .tab, .character("y")].map { state.handle($0) }
        #expect(handled == [false, false, false, false, true])
        #expect(state.text == "xy")
    }

    @Test("pasted newlines become spaces and control characters are dropped")
    func pasting() {
        var state = TextFieldState()
        state.insert("a\nb\tc\u{1B}[2J")
        #expect(state.text == "a b c[2J")
    }

    @Test("the field scrolls to keep the cursor visible and reports the cursor position")
    func scrolling() {
        var buffer = Buffer(width: 10, height: 1)
        var state = TextFieldState(text: "https://example.com")
        let field = TextField(prompt: TextSpan("URL ", style: Style().bold))
        buffer.render(field, in: buffer.area, state: &state)
        expectGrid(buffer, "|URL e.com |", styles: "bbbb......")
        #expect(state.cursorPosition == Position(x: 9, y: 0))
        state.moveHome()
        buffer = Buffer(width: 10, height: 1)
        buffer.render(field, in: buffer.area, state: &state)
        expectGrid(buffer, "|URL https:|")
        #expect(state.cursorPosition == Position(x: 4, y: 0))
        #expect(state.firstVisible == 0)
    }

    @Test("wide characters count two columns for the cursor")
    func wideCursor() {
        var buffer = Buffer(width: 8, height: 1)
        var state = TextFieldState(text: "日本語")
        state.cursor = 2
        buffer.render(TextField(), in: Rect(x: 1, y: 0, width: 7, height: 1), state: &state)
        expectGrid(buffer, "| 日本語 |")
        #expect(state.cursorPosition == Position(x: 5, y: 0))
    }

    @Test("an empty field shows its placeholder dimmed with the cursor at the start")
    func placeholder() {
        var buffer = Buffer(width: 10, height: 1)
        var state = TextFieldState()
        buffer.render(TextField(placeholder: "filter…"), in: buffer.area, state: &state)
        expectGrid(buffer, "|filter…   |", styles: "ddddddd...")
        #expect(state.cursorPosition == Position(x: 0, y: 0))
    }

    @Test("a 100 000-character value is edited and drawn around the cursor, at any length")
    func longText() {
        // Typed key by key: quadratic editing (counting from the start per key) would take minutes here.
        var state = TextFieldState()
        let digits = Array("0123456789")
        for i in 0..<20_000 { state.handle(.character(digits[i % 10])) }
        state.insert(String(repeating: "abcdefghij", count: 8_000))
        #expect(state.text.utf8.count == 100_000)
        #expect(state.cursorOffset == 100_000)
        var buffer = Buffer(width: 12, height: 1)
        buffer.render(TextField(prompt: "v "), in: buffer.area, state: &state)
        expectGrid(buffer, "|v bcdefghij |")
        #expect(state.cursorPosition == Position(x: 11, y: 0))
        // Moving left past the window's start puts the cursor at its left edge.
        for _ in 0..<12 { state.moveLeft() }
        buffer.render(TextField(prompt: "v "), in: buffer.area, state: &state)
        expectGrid(buffer, "|v ijabcdefgh|")
        #expect(state.cursorPosition == Position(x: 2, y: 0))
        state.moveWordLeft()
        state.handle(.character("X"))
        buffer.render(TextField(prompt: "v "), in: buffer.area, state: &state)
        expectGrid(buffer, "|v 0123456789|")
        #expect(state.cursorPosition == Position(x: 2, y: 0))
        #expect(state.cursor == 1)
        state.deleteToEnd()
        #expect(state.text == "X")
    }

    @Test("the cursor stays on character boundaries when an edit joins characters")
    func graphemeEdits() {
        var state = TextFieldState(text: "cafe")
        state.insert("\u{301}")  // a combining accent joins the e
        #expect(state.text == "café")
        #expect(state.cursor == 4)
        state.handle(.backspace)
        #expect(state.text == "caf")
        state.insert("🇫")
        state.insert("🇷")  // two regional indicators are one flag
        #expect(state.cursor == 4)
        state.moveLeft()
        #expect(state.cursor == 3)
        state.insert("日")
        #expect(state.text == "caf日🇫🇷")
        #expect(state.cursor == 4)
    }
}
