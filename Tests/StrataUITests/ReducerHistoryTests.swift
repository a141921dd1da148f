import Foundation
import Strata
import StrataTestSupport
import StrataUI
import TermGrid
import Testing

/// `L` and the History list: every send is kept; an entry is shown again, sent again, or diffed by path.
@Suite("Reducer: history")
struct ReducerHistoryTests {
    /// The demo with `product` sent for id 1, then for id 404 (two entries, the 404 shown).
    func twoSends() async throws -> ExplorerProgram {
        let program = try await ExplorerFixtures.program(try ExplorerFixtures.demo())
        try await ExplorerFixtures.press(program, "Down r Tab Enter C-u =404 Enter r")
        #expect(program.state.response.document?.response.status == 404)
        return program
    }

    func list(_ program: ExplorerProgram) -> HistoryList? {
        guard case .history(let list)? = program.state.overlay else { return nil }
        return list
    }

    @Test("L lists the selected route's entries newest first; a switches to every route and back")
    func listsAndScopes() async throws {
        let program = try await twoSends()
        try await ExplorerFixtures.press(program, "BTab Up r Down L")
        let scoped = try #require(list(program))
        #expect(scoped.route == "product")
        #expect(scoped.entries?.map(\.number) == [2, 1])
        #expect(scoped.entries?.map(\.status) == [404, 200])
        #expect(ExplorerFixtures.screen(program).contains("History · product · 2"))
        try await ExplorerFixtures.press(program, "a")
        let all = try #require(list(program))
        #expect(all.route == nil)
        #expect(all.entries?.map(\.route) == ["listProducts", "product", "product"])
        // The title says what the kept bodies take, against the session's bound (500 MB by default).
        let bytes = all.entries?.reduce(0) { $0 + $1.size } ?? 0
        #expect(
            ExplorerFixtures.screen(program).contains(
                "History · every route · 3 · \(ByteCount.text(bytes)) of 500.0 MB"))
        try await ExplorerFixtures.press(program, "a Esc")
        #expect(program.state.overlay == nil)
    }

    @Test("the list's keys only ask for effects; the reducer reads nothing itself")
    func effectsOfTheKeys() throws {
        var state = try ExplorerFixtures.demoState()
        #expect(state.update(.key(.character("L"))) == [.listHistory(route: "listProducts")])
        let summary = HistoryEntry.Summary(
            number: 7, time: Date(timeIntervalSince1970: 0), route: "listProducts", source: "mock", method: "GET",
            url: "https://x/products", status: 200, size: 10, duration: .zero)
        _ = state.update(.historyListed(route: "listProducts", entries: [summary]))
        #expect(state.update(.key(.enter)) == [.loadHistoryEntry(number: 7, purpose: .show)])
        #expect(state.overlay == nil)
        _ = state.update(.key(.character("L")))
        _ = state.update(.historyListed(route: "listProducts", entries: [summary]))
        #expect(state.update(.key(.character("r"))) == [.loadHistoryEntry(number: 7, purpose: .resend)])
        _ = state.update(.key(.character("L")))
        _ = state.update(.historyListed(route: "listProducts", entries: [summary]))
        #expect(state.update(.key(.character("d"))) == [])
        #expect(state.notice?.text == "no parsed response shown to compare with: press r first")
        #expect(state.update(.key(.character("a"))) == [.listHistory(route: nil)])
        // A late listing of the other scope is dropped.
        _ = state.update(.historyListed(route: "listProducts", entries: [summary]))
        #expect(state.overlay == .history(HistoryList(route: nil)))
    }

    @Test("choosing an entry shows it through parse and map, marked as history, without sending")
    func showsAnEntry() async throws {
        let program = try await twoSends()
        try await ExplorerFixtures.press(program, "L Down Enter")
        #expect(program.state.overlay == nil)
        #expect(program.state.shownHistoryEntry == 1)
        #expect(program.state.response.document?.response.status == 200)
        #expect(program.state.response.document?.mapping != nil)
        #expect(ExplorerFixtures.screen(program).contains("history #1 · 200 OK"))
        // Nothing was sent: the history still holds two entries.
        try await ExplorerFixtures.press(program, "L")
        #expect(list(program)?.entries?.count == 2)
    }

    @Test("r in the list sends the entry's request again with its params (a new entry), d diffs it by path")
    func resendsAndDiffs() async throws {
        let program = try await twoSends()
        try await ExplorerFixtures.press(program, "L Down d")
        guard case .diff(let title, let lines, _)? = program.state.overlay else {
            Issue.record("no diff shown")
            return
        }
        #expect(title == "history #1 → the shown response: 4 added · 7 removed")
        #expect(lines.contains("- $.id: number 1"))
        #expect(lines.contains("+ $.status: number 404"))
        #expect(ExplorerFixtures.screen(program).contains("- $.name: string \"Desk Lamp\""))
        try await ExplorerFixtures.press(program, "Esc L Down r")
        #expect(program.state.response.document?.response.status == 200)
        #expect(program.state.draft?.request?.path == "/products/1")
        // "sending history #1 again" was about the send: it went with it.
        #expect(program.state.notice?.text.hasPrefix("sending history") != true, "\(program.state.notice?.text ?? "")")
        try await ExplorerFixtures.press(program, "L")
        #expect(list(program)?.entries?.map(\.status) == [200, 404, 200])
    }

    @Test("an entry diffed against the same response has no differences")
    func sameResponse() async throws {
        let program = try await twoSends()
        try await ExplorerFixtures.press(program, "L d")
        guard case .diff(let title, let lines, _)? = program.state.overlay else {
            Issue.record("no diff shown")
            return
        }
        #expect(title == "history #2 → the shown response: no differences")
        #expect(lines == ["The same values at every path."])
    }
}

