import Foundation
import Strata
import StrataTestSupport
import StrataUI
import TermGrid
import Testing

/// The explorer chains values between routes it ran: `login`'s latest response feeds `orders`.
@Suite("Reducer: chained values from the latest response of another route")
struct ReducerChainTests {
    /// `login`, and `orders` whose `header` is `value` (by default login's token as a bearer token).
    static func session(
        _ baseURL: String, header: String = "Authorization", value: String = "Bearer ${response:login:$.token}"
    ) throws -> Session {
        try Session.parse(
            Array(
                """
                { "name": "loop", "baseURL": "\(baseURL)", "timeout": 60, "redact": ["token"],
                  "routes": [
                    { "name": "login", "method": "POST", "path": "/login" },
                    { "name": "orders", "path": "/orders",
                      "headers": { "\(header)": "\(value)" } } ] }
                """.utf8), file: "session.json", directory: ".")
    }

    @Test("before login runs, orders cannot be built and says why; after, it sends login's token")
    func reducerOnly() throws {
        var state = ExplorerState(session: try Self.session("http://api.test"), size: Size(width: 120, height: 40))
        try press(&state, "j")
        #expect(state.draft?.request == nil)
        #expect(
            state.draft?.problems == [
                "header 'Authorization' of route 'orders': ${response:login:$.token}: no response yet for route "
                    + "'login' (send 'login' first)"
            ])
        try press(&state, "k")
        let (id, request, _) = try #require(try press(&state, "r").first?.sent)
        let response = Response(
            status: 200, headers: ["Content-Type": "application/json"], body: Array(#"{"token":"abc-123-xyz"}"#.utf8),
            duration: .milliseconds(1), origin: .fixture(file: "login.json", number: 1, delay: .zero))
        _ = state.update(.responseArrived(id: id, request: request, result: .success(response)))
        try press(&state, "j")
        let orders = try #require(state.draft?.request, "\(state.draft?.problems ?? [])")
        #expect(orders.headers["Authorization"] == "Bearer abc-123-xyz")
        let param = try #require(state.draft?.params.first { $0.name == "Authorization" })
        #expect(param.origin == .response(route: "login", query: "$.token"))
    }

