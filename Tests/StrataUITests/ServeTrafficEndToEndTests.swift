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
        session: Session, source: SourceMode, address: ServeAddress,
        arrived: @escaping @Sendable (ServeExchange) -> Void
    ) -> Result<String, ServeError> {
        server.start(
            session: session, upstream: .mock(MockSource(session: session)), host: address.host, port: address.port,
            exchangeObserver: arrived)
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
