import Strata
import StrataUI
import TermGrid
import Testing

/// The Traffic list in the reducer: serving on and off, arrivals newest first, the count, selection, near misses.
@Suite struct ReducerTrafficTests {
    @Test("S asks to serve the session from the current source at the --serve address, and S again stops")
    func serveKeyStartsAndStops() throws {
        var state = try ExplorerFixtures.demoState()
        state.traffic.address = ServeAddress(host: "127.0.0.1", port: 9090)
        state.source = .live
        let start = state.update(.key(.character("S")))
        #expect(
            start == [
                .startServing(
                    address: ServeAddress(host: "127.0.0.1", port: 9090), source: .live, session: state.session,
                    generation: 1)
            ])
        _ = state.update(.servingChanged(url: "http://127.0.0.1:9090", problem: nil, generation: 1))
        #expect(state.traffic.url == "http://127.0.0.1:9090")
        #expect(state.traffic.isShown)
        #expect(state.focus == .traffic)
        #expect(state.update(.key(.character("S"))) == [.stopServing])
        #expect(state.traffic.url == nil)
    }

    @Test("while serving, m, a reload and another environment serve again at the same URL, keeping the count")
    func servesAgainAfterChanges() throws {
        var state = ExplorerState(session: try ExplorerFixtures.accounts(), size: Size(width: 120, height: 40))
        state.traffic.address = ServeAddress(host: "127.0.0.1", port: 0)
        #expect(state.update(.key(.character("m"))) == [], "not serving: nothing to restart")
        state.source = .mock
        _ = state.update(.key(.character("S")))
        _ = state.update(.servingChanged(url: "http://127.0.0.1:41234", problem: nil, generation: 1))
        _ = state.update(.trafficArrived(TrafficFixtures.entry("GET", "/me", in: state.session)))
        let bound = ServeAddress(host: "127.0.0.1", port: 41234)
        #expect(
            state.update(.key(.character("m"))) == [
                .startServing(address: bound, source: .live, session: state.session, generation: 2)
            ])
        _ = state.update(.servingChanged(url: "http://127.0.0.1:41234", problem: nil, generation: 2))
        #expect(state.notice?.text == "serving \(state.session.name) (live) again, as the explorer now sends")
        #expect(state.traffic.count == 1)
        #expect(state.traffic.source == .live)
        let reloaded = state.update(.sessionLoaded(.success(state.session)))
        #expect(reloaded.contains(.startServing(address: bound, source: .live, session: state.session, generation: 3)))
        _ = state.update(.servingChanged(url: "http://127.0.0.1:41234", problem: nil, generation: 3))
        _ = state.update(.key(.character("v")))
        _ = state.update(.key(.down))
        let staging = state.update(.key(.enter))
        #expect(state.session.activeEnvironment == "staging")
        #expect(staging == [.startServing(address: bound, source: .live, session: state.session, generation: 4)])
        _ = state.update(.servingChanged(url: nil, problem: "port 41234 on 127.0.0.1 is already in use", generation: 4))
        #expect(state.traffic.url == nil)
        #expect(state.notice?.kind == .error)
    }

    @Test("replies to starts overtaken by a later start or a stop are ignored, so the state says what runs")
    func staleRepliesAreIgnored() throws {
        var state = try ExplorerFixtures.demoState()
        _ = state.update(.key(.character("S")))
        _ = state.update(.servingChanged(url: "http://127.0.0.1:8080", problem: nil, generation: 1))
        _ = state.update(.trafficArrived(TrafficFixtures.entry("GET", "/products/1", in: state.session)))
        _ = state.update(.key(.character("m")))
        _ = state.update(.key(.character("m")))
        _ = state.update(.servingChanged(url: "http://127.0.0.1:8080", problem: nil, generation: 2))
        #expect(state.traffic.isStarting, "the second restart is still to come")
        _ = state.update(.servingChanged(url: "http://127.0.0.1:8080", problem: nil, generation: 3))
        #expect(state.notice?.text == "serving Demo Shop (mock) again, as the explorer now sends")
        #expect(state.traffic.count == 1)
        // S while a restart is on its way stops; the restart's late reply does not bring serving back.
        _ = state.update(.key(.character("m")))
        #expect(state.update(.key(.character("S"))) == [.stopServing])
        _ = state.update(.servingChanged(url: "http://127.0.0.1:8080", problem: nil, generation: 4))
        #expect(state.traffic.url == nil)
        #expect(!state.traffic.isStarting)
    }

    @Test("a port in use is an error notice and nothing is served")
    func startFailure() throws {
        var state = try ExplorerFixtures.demoState()
        _ = state.update(.key(.character("S")))
        _ = state.update(.servingChanged(url: nil, problem: "port 8080 on 127.0.0.1 is already in use"))
        #expect(state.traffic.url == nil)
        #expect(state.notice?.kind == .error)
        #expect(state.notice?.text.contains("already in use") == true)
    }

    @Test("arrivals go on top, are numbered and counted, and the newest is shown while the top row is selected")
    func arrivalsNewestFirst() throws {
        var state = try ExplorerFixtures.demoState()
        _ = state.update(.servingChanged(url: "http://127.0.0.1:8080", problem: nil))
        let first = state.update(.trafficArrived(TrafficFixtures.entry("GET", "/products?page=1", in: state.session)))
        guard case .parse(let id, _, let response, let route, _)? = first.first else {
            Issue.record("expected the served body to be parsed, got \(first)")
            return
        }
        #expect(route.name == "listProducts")
        #expect(response.status == 200)
        #expect(state.run?.id == id)
        _ = state.update(.trafficArrived(TrafficFixtures.entry("GET", "/products/1", in: state.session)))
        #expect(state.traffic.entries.map(\.path) == ["/products/1", "/products?page=1"])
        #expect(state.traffic.entries.map(\.number) == [2, 1])
        #expect(state.traffic.count == 2)
        #expect(state.traffic.selected == 0)
        #expect(state.traffic.shownNumber == 2)
    }

    @Test("while an older request is selected, arrivals keep it selected")
    func selectionStaysOnTheRequestBeingRead() throws {
        var state = try ExplorerFixtures.demoState()
        _ = state.update(.servingChanged(url: "http://127.0.0.1:8080", problem: nil))
        _ = state.update(.trafficArrived(TrafficFixtures.entry("GET", "/products?page=1", in: state.session)))
        _ = state.update(.trafficArrived(TrafficFixtures.entry("GET", "/products/1", in: state.session)))
        let effects = state.update(.key(.down))
        #expect(state.traffic.selection?.path == "/products?page=1")
        #expect(effects.contains { if case .parse = $0 { true } else { false } })
        let late = state.update(.trafficArrived(TrafficFixtures.entry("GET", "/products?page=1", in: state.session)))
        #expect(late.isEmpty)
        #expect(state.traffic.selected == 2)
        #expect(state.traffic.selection?.number == 1)
        #expect(state.traffic.count == 3)
    }

    @Test("what strata serve answers itself (admin health, a CORS preflight) is shown as its answer, not a failure")
    func adminAnswersAreResponses() throws {
        var state = try ExplorerFixtures.demoState()
        _ = state.update(.servingChanged(url: "http://127.0.0.1:8080", problem: nil))
        let effects = state.update(
            .trafficArrived(TrafficFixtures.entry("GET", "/__strata/health", in: state.session)))
        guard case .parse(_, _, let response, let route, _)? = effects.first else {
            Issue.record("expected the health answer to be parsed and shown, got \(effects) and \(state.response)")
            return
        }
        #expect(response.status == 200)
        #expect(response.origin == .server(answer: "admin"))
        #expect(String(decoding: response.body, as: UTF8.self).contains("\"status\""))
        #expect(route.name == ServeRequest.unroutedName)
        _ = state.update(try ShownResponseTests.parsed(effects.first))
        let screen = ExplorerView.render(state).lines().joined(separator: "\n")
        #expect(screen.contains("No route fits this request."))
        #expect(!screen.contains("Add \"map\""), "no route to add a map to")
        _ = try press(&state, "i")
        #expect(state.notice?.text == "no route fits this request")
        let preflight = state.update(
            .trafficArrived(
                TrafficFixtures.entry(
                    "OPTIONS", "/products",
                    headers: ["Origin": "http://localhost:3000", "Access-Control-Request-Method": "GET"],
                    in: state.session)))
        guard case .parse(_, _, let answer, _, _)? = preflight.last else {
            Issue.record("expected the preflight's answer to be shown, got \(preflight)")
            return
        }
        #expect(answer.origin == .server(answer: "cors preflight"))
    }

    @Test("a near miss shows its report in the response panes")
    func nearMissShowsReport() throws {
        var state = try ExplorerFixtures.demoState()
        _ = state.update(.servingChanged(url: "http://127.0.0.1:8080", problem: nil))
        let effects = state.update(
            .trafficArrived(TrafficFixtures.entry("GET", "/products?page=7", in: state.session)))
        #expect(effects.isEmpty)
        let entry = try #require(state.traffic.entries.first)
        #expect(entry.status == 404)
        #expect(entry.answeredBy == "near miss")
        guard case .failure(_, .noMatch(let report)) = state.response else {
            Issue.record("expected the near-miss report, got \(state.response)")
            return
        }
        #expect(report.description.contains("page"))
        // The app's request is not the user's to edit: the advice is about the fixtures.
        let screen = ExplorerView.frame(state).buffer.lines().joined(separator: " ")
        #expect(screen.contains("This request came from an app"), "\(screen)")
        #expect(!screen.contains("Edit the params"))
    }

    @Test("secrets in a request are redacted in the list and the request pane")
    func secretsRedacted() throws {
        var state = try ExplorerFixtures.demoState()
        _ = state.update(.servingChanged(url: "http://127.0.0.1:8080", problem: nil))
        _ = state.update(
            .trafficArrived(
                TrafficFixtures.entry(
                    "GET", "/products?page=1&api_key=hunter2-key",
                    headers: ["Authorization": "Bearer tok-123456"], in: state.session)))
        let entry = try #require(state.traffic.entries.first)
        #expect(!entry.path.contains("hunter2-key"))
        #expect(entry.headers["Authorization"] == ResolvedParam.redacted)
        let screen = ExplorerView.render(state).lines().joined(separator: "\n")
        #expect(!screen.contains("hunter2-key"))
        #expect(!screen.contains("tok-123456"))
    }

    @Test("T switches the left pane between the routes and the Traffic list and focuses it; Tab skips hidden panes")
    func trafficToggle() throws {
        var state = try ExplorerFixtures.demoState()
        _ = state.update(.key(.character("T")))
        #expect(state.traffic.isShown)
        #expect(state.focus == .traffic)
        _ = state.update(.key(.tab))
        #expect(state.focus == .trafficRequest, "the selected request's pane, in the route request's place")
        _ = state.update(.key(.tab))
        #expect(state.focus == .raw)
        // From any pane, T focuses what it shows: the routes, then the Traffic list again.
        _ = state.update(.key(.character("T")))
        #expect(!state.traffic.isShown)
        #expect(state.focus == .routes)
        _ = state.update(.key(.tab))
        #expect(state.focus == .request)
        _ = state.update(.key(.character("T")))
        #expect(state.focus == .traffic)
    }

    /// Sends the selected route with the mock answer `body` and shows it as the program would.
    func runRoute(_ state: inout ExplorerState, body: String) throws {
        let (id, request, _) = try #require(try press(&state, "r").last?.sent)
        let response = Response(
            status: 200, headers: ["Content-Type": "application/json"], body: Array(body.utf8), duration: .zero,
            origin: .live(url: request.url, redirects: []))
        let parse = state.update(.responseArrived(id: id, request: request, result: .success(response)))
        _ = state.update(try ShownResponseTests.parsed(parse.last))
    }

    @Test("T back to the routes shows the route's response again, not Traffic's answer; T shows the answer again")
    func routesKeepTheirResponse() throws {
        var state = try ExplorerFixtures.demoState()
        try runRoute(&state, body: #"{"products":[{"id":1},{"id":2}]}"#)
        _ = try press(&state, "Down")
        let selected = state.parsed.selected
        #expect(state.shown.origin == .send)

        _ = state.update(.servingChanged(url: "http://127.0.0.1:8080", problem: nil))
        let health = state.update(
            .trafficArrived(TrafficFixtures.entry("GET", "/__strata/health", in: state.session)))
        _ = state.update(try ShownResponseTests.parsed(health.first))
        #expect(state.shown.origin == .traffic(1))
        #expect(state.response.document?.response.body.contains(UInt8(ascii: "{")) == true)

        _ = try press(&state, "T")
        #expect(state.focus == .routes)
        #expect(state.shown.origin == .send)
        #expect(state.responseRouteName == "listProducts")
        #expect(
            state.response.document.map { String(decoding: $0.response.body, as: UTF8.self) }?.contains("products")
                == true)
        #expect(state.parsed.selected == selected, "the Parsed selection as it was left")
        _ = try press(&state, "Y")
        #expect(!ExplorerView.render(state).lines().joined().contains("run a request first"))
        _ = try press(&state, "Escape")

        let again = try press(&state, "T")
        #expect(state.focus == .traffic)
        _ = state.update(try ShownResponseTests.parsed(again.last))
        #expect(state.shown.origin == .traffic(1))
    }

    @Test("T back to the routes before any run shows no response there, and stops an answer still being processed")
    func routesWithoutResponse() throws {
        var state = try ExplorerFixtures.demoState()
        _ = state.update(.servingChanged(url: "http://127.0.0.1:8080", problem: nil))
        let first = state.update(
            .trafficArrived(TrafficFixtures.entry("GET", "/__strata/health", in: state.session)))
        _ = state.update(try ShownResponseTests.parsed(first.first))
        let second = state.update(
            .trafficArrived(TrafficFixtures.entry("GET", "/products?page=1", in: state.session)))
        let (id, _, _) = try #require(second.last?.parsed)

        let back = try press(&state, "T")
        #expect(back.contains { $0.cancelled == id })
        #expect(state.response.document == nil)
        _ = state.update(try ShownResponseTests.parsed(second.last))
        #expect(state.response.document == nil, "the cancelled answer does not show in the routes view")
        let screen = ExplorerView.render(state).lines().joined(separator: "\n")
        #expect(screen.contains("No response yet."))
        #expect(!screen.contains("strata serve (admin)"))
    }

    @Test(
        "--serve values",
        arguments: [
            ("8080", "127.0.0.1:8080"), ("0.0.0.0:9000", "0.0.0.0:9000"), ("[::1]:0", "[::1]:0"),
            ("localhost:81", "localhost:81"),
        ])
    func addresses(_ text: String, _ expected: String) throws {
        let address = try ServeAddress.parse(text).get()
        #expect(address.description == expected)
    }

    @Test("bad --serve values say what is expected", arguments: ["", "abc", "70000", "host:", ":80x", "[::1]"])
    func badAddresses(_ text: String) {
        guard case .failure(let problem) = ServeAddress.parse(text) else {
            Issue.record("'\(text)' was accepted")
            return
        }
        #expect(problem.message.contains("[HOST:]PORT"))
    }
}

/// What a client sends is drawn through the visible-text escaping, never raw.
@Suite struct TrafficEscapingTests {
    @Test("a header with terminal controls shows them as visible escapes")
    func controlsEscaped() throws {
        var state = try ExplorerFixtures.demoState()
        _ = state.update(.servingChanged(url: "http://127.0.0.1:8080", problem: nil))
        _ = state.update(
            .trafficArrived(
                TrafficFixtures.entry(
                    "GET", "/products?page=1", headers: ["X-Evil": "a\u{1B}[2Jb\u{9B}c"], in: state.session)))
        let screen = ExplorerView.render(state).lines().joined(separator: "\n")
        #expect(!screen.contains("\u{1B}"))
        #expect(!screen.contains("\u{9B}"))
        #expect(screen.contains("a␛[2Jb"))
    }
}
