import Foundation
import Strata
import StrataTestSupport
import Testing

/// The one upstream factory `strata serve` and the explorer's serving share: live answers keep cookies and history.
@Suite struct ServeUpstreamTests {
    /// A session in `dir` whose base URL is `baseURL`, with a route that sets a cookie and one that does not.
    static func session(in dir: ScratchDirectory, baseURL: String) throws -> Session {
        try dir.write(
            "session.json",
            """
            { "baseURL": "\(baseURL)", "timeout": 60,
              "routes": [ { "name": "set", "path": "/set" }, { "name": "check", "path": "/check" } ] }
            """)
        return try Session.load(from: dir.path)
    }

    /// Sends route `name` of `session` through `upstream`'s data source.
    static func send(_ name: String, of session: Session, through upstream: ServeResponder.Upstream) async throws {
        let request = try RequestBuilder(session: session).build(try #require(session.route(named: name)))
        switch upstream {
        case .mock(let source): _ = try await source.send(request)
        case .live(let source): _ = try await source.send(request)
        case .record(let source): _ = try await source.send(request)
        }
    }

    @Test(
        "live and record: a cookie one answer sets goes with the next request, and both exchanges are in the history",
        arguments: [ServeResponder.Upstream.Kind.live, .record])
    func keepsCookiesAndHistory(_ kind: ServeResponder.Upstream.Kind) async throws {
        let server = try LiveCookieTests.server()
        defer { server.stop() }
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        let session = try Self.session(in: dir, baseURL: server.baseURL)
        let history = HistoryStore(session: session)
        let jar = CookieJar()
        let upstream = ServeResponder.Upstream.make(
            kind, session: session, history: history, cookies: jar, historyProblems: { _ in })
        #expect(upstream.name == kind.rawValue)
        try await Self.send("set", of: session, through: upstream)
        try await Self.send("check", of: session, through: upstream)
        #expect(server.requests.map { $0.headers["Cookie"] } == [nil, "sid=abc123"])
        #expect(jar.cookies.count == 1)
        #expect(history.entries().map(\.route) == ["check", "set"])
        // Recording writes each new exchange as a fixture; live writes none.
        #expect(FileManager.default.fileExists(atPath: dir.url("fixtures")) == (kind == .record))
    }

    @Test("mock answers from the fixtures and keeps no history")
    func mockKeepsNothing() throws {
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        let session = try Self.session(in: dir, baseURL: "http://127.0.0.1:9")
        let upstream = ServeResponder.Upstream.make(
            .mock, session: session, history: HistoryStore(session: session), cookies: CookieJar(),
            historyProblems: { _ in })
        guard case .mock = upstream else {
            Issue.record("mock made \(upstream.name)")
            return
        }
        #expect(ServeResponder.Upstream.Kind.allCases.map(\.rawValue) == ["mock", "live", "record"])
    }
}