/// A history that cannot be written never fails a send; the explorer says so.
@Suite("Explorer: a history that cannot be written")
struct HistoryNotKeptTests {
    @Test("the response is shown and the status bar says it was not kept")
    func saysSo() async throws {
        let dir = try ScratchDirectory(ShopSession.files())
        let outside = try ScratchDirectory()
        defer {
            dir.remove()
            outside.remove()
        }
        try FileManager.default.createSymbolicLink(atPath: dir.url(".strata"), withDestinationPath: outside.path)
        let session = try Session.load(from: dir.path)
        let program = ExplorerProgram(
            state: ExplorerState(session: session, size: Size(width: 120, height: 40)),
            backend: MemoryBackend(width: 120, height: 40),
            host: ExplorerHost(mock: MockSource(session: session), history: HistoryStore(session: session)))
        try await ExplorerFixtures.press(program, "r")
        #expect(program.state.response.document?.response.status == 200)
        let notice = try #require(program.state.notice)
        #expect(notice.kind == .error)
        #expect(notice.text.hasPrefix("the response was not kept: cannot write the history: "))
        #expect(outside.list().isEmpty)
    }
}

/// session.json's `history` bounds and `redact` list hold for the history as soon as the session is reloaded.
@Suite("Explorer: a reloaded session's history rules")
struct HistoryRulesReloadTests {
    @Test("R with a lower maxEntries drops the oldest entries at once, and a new redact name holds for the next send")
    func reloadAppliesBoundsAndRedaction() async throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        let history = HistoryStore(session: session)
        let program = ExplorerProgram(
            state: ExplorerState(session: session, size: Size(width: 120, height: 40)),
            backend: MemoryBackend(width: 120, height: 40),
            host: ExplorerHost(mock: MockSource(session: session), history: history))
        try await ExplorerFixtures.press(program, "r r r")
        #expect(history.entries().map(\.number) == [3, 2, 1])
        let edited = ShopSession.sessionJSON()
            .replacingOccurrences(of: #""timeout": 30,"#, with: #""timeout": 30, "history": { "maxEntries": 2 },"#)
            .replacingOccurrences(
                of: #""redact": ["api_key", "Authorization"]"#, with: #""redact": ["api_key", "page"]"#)
        try dir.write("session.json", edited)
        try await ExplorerFixtures.press(program, "R")
        // No send in between: the bound held when the session was read again.
        #expect(history.entries().map(\.number) == [3, 2])
        try await ExplorerFixtures.press(program, "r")
        #expect(history.entries().map(\.number) == [4, 3])
        let entry = try history.entry(number: 4)
        #expect(entry.request.url.contains("page=<redacted>"), "\(entry.request.url)")
        #expect(try history.entry(number: 3).request.url.contains("page=1"))
    }

    @Test("a history kept past the bounds from an earlier run is cut down when the explorer opens")
    func openingAppliesBounds() async throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        let request = try RequestBuilder(session: session, environment: ["SHOP_KEY": "k"])
            .build(session.route(named: "listProducts")!)
        let response = Response(
            status: 200, headers: [:], body: Array("{}".utf8), duration: .zero, origin: .live(url: "", redirects: []))
        let earlier = HistoryStore(session: session)
        for _ in 1...3 { try earlier.append(request, response, source: "live") }
        try dir.write(
            "session.json",
            ShopSession.sessionJSON().replacingOccurrences(
                of: #""timeout": 30,"#, with: #""timeout": 30, "history": { "maxEntries": 1 },"#))
        let bounded = try Session.load(from: dir.path)
        let history = HistoryStore(session: bounded)
        _ = ExplorerProgram(
            state: ExplorerState(session: bounded, size: Size(width: 120, height: 40)),
            backend: MemoryBackend(width: 120, height: 40),
            host: ExplorerHost(mock: MockSource(session: bounded), history: history))
        #expect(history.entries().map(\.number) == [3])
    }
}
