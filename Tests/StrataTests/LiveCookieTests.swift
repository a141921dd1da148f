import Foundation
import Strata
import StrataTestSupport
import Testing

/// A cookie jar keeps what servers set and sends it back, and reads and writes curl's cookie file format.
@Suite struct LiveCookieTests {
    static func server() throws -> LoopbackServer {
        try LoopbackServer { request in
            request.path == "/set"
                ? LoopbackServer.Reply(headers: [("Set-Cookie", "sid=abc123; Path=/")], body: Array("{}".utf8))
                : .json("{}")
        }
    }

    static func session(_ baseURL: String) throws -> Session {
        try Session.parse(
            Array(
                """
                { "baseURL": "\(baseURL)", "timeout": 60,
                  "routes": [ { "name": "set", "path": "/set" }, { "name": "check", "path": "/check" } ] }
                """.utf8), file: "session.json", directory: ".")
    }

    static func send(_ s: Session, _ route: String, _ source: LiveSource) async throws {
        _ = try await source.send(try RequestBuilder(session: s).build(s.route(named: route)!))
    }

    @Test("a cookie set by one response is sent with the next request to that host")
    func setThenSent() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let s = try Self.session(server.baseURL)
        let source = LiveSource(cookies: CookieJar())
        try await Self.send(s, "set", source)
        try await Self.send(s, "check", source)
        #expect(server.requests.map { $0.headers["Cookie"] } == [nil, "sid=abc123"])
    }

    @Test("without a jar no cookie is kept between sends")
    func noJar() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let s = try Self.session(server.baseURL)
        try await Self.send(s, "set", LiveSource())
        try await Self.send(s, "check", LiveSource())
        #expect(server.requests.last?.headers["Cookie"] == nil)
    }

    @Test("a jar saved as a Netscape cookie file is read back and its cookies are sent")
    func fileRoundTrip() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        let s = try Self.session(server.baseURL)
        let first = CookieJar()
        try await Self.send(s, "set", LiveSource(cookies: first))
        try first.save(to: dir.url("cookies.txt"))
        let text = try #require(dir.read("cookies.txt"))
        #expect(text.hasPrefix("# Netscape HTTP Cookie File"))
        #expect(text.contains("127.0.0.1\tFALSE\t/\tFALSE\t0\tsid\tabc123"))
        let again = try CookieJar(contentsOf: dir.url("cookies.txt"))
        try await Self.send(s, "check", LiveSource(cookies: again))
        #expect(server.requests.last?.headers["Cookie"] == "sid=abc123")
    }

    @Test("a cookie file curl wrote is read: comments skipped, #HttpOnly_ lines kept; a missing file is empty")
    func curlFile() throws {
        let jar = CookieJar(
            netscape: """
                # Netscape HTTP Cookie File
                # https://curl.se/docs/http-cookies.html

                #HttpOnly_example.com\tFALSE\t/\tTRUE\t0\tsession\tx1
                .example.com\tTRUE\t/api\tFALSE\t1999999999\ttheme\tdark
                """)
        #expect(jar.cookies.count == 2)
        #expect(jar.cookies.first?.hasPrefix("#HttpOnly_example.com") == true)
        #expect(try CookieJar(contentsOf: "/nonexistent/strata-cookies.txt").cookies.isEmpty)
    }
}
