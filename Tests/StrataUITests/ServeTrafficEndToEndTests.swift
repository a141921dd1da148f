import Foundation
import Strata
import StrataServe
import StrataTestSupport
import StrataUI
import TermGrid
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `strata serve`'s server over the explorer's host (as the executable wires it), for this test.
final class TestTrafficServer: TrafficServer, Sendable {
    let server = SessionServer()

    func start(
        session: Session, upstream: ServeResponder.Upstream, address: ServeAddress,
        arrived: @escaping @Sendable (ServeExchange) -> Void
    ) -> Result<String, ServeError> {
        server.start(
            session: session, upstream: upstream, host: address.host, port: address.port, exchangeObserver: arrived)
    }

    func stop() { server.stop() }
}

/// A real request over the loopback reaches the explorer's Traffic list through its event queue.
@Suite(.needsLibmicrohttpd) struct ServeTrafficEndToEndTests {
    @Test("serving on port 0, a request sent with URLSession arrives in the Traffic list, answered by its fixture")
    func requestArrives() async throws {
        let session = try ExplorerFixtures.demo()
        let backend = MemoryBackend(width: 120, height: 40)
        let program = ExplorerProgram(
            state: ExplorerState(session: session, size: Size(width: 120, height: 40)), backend: backend,
            host: ExplorerHost(session: session, server: TestTrafficServer()))
        let box = Unchecked(program)
        let backendBox = Unchecked(backend)
        defer { box.value.stopServing() }
        let url = try await offPool {
            try box.value.startServing(address: ServeAddress(host: "127.0.0.1", port: 0)).get()
        }
        #expect(url.hasPrefix("http://127.0.0.1:"))
        #expect(!url.hasSuffix(":0"))
        #expect(program.state.traffic.url == url)

        var request = URLRequest(url: URL(string: url + "/products?page=1")!)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let (data, response) = try await URLSession(configuration: .ephemeral).data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self).contains("Desk Lamp"))

        // The entry is posted from the server's thread after the answer is handed over: wait on the loop's wake
        // pipe (bounded, so a lost post fails instead of hanging), then let the parse and map effects report back.
        try await offPool {
            let program = box.value
            let deadline = Date().addingTimeInterval(30)
            while program.state.traffic.count == 0, Date() < deadline {
                _ = try backendBox.value.nextEvent(timeout: .milliseconds(100))
                program.drainInbox()
            }
            try program.settle()
        }
        let state = program.state
        #expect(state.traffic.count == 1)
        let entry = try #require(state.traffic.entries.first)
        #expect(entry.method == "GET")
        #expect(entry.path == "/products?page=1")
        #expect(entry.status == 200)
        #expect(entry.answeredBy == "products.json #1")
        #expect(entry.routeName == "listProducts")
        #expect(state.response.document?.mapping != nil)
        let screen = ExplorerView.render(state).lines().joined(separator: "\n")
        #expect(screen.contains("⇄ \(url) · 1 request"))
    }
}

/// The explorer serving live makes its upstream as `strata serve` does: the run's cookie jar and the history.
@Suite(.needsLibmicrohttpd) struct ServeLiveUpstreamTests {
    @Test("serving live, a cookie the API sets goes with later requests (the explorer's own sends too), all kept")
    func liveServingKeepsCookiesAndHistory() async throws {
        let api = try LoopbackServer { request in
            request.path == "/set"
                ? LoopbackServer.Reply(headers: [("Set-Cookie", "sid=abc123; Path=/")], body: Array("{}".utf8))
                : .json("{}")
        }
        defer { api.stop() }
        let dir = try ScratchDirectory([
            "session.json": """
            { "baseURL": "\(api.baseURL)", "timeout": 60,
              "routes": [ { "name": "set", "path": "/set" }, { "name": "check", "path": "/check" } ] }
            """
        ])
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        var state = ExplorerState(session: session, size: Size(width: 120, height: 40))
        state.source = .live
        let host = ExplorerHost(session: session, server: TestTrafficServer())
        let program = ExplorerProgram(state: state, backend: MemoryBackend(width: 120, height: 40), host: host)
        let box = Unchecked(program)
        defer { box.value.stopServing() }
        let url = try await offPool {
            try box.value.startServing(address: ServeAddress(host: "127.0.0.1", port: 0)).get()
        }
        for path in ["/set", "/check"] {
            let (_, response) = try await URLSession(configuration: .ephemeral).data(from: URL(string: url + path)!)
            #expect((response as? HTTPURLResponse)?.statusCode == 200, "\(path)")
        }
        #expect(api.requests.map { $0.headers["Cookie"] } == [nil, "sid=abc123"])
        #expect(host.cookies.cookies.count == 1)
        let history = try #require(host.history)
        #expect(history.entries().map(\.route) == ["check", "set"])
        // The explorer's own live sends share the jar.
        let check = try RequestBuilder(session: session).build(try #require(session.route(named: "check")))
        _ = try await host.live.send(check)
        #expect(api.requests.last?.headers["Cookie"] == "sid=abc123")
    }
}