    @Test("a chained query with a backtracking pattern over a long response (issue 35) is answered in the reducer")
    func backtrackingChainedQuery() throws {
        // The reducer builds the selected route's draft, chained queries included, on the loop: a pattern that
        // backtracked there froze keys and q. The linear matcher answers.
        let session = try Self.session(
            "http://api.test", header: "X-Token", value: "${response:login:$.tokens[?search(@, '(a*)*b')]}")
        let long = String(repeating: "a", count: 5_001)
        for (body, expected) in [(#"["\#(long)"]"#, nil), (#"["\#(long)", "\#(long)b"]"#, long + "b")] {
            var state = ExplorerState(session: session, size: Size(width: 120, height: 40))
            let (id, request, _) = try #require(try press(&state, "r").first?.sent)
            let response = Response(
                status: 200, headers: ["Content-Type": "application/json"], body: Array(#"{"tokens":\#(body)}"#.utf8),
                duration: .milliseconds(1), origin: .fixture(file: "login.json", number: 1, delay: .zero))
            _ = state.update(.responseArrived(id: id, request: request, result: .success(response)))
            try press(&state, "j")
            #expect(state.draft?.request?.headers["X-Token"] == expected)
            if expected == nil {
                #expect(state.draft?.problems.first?.contains("the query selects nothing") == true)
            }
        }
    }

    @Test("through the program against a loopback server: the Request pane says from login $.token, never the token")
    func programAgainstLoopback() async throws {
        let seen = Locked<[String]>([])
        let server = try LoopbackServer { request in
            seen.withLock { $0.append(request.headers["Authorization"] ?? "-") }
            switch request.path {
            case "/login": return .json(#"{"token":"loop-token-77"}"#)
            case "/orders":
                return request.headers["Authorization"] == "Bearer loop-token-77"
                    ? .json(#"{"orders":[1,2]}"#) : .json(#"{"error":"unauthorized"}"#, status: 401)
            default: return .json("{}", status: 404)
            }
        }
        defer { server.stop() }
        let session = try Self.session(server.baseURL)
        let backend = MemoryBackend(width: 120, height: 40)
        let program = ExplorerProgram(
            state: ExplorerState(session: session, size: Size(width: 120, height: 40)), backend: backend,
            host: ExplorerHost(mock: LiveSource(), fixedDurations: true))
        try await ExplorerFixtures.press(program, "r j r")
        #expect(seen.withLock { $0 } == ["-", "Bearer loop-token-77"])
        #expect(program.state.response.document?.response.status == 200)
        let screen = ExplorerFixtures.screen(program)
        #expect(screen.contains("from login $.token"))
        #expect(!screen.contains("loop-token-77"))
        #expect(!backend.screen.text(trimmingTrailingSpaces: true).contains("loop-token-77"))
    }

    @Test("the bundled chaining session offline: login, orders, reorder each read the response before them")
    func bundledSessionOffline() async throws {
        let session = try Session.load(from: ExplorerFixtures.root + "/Sessions/chaining")
        let program = try await ExplorerFixtures.program(session)
        try await ExplorerFixtures.press(program, "r j r")
        let orders = try #require(program.state.response.document)
        #expect(orders.request.url == "https://shop.example.com/api/users/u-7/orders")
        #expect(orders.request.headers["Authorization"] == "Bearer demo-token-5f2a9c")
        #expect(orders.response.status == 200)
        try await ExplorerFixtures.press(program, "j r")
        let reorder = try #require(program.state.response.document)
        #expect(reorder.request.bodyText == #"{"reorder":"o-31","quantity":3}"#)
        #expect(reorder.response.status == 201)
        let screen = ExplorerFixtures.screen(program)
        #expect(screen.contains("from orders $.orders[0].id"))
        #expect(screen.contains("auth · from login $.token · required"))
    }

    @Test("routes not run yet read the earlier responses given (a history); a response run here wins over them")
    func earlierResponsesBehind() throws {
        func response(_ token: String) -> Response {
            Response(
                status: 200, headers: ["Content-Type": "application/json"], body: Array(#"{"token":"\#(token)"}"#.utf8),
                duration: .zero, origin: .fixture(file: "login.json", number: 1, delay: .zero))
        }
        var state = ExplorerState(
            session: try Self.session("http://api.test"), size: Size(width: 120, height: 40),
            earlierResponses: LatestResponses(["login": response("from-history-1")]))
        try press(&state, "j")
        #expect(state.draft?.request?.headers["Authorization"] == "Bearer from-history-1")
        try press(&state, "k")
        let (id, request, _) = try #require(try press(&state, "r").first?.sent)
        _ = state.update(.responseArrived(id: id, request: request, result: .success(response("from-this-run-2"))))
        try press(&state, "j")
        #expect(state.draft?.request?.headers["Authorization"] == "Bearer from-this-run-2")
    }

    @Test("typing into a param of a chained route builds the request at every key but parses the response once")
    func typingParsesOnce() throws {
        let session = try Session.parse(
            Array(
                """
                { "name": "loop", "baseURL": "http://api.test",
                  "routes": [
                    { "name": "items", "path": "/items" },
                    { "name": "item", "path": "/item", "params": { "q": "a", "id": "${response:items:$.items[0].id}" } } ] }
                """.utf8), file: "session.json", directory: ".")
        var state = ExplorerState(session: session, size: Size(width: 120, height: 40))
        let (id, request, _) = try #require(try press(&state, "r").first?.sent)
        let response = Response(
            status: 200, headers: ["Content-Type": "application/json"], body: Array(#"{"items":[{"id":41}]}"#.utf8),
            duration: .zero, origin: .fixture(file: "items.json", number: 1, delay: .zero))
        _ = state.update(.responseArrived(id: id, request: request, result: .success(response)))
        try press(&state, "j Tab Enter =bcdefgh")
        #expect(state.editor?.purpose == .paramValue(name: "q"))
        #expect(state.draft?.request?.url == "http://api.test/item?q=abcdefgh&id=41")
        #expect(state.latestResponses.parseCount == 1, "one parse for eight drafts")
        // A new response of items is parsed again, once.
        try press(&state, "Enter BTab k")
        let again = try #require(try press(&state, "r").compactMap(\.sent).first, "a send after the cancel")
        let newer = Response(
            status: 200, headers: ["Content-Type": "application/json"], body: Array(#"{"items":[{"id":42}]}"#.utf8),
            duration: .zero, origin: .fixture(file: "items.json", number: 1, delay: .zero))
        _ = state.update(.responseArrived(id: again.id, request: again.request, result: .success(newer)))
        try press(&state, "j")
        #expect(state.draft?.request?.url == "http://api.test/item?q=abcdefgh&id=42")
        try press(&state, "Tab Enter =ij Enter")
        #expect(state.draft?.request?.url == "http://api.test/item?q=abcdefghij&id=42")
        #expect(state.latestResponses.parseCount == 2)
    }

    @Test("the parse made to show a response serves the chained values read from it: selecting their route parses none")
    func shownParseIsKept() throws {
        let session = try Session.parse(
            Array(
                """
                { "name": "loop", "baseURL": "http://api.test",
                  "routes": [
                    { "name": "items", "path": "/items" },
                    { "name": "item", "path": "/item", "params": { "id": "${response:items:$.items[0].id}" } } ] }
                """.utf8), file: "session.json", directory: ".")
        let response = Response(
            status: 200, headers: ["Content-Type": "application/json"], body: Array(#"{"items":[{"id":41}]}"#.utf8),
            duration: .zero, origin: .fixture(file: "items.json", number: 1, delay: .zero))

        /// Runs `items`, lets `between` change the state while its response is parsed, shows it, selects `item`.
        func selectItemAfterShowing(between: (inout ExplorerState) -> Void) throws -> ExplorerState {
            var state = ExplorerState(session: session, size: Size(width: 120, height: 40))
            let (id, request, _) = try #require(try press(&state, "r").first?.sent)
            let effects = state.update(.responseArrived(id: id, request: request, result: .success(response)))
            guard case .parse(_, _, let arrived, let route, let parseSession)? = effects.first else {
                Issue.record("no parse effect: \(effects)")
                return state
            }
            between(&state)
            let document = ResponseDocument.parse(
                arrived, request: request, route: route, with: ResponsePipeline(session: parseSession))
            _ = state.update(.responseParsed(id: id, document: document))
            try press(&state, "j")
            return state
        }

        let state = try selectItemAfterShowing { _ in }
        #expect(state.draft?.request?.url == "http://api.test/item?id=41")
        #expect(state.latestResponses.parseCount == 0, "the shown parse was used")

        // A session changed while the response was parsed may parse it differently: that parse is not kept.
        let changed = try selectItemAfterShowing { state in
            _ = state.update(.sessionLoaded(.success(session)))
        }
        #expect(changed.draft?.request?.url == "http://api.test/item?id=41")
        #expect(changed.latestResponses.parseCount == 1)
    }
}
