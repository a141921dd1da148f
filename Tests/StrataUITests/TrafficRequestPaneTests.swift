import Strata
import StrataUI
import TermGrid
import Testing

/// The selected Traffic request in the request pane's place: taller on tall screens, focusable with Tab, scrolled
/// with the movement keys, showing every header and the body (pretty-printed JSON), with its secrets redacted.
@Suite struct TrafficRequestPaneTests {
    /// A state at `size` serving the demo session, with the big order arrived and shown.
    static func serving(_ size: Size) throws -> ExplorerState {
        var state = try ExplorerFixtures.demoState(width: size.width, height: size.height)
        _ = state.update(.servingChanged(url: "http://127.0.0.1:8080", problem: nil))
        _ = state.update(.trafficArrived(TrafficFixtures.entry(TrafficFixtures.bigOrder(), in: state.session)))
        return state
    }

    /// The rows of the request pane's place on screen, as text.
    static func requestRows(_ state: ExplorerState) throws -> [String] {
        let rect = try #require(state.layout.rect(for: .trafficRequest))
        let lines = ExplorerView.render(state).lines()
        return lines[rect.y..<rect.bottom].map { String($0.dropFirst(rect.x).prefix(rect.width)) }
    }

    @Test("a POST with 8 headers and a JSON body at 160x60: every header shows, and the body's last line after G")
    func bigPostScrolls() throws {
        var state = try Self.serving(Size(width: 160, height: 60))
        let rect = try #require(state.layout.rect(for: .trafficRequest))
        #expect(rect.height == 20, "the pane grows with the screen (it was 12 rows at any height)")
        let first = try Self.requestRows(state).joined(separator: "\n")
        for name in ["Content-Type", "Accept", "User-Agent", "Authorization", "X-A ", "X-B", "X-Request-Id"] {
            #expect(first.contains(name), "\(name) in\n\(first)")
        }
        #expect(first.contains("X-Last-Header omega"), "\(first)")
        #expect(first.contains("Body · 335 B · JSON"), "\(first)")
        #expect(!first.contains("leave at the door"), "the body's end is below the fold at first")
        #expect(first.contains("1–18 of 51"), "the title says which rows show: \(first)")

        // Tab focuses the request; G goes to the body's last line.
        try press(&state, "Tab")
        #expect(state.focus == .trafficRequest)
        try press(&state, "G")
        let end = try Self.requestRows(state)
        let inner = end.dropFirst().dropLast()
        #expect(inner.last?.contains("}") == true, "\(end.joined(separator: "\n"))")
        #expect(inner.dropLast().last?.contains(#""note": "leave at the door""#) == true)
        #expect(end[0].contains("34–51 of 51"))
        #expect(state.traffic.detailTop == 33)

        // g goes back to the top, ↓ and PgDn scroll, and never past the end.
        try press(&state, "g")
        #expect(state.traffic.detailTop == 0)
        try press(&state, "Down Down")
        #expect(state.traffic.detailTop == 2)
        try press(&state, "PageDown")
        #expect(state.traffic.detailTop == 19, "a page is the rows shown less one")
        try press(&state, "PageDown PageDown")
        #expect(state.traffic.detailTop == 33)
        try press(&state, "Up PageUp")
        #expect(state.traffic.detailTop == 15)
    }

    @Test("the body shows pretty-printed with its secrets redacted; the bearer token never shows")
    func bodyRedacted() throws {
        var state = try Self.serving(Size(width: 160, height: 60))
        try press(&state, "Tab G")
        let screens =
            [ExplorerView.render(state).lines().joined(separator: "\n")]
            + [try Self.requestRows(state).joined(separator: "\n")]
        try press(&state, "g")
        let top = try Self.requestRows(state).joined(separator: "\n")
        for screen in screens + [top] {
            #expect(!screen.contains("tok_live_9f8e7d6c"))
            #expect(!screen.contains("s3cr3t-token"))
        }
        #expect(top.contains(#"  "card_token": "<redacted>","#), "\(top)")
        #expect(top.contains("Authorization <redacted>"), "\(top)")
        let entry = try #require(state.traffic.selection)
        #expect(entry.bodyIsJSON)
        #expect(entry.params.isEmpty, "a JSON body's members are in the body, not repeated as params")
    }

