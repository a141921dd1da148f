import Strata
import StrataUI
import TermGrid
import Testing

/// A live response arriving piece by piece through the reducer: progress in the status line, events shown as
/// they come, and the part that arrived kept (marked partial) when the transfer stops early.
@Suite("Reducer: a response while it arrives")
struct ReducerStreamingTests {
    static func started() throws -> (ExplorerState, id: Int) {
        var state = ExplorerState(session: try ExplorerFixtures.events(), size: Size(width: 120, height: 40))
        try press(&state, "r")
        return (state, try #require(state.run).id)
    }

    static func report(_ text: String, total: Int, expected: Int? = nil, type: String = "text/event-stream")
        -> TransferProgress
    {
        TransferProgress(
            hop: 0, status: 200, headers: ["Content-Type": type], chunk: Array(text.utf8), received: total,
            transferred: total, expected: expected)
    }

    /// Runs a parse effect the way the program does and returns its reply.
    static func perform(_ effect: Effect) throws -> Action {
        switch effect {
        case .parsePartial(let id, let request, let response, let route, let session):
            return .partialParsed(
                id: id,
                document: ResponseDocument.parse(
                    response, request: request, route: route, with: ResponsePipeline(session: session)))
        case .parse(let id, let request, let response, let route, let session):
            return .responseParsed(
                id: id,
                document: ResponseDocument.parse(
                    response, request: request, route: route, with: ResponsePipeline(session: session)))
        default:
            Issue.record("not a parse: \(effect)")
            throw CancellationError()
        }
    }

    static func statusLine(_ state: ExplorerState) -> String {
        ExplorerView.frame(state).buffer.lines().last ?? ""
    }

    @Test("the head and each piece update the status line: status, bytes, and a bar when the length is known")
    func progress() throws {
        var (state, id) = try Self.started()
        #expect(state.update(.transferProgress(id: id, progress: Self.report("", total: 0, expected: 400))).isEmpty)
        #expect(state.run?.phase == .receiving)
        #expect(Self.statusLine(state).contains("200 · 0 B"))
        _ = state.update(.tick(id: id, elapsed: .seconds(2)))
        _ = state.update(.transferProgress(id: id, progress: Self.report(": hi\n", total: 100, expected: 400)))
        let line = Self.statusLine(state)
        #expect(line.contains("200 · 5 B · 2 B/s"))
        #expect(line.contains("██▌") && line.contains(" 25%"))
        #expect(line.contains("Esc cancels"))
    }

    @Test("events are parsed as they arrive, one parse at a time, the selection following the newest")
    func eventsAsTheyArrive() throws {
        var (state, id) = try Self.started()
        let first = state.update(.transferProgress(id: id, progress: Self.report("data: {\"n\":1}\n\n", total: 15)))
        #expect(first.count == 1)
        // A second piece while the first parse runs waits for it.
        #expect(
            state.update(.transferProgress(id: id, progress: Self.report("data: {\"n\":2}\n\ndata: {\"n\"", total: 40)))
                .isEmpty)
        let next = state.update(try Self.perform(first[0]))
        #expect(state.response.document?.response.partial == true)
        #expect(state.response.document?.tree?.childCount(Tree.root) == 1)
        #expect(state.run != nil)
        guard case .parsePartial(_, _, let response, _, _)? = next.first else {
            Issue.record("no second parse: \(next)")
            return
        }
        // Only the complete events: the piece after the last line break waits for the rest.
        #expect(String(decoding: response.body, as: UTF8.self) == "data: {\"n\":1}\n\ndata: {\"n\":2}\n\n")
        #expect(state.update(try Self.perform(next[0])).isEmpty)
        let tree = try #require(state.response.document?.tree)
        #expect(tree.childCount(Tree.root) == 2)
        #expect(state.parsed.selected == tree.lastChild(Tree.root))
        expectGolden(ExplorerView.frame(state).buffer, named: "events-arriving-120x40")
    }

    @Test("Esc while the body arrives cancels the transfer and shows what arrived, marked partial")
    func cancelKeepsPartial() throws {
        var (state, id) = try Self.started()
        let parse = state.update(.transferProgress(id: id, progress: Self.report("data: 1\n\ndata: 2\n\n", total: 18)))
        let effects = try press(&state, "Escape")
        #expect(effects.first == .cancel(id: id))
        guard case .parse(_, _, let response, _, _)? = effects.last else {
            Issue.record("the part that arrived is not parsed: \(effects)")
            return
        }
        #expect(response.partial)
        #expect(response.body == Array("data: 1\n\ndata: 2\n\n".utf8))
        // The cancelled send and a late partial parse report back; neither undoes the kept body.
        _ = state.update(try Self.perform(parse[0]))
        _ = state.update(.responseArrived(id: id, request: response.request(state), result: .failure(.cancelled)))
        _ = state.update(try Self.perform(effects.last!))
        #expect(state.run == nil)
        let document = try #require(state.response.document)
        #expect(document.response.partial)
        #expect(document.tree?.childCount(Tree.root) == 2)
        #expect(state.notice?.text.hasPrefix("cancelled GET /ticker") == true)
        #expect(state.notice?.text.contains("kept the 18 B that arrived (partial)") == true)
        expectGolden(ExplorerView.frame(state).buffer, named: "events-cancelled-partial-120x40")
        state.notice = nil
        #expect(Self.statusLine(state).contains("18 B · partial"))
    }

