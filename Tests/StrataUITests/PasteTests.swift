import Foundation
import Strata
import StrataTestSupport
import StrataUI
import TermGrid
import Testing

/// Pasting, and long input typed key by key: one edit per paste, never keys, and costs that do not grow with the
/// square of the input (the sizes here would hang the suite if they did). The long cases run off Swift's shared
/// threads (``offPool(_:)``), so they never hold up tests waiting there.
@Suite("Paste and long input")
struct PasteTests {
    /// 100 000 characters ending in a recognisable tail.
    static let long = String(repeating: "0123456789", count: 9_999) + "abcdefghij"

    @Test("a paste into the field being edited is one edit at the cursor; line breaks become spaces")
    func pasteIntoField() throws {
        var state = try ExplorerFixtures.demoState()
        try press(&state, "Tab Down Enter =ab Left")
        #expect(state.editor?.purpose == .paramValue(name: "q"))
        #expect(state.update(.paste("1\n2\t3 q r")).isEmpty)
        #expect(state.editor?.field.text == "a1 2 3 q rb")
        #expect(!state.isFinished)
        // One edit: Esc drops all of it, keeping the old value.
        try press(&state, "Escape")
        #expect(state.edits["listProducts"] == nil)
        try press(&state, "Enter")
        _ = state.update(.paste(PasteTests.long))
        try press(&state, "Enter")
        #expect(state.edits["listProducts"] == [.set(name: "q", value: PasteTests.long)])
        #expect(state.draft?.request?.url.hasSuffix("q=\(PasteTests.long)&api_key=demo-key") == true)
    }

    @Test("a paste outside a field is ignored with a notice, never read as keys")
    func pasteOutsideField() throws {
        var state = try ExplorerFixtures.demoState()
        #expect(state.update(.paste("rq?")).isEmpty)
        #expect(!state.isFinished)
        #expect(state.run == nil)
        #expect(state.overlay == nil)
        #expect(state.notice?.text.hasPrefix("paste ignored") == true)
        try press(&state, "Down")
        #expect(state.notice == nil)
    }

    @Test("a paste into the route filter filters at once")
    func pasteIntoFilter() throws {
        var state = try ExplorerFixtures.demoState()
        try press(&state, "/")
        _ = state.update(.paste("catalog"))
        #expect(state.visibleRoutes.map(\.name) == ["catalogXML"])
    }

    @Test("a long pasted value shows its end, with the cursor after it, in the params table")
    func longValueScrolledToCursor() async throws {
        var state = try ExplorerFixtures.demoState()
        try press(&state, "Tab Down Enter")
        _ = state.update(.paste(PasteTests.long))
        let frame = try await offPool { [state] in ExplorerView.frame(state) }
        let row = try #require(frame.buffer.lines().firstIndex { $0.contains("│ q ") })
        let line = frame.buffer.line(row)
        #expect(line.contains("│ q           5678901234567890123456789abcdefghij   query   edited (default empty)"))
        let cursor = try #require(frame.cursor)
        #expect(cursor.y == row)
        #expect(Array(line)[cursor.x - 1] == "j")
        #expect(Array(line)[cursor.x] == " ")
        // The title shows the start of the URL, cut.
        #expect(frame.buffer.line(0).contains("GET https://shop.example.com/api/products?page=1&q=0123456789"))
    }

    @Test("20 000 characters typed key by key through the reducer, then edited at the start")
    func longTyping() async throws {
        let state = try await offPool {
            var state = try ExplorerFixtures.demoState()
            try press(&state, "Tab Down Enter")
            let digits = Array("0123456789")
            for i in 0..<20_000 { _ = state.update(.key(.character(digits[i % 10]))) }
            try press(&state, "Home =x End BSpace")
            return state
        }
        let text = try #require(state.editor?.field.text)
        #expect(text.utf8.count == 20_000)
        #expect(text.hasPrefix("x0123"))
        #expect(text.hasSuffix("678"))
    }

    @Test("20 000 characters typed into a param value build the draft only while the title can show more of them")
    func longTypingBuildsWhatShows() throws {
        var state = try ExplorerFixtures.demoState()
        try press(&state, "Tab Down Enter")
        let before = state.requestEditor.draftBuilds
        for _ in 0..<20_000 { _ = state.update(.key(.character("7"))) }
        let builds = state.requestEditor.draftBuilds - before
        #expect(builds <= state.size.width, "one draft per key the title can show, none after (\(builds) drafts)")
        // The URL follows the typing as far as it shows.
        let frame = ExplorerView.render(state)
        #expect(frame.line(0).contains("GET https://shop.example.com/api/products?page=1&q=777777777777"))
        try press(&state, "Enter")
        let typed = String(repeating: "7", count: 20_000)
        #expect(state.edits["listProducts"] == [.set(name: "q", value: typed)])
        #expect(state.draft?.request?.url.hasSuffix("q=\(typed)&api_key=demo-key") == true)
    }

    @Test("the program loop takes a burst of keys in batches and a paste as one event, then quits on q")
    func burstThroughTheLoop() async throws {
        let backend = MemoryBackend(width: 120, height: 40)
        let program = ExplorerProgram(state: try ExplorerFixtures.demoState(), backend: backend)
        var events: [Event] = [.key(.tab), .key(.down), .key(.enter)]
        events += Array(repeating: .key(.character("7")), count: 20_000)
        events += [.paste(PasteTests.long), .key(.enter), .key(.character("q"))]
        backend.events.push(contentsOf: events)
        let box = Unchecked(program)
        try await offPool { try box.value.run() }
        #expect(program.state.isFinished)
        let value = program.state.edits["listProducts"]?.first
        #expect(value == .set(name: "q", value: String(repeating: "7", count: 20_000) + PasteTests.long))
        #expect(backend.flushCount < 100, "a frame per batch of input, not per key (\(backend.flushCount) frames)")
    }
}
