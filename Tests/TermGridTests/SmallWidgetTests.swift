import StrataTestSupport
import Testing

@testable import TermGrid

@Suite struct SmallWidgetTests {
    @Test("tabs separate titles with a divider and highlight the selected one")
    func tabs() {
        var buffer = Buffer(width: 30, height: 1)
        let tabs = Tabs(["Request", "Response", "Mapping"], selected: 1)
        buffer.render(tabs, in: buffer.area)
        expectGrid(buffer, "| Request │ Response │ Mapping |", styles: "..........rrrrrrrrrr..........")
        #expect(tabs.index(atColumn: 12, in: buffer.area) == 1)
        #expect(tabs.index(atColumn: 9, in: buffer.area) == nil)
    }

    @Test("tabs that do not fit are cut")
    func tabsTooWide() {
        var buffer = Buffer(width: 16, height: 1)
        buffer.render(Tabs(["Request", "Response"], selected: 0), in: buffer.area)
        expectGrid(buffer, "| Request │ Resp…|")
    }

    @Test("a popup is centred, clears what is below and draws a frame with its lines")
    func popup() {
        var buffer = Buffer(lines: Array(repeating: "xxxxxxxxxxxxxxxx", count: 6))
        buffer.render(Popup(title: "Help", lines: ["q quit"]), in: buffer.area)
        expectGrid(
            buffer,
            """
            |xxxxxxxxxxxxxxxx|
            |xxx┌ Help ──┐xxx|
            |xxx│ q quit │xxx|
            |xxx└────────┘xxx|
            |xxxxxxxxxxxxxxxx|
            |xxxxxxxxxxxxxxxx|
            """)
    }

    @Test("the status bar keeps the right part and cuts the left one")
    func statusBar() {
        var buffer = Buffer(width: 24, height: 1)
        let bar = StatusBar(left: "GET /users/42 200 OK 12ms", right: "? help")
        buffer.render(bar, in: buffer.area)
        expectGrid(buffer, "| GET /users/42 … ? help |", styles: "rrrrrrrrrrrrrrrrrrrrrrrr")
    }

    @Test("a popup's content area is inside the border, one column in from each side")
    func popupContentArea() {
        let popup = Popup(title: "Help", lines: ["q quit"])
        let area = Rect(x: 0, y: 0, width: 16, height: 6)
        #expect(popup.area(in: area) == Rect(x: 3, y: 1, width: 10, height: 3))
        #expect(popup.contentArea(in: area) == Rect(x: 5, y: 2, width: 6, height: 1))
    }

    @Test("the status bar's right part can sit flush right with a wider gap before it")
    func statusBarFlushRight() {
        var buffer = Buffer(width: 20, height: 1)
        let bar = StatusBar(left: "GET /users/42 200", right: "? help", style: .plain, gap: 3, trailingPadding: 0)
        buffer.render(bar, in: buffer.area)
        expectGrid(buffer, "| GET /user…   ? help|")
    }

    @Test("the clear widget blanks its area only")
    func clear() {
        var buffer = Buffer(lines: ["abc", "def"])
        buffer.render(Clear(), in: Rect(x: 1, y: 0, width: 5, height: 1))
        expectGrid(
            buffer,
            """
            |a  |
            |def|
            """)
    }

    @Test("the spinner cycles through its frames by tick and by time")
    func spinner() {
        #expect(Spinner.frame(tick: 0) == "⠋")
        #expect(Spinner.frame(tick: 10) == "⠋")
        #expect(Spinner.frame(tick: -1) == "⠏")
        #expect(Spinner.frame(elapsed: .milliseconds(170)) == "⠹")
        #expect(Set(Spinner.frames.map(DisplayWidth.of)) == [1])
    }
}

@Suite("Lines cut at a word")
struct LineCutTests {
    @Test("a line too long is cut after its last whole word, with …; one that fits is unchanged")
    func cutsAfterAWord() {
        let line = Line([TextSpan("serving demo "), TextSpan("at http://127.0.0.1:8080; T shows the routes")])
        #expect(line.cutAtWord(room: 100) == line)
        #expect(line.cutAtWord(room: 40).plainText == "serving demo at http://127.0.0.1:8080;…")
        #expect(line.cutAtWord(room: 48).plainText == "serving demo at http://127.0.0.1:8080; T shows…")
        #expect(line.cutAtWord(room: 48).width <= 48)
        // Ending exactly before a space keeps the whole word.
        #expect(Line("one two three").cutAtWord(room: 8).plainText == "one two…")
        // A single word wider than the room is cut inside it.
        #expect(Line("abcdefghij").cutAtWord(room: 5).plainText == "abcd…")
        #expect(Line("wide 漢字漢字").cutAtWord(room: 8).plainText == "wide…")
        #expect(line.cutAtWord(room: 40).spans.map(\.text) == ["serving demo ", "at http://127.0.0.1:8080;", "…"])
    }
}