    @Test("Tab goes Traffic → its request → Raw; T from the request shows the routes; clicks and the wheel")
    func focusAndMouse() throws {
        var state = try Self.serving(Size(width: 160, height: 60))
        #expect(state.focus == .traffic)
        try press(&state, "Tab")
        #expect(state.focus == .trafficRequest)
        try press(&state, "Tab")
        #expect(state.focus == .raw)
        try press(&state, "BTab")
        #expect(state.focus == .trafficRequest)
        try press(&state, "x")
        #expect(state.notice?.text == "x does nothing in Request (? lists the keys)")
        try press(&state, "T")
        #expect(!state.traffic.isShown && state.focus == .routes)
        try press(&state, "T")
        let rect = try #require(state.layout.rect(for: .trafficRequest))
        _ = state.update(.mouse(MouseEvent(.wheelDown, x: rect.x + 5, y: rect.y + 5)))
        #expect(state.traffic.detailTop == 3)
        #expect(state.focus == .traffic, "the wheel scrolls without focusing")
        _ = state.update(.mouse(MouseEvent(.press(.left), x: rect.x + 5, y: rect.y + 5)))
        #expect(state.focus == .trafficRequest)
    }

    @Test("while the request's pane is focused, an arrival does not replace what is being read")
    func noFollowWhileReading() throws {
        var state = try Self.serving(Size(width: 160, height: 60))
        try press(&state, "Tab Down Down Down")
        let effects = state.update(
            .trafficArrived(TrafficFixtures.entry("GET", "/products?page=1", in: state.session)))
        #expect(effects.isEmpty)
        #expect(state.traffic.selection?.path == "/orders")
        #expect(state.traffic.detailTop == 3)
        // Back in the list, ↑ selects the newest and shows it from its top.
        try press(&state, "BTab Up")
        #expect(state.traffic.selection?.path == "/products?page=1")
        #expect(state.traffic.detailTop == 0)
    }

    @Test("a shorter screen keeps the pane's old height; a resize keeps the scroll within the rows")
    func resize() throws {
        var state = try Self.serving(Size(width: 120, height: 40))
        #expect(state.layout.rect(for: .trafficRequest)?.height == 12)
        try press(&state, "Tab G")
        let bottom = state.traffic.detailTop
        _ = state.update(.resize(Size(width: 160, height: 60)))
        #expect(bottom == 41)
        #expect(state.traffic.detailTop == 33)
    }

    @Test("a text body shows as its lines; past 64 KiB it says how many bytes were left out")
    func textBodyBounded() throws {
        let session = try ExplorerFixtures.demo()
        let text = "line one\r\nline two\u{1B}[2J\n" + String(repeating: "z", count: ServeJournal.bodyLimit)
        let entry = TrafficFixtures.entry(
            ServeRequest(
                method: "POST", path: "/orders", headers: ["Content-Type": "text/plain"], body: Array(text.utf8)),
            in: session)
        #expect(!entry.bodyIsJSON)
        #expect(entry.bodyLines.prefix(2) == ["line one", "line two\u{1B}[2J"])
        #expect(entry.bodyOmitted == text.utf8.count - ServeJournal.bodyLimit)
        var state = try ExplorerFixtures.demoState(width: 160, height: 60)
        _ = state.update(.servingChanged(url: "http://127.0.0.1:8080", problem: nil))
        _ = state.update(.trafficArrived(entry))
        try press(&state, "Tab")
        let top = try Self.requestRows(state).joined(separator: "\n")
        #expect(top.contains("line two␛[2J"), "controls show as visible escapes: \(top)")
        #expect(!ExplorerView.render(state).lines().joined().contains("\u{1B}"))
        try press(&state, "G")
        let end = try Self.requestRows(state).joined(separator: "\n")
        #expect(end.contains("… \(entry.bodyOmitted) more bytes (the first 64 KiB are shown)"), "\(end)")
    }
}