    @Test("the events session from fixtures: one node per event, JSON data parsed")
    func fixtureScreen() async throws {
        let (buffer, _) = try await ExplorerFixtures.capture(
            try ExplorerFixtures.events(), size: Size(width: 120, height: 40), keys: "r 2 Down Down")
        expectGolden(buffer, named: "events-ticker-120x40")
    }

    @Test("a partial parse that reports after the whole response arrived is dropped; the whole one is shown")
    func lateParseAfterEnd() throws {
        var (state, id) = try Self.started()
        let parse = state.update(.transferProgress(id: id, progress: Self.report("data: 1\n\n", total: 9)))
        let request = try #require(state.run?.request)
        let whole = Response(
            status: 200, headers: ["Content-Type": "text/event-stream"], body: Array("data: 1\n\ndata: 2\n\n".utf8),
            duration: .zero, origin: .live(url: request.url, redirects: []))
        let final = state.update(.responseArrived(id: id, request: request, result: .success(whole)))
        #expect(state.update(try Self.perform(parse[0])).isEmpty)
        _ = state.update(try Self.perform(final[0]))
        #expect(state.run == nil)
        #expect(state.response.document?.response.partial == false)
        #expect(state.response.document?.tree?.childCount(Tree.root) == 2)
    }

    @Test("a transfer that fails after part of the body arrived keeps that part and says why")
    func errorKeepsPartial() throws {
        var (state, id) = try Self.started()
        _ = state.update(
            .transferProgress(id: id, progress: Self.report("{\"a\":1}\n", total: 8, type: "application/x-ndjson")))
        let request = try #require(state.run?.request)
        let effects = state.update(
            .responseArrived(
                id: id, request: request, result: .failure(.timedOut(url: request.url, seconds: 30))))
        #expect(effects.count == 1)
        _ = state.update(try Self.perform(effects[0]))
        #expect(state.response.document?.response.partial == true)
        #expect(state.notice?.kind == .error)
        #expect(state.notice?.text.contains("kept the 8 B that arrived (partial)") == true)
    }

    @Test("W while a stream arrives waits for its end, then saves the whole response as a fixture")
    func saveWaitsForTheEnd() throws {
        var (state, id) = try Self.started()
        let parse = state.update(.transferProgress(id: id, progress: Self.report("data: 1\n\n", total: 9)))
        _ = state.update(try Self.perform(parse[0]))
        #expect(try press(&state, "W").isEmpty)
        #expect(state.notice?.text.hasPrefix("the response is still arriving (1 event so far)") == true)
        let request = try #require(state.run?.request)
        let whole = Response(
            status: 200, headers: ["Content-Type": "text/event-stream"], body: Array("data: 1\n\ndata: 2\n\n".utf8),
            duration: .zero, origin: .live(url: request.url, redirects: []))
        let final = state.update(.responseArrived(id: id, request: request, result: .success(whole)))
        let effects = state.update(try Self.perform(final[0]))
        guard case .saveFixture(_, let saved, _, let overwrite)? = effects.first(where: { $0.isSaveFixture }) else {
            Issue.record("the waited-for save did not run: \(effects)")
            return
        }
        #expect(saved.body == whole.body && !saved.partial && !overwrite)
        #expect(state.saveFixtureWhenComplete == nil)
    }

    @Test("W while a stream arrives, then Esc: nothing is saved and the notice says W saves the part that arrived")
    func saveDroppedWhenCut() throws {
        var (state, id) = try Self.started()
        let parse = state.update(.transferProgress(id: id, progress: Self.report("data: 1\n\n", total: 9)))
        _ = state.update(try Self.perform(parse[0]))
        _ = try press(&state, "W")
        let effects = try press(&state, "Escape")
        let after = state.update(try Self.perform(try #require(effects.last)))
        #expect(!after.contains(where: { $0.isSaveFixture }))
        #expect(state.notice?.text.contains("not saved as a fixture: the stream stopped before its end") == true)
        // Asked again, W saves what arrived, marked partial.
        guard case .saveFixture(_, let saved, _, _)? = try press(&state, "W").first else {
            Issue.record("W did not save the partial response")
            return
        }
        #expect(saved.partial && saved.body == Array("data: 1\n\n".utf8))
    }

    @Test("Esc before any of the body arrived cancels as before, keeping nothing")
    func cancelBeforeBody() throws {
        var (state, id) = try Self.started()
        #expect(try press(&state, "Escape") == [.cancel(id: id)])
        #expect(state.run == nil)
        #expect(state.response.document == nil)
    }
}

extension Response {
    /// The request of the run in `state` (the reducer only compares ids of late results).
    func request(_ state: ExplorerState) -> BuiltRequest { state.draft!.request! }
}
