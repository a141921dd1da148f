import Foundation
import Strata
import StrataTestSupport
import Testing

/// Secrets never show in what a live exchange reports: error messages, the response URL, redirects.
@Suite struct LiveSecretsTests {
    static func session(_ baseURL: String) throws -> Session {
        try Session.parse(
            Array(
                """
                { "name": "T", "baseURL": "\(baseURL)", "timeout": 60,
                  "params": { "key": "${env:LIVE_SECRET_KEY}" }, "redact": ["key"],
                  "routes": [ { "name": "get", "path": "/get" }, { "name": "hop", "path": "/start" } ] }
                """.utf8), file: "session.json", directory: ".")
    }

    static func send(_ s: Session, _ route: String) async throws -> Response {
        let r = try RequestBuilder(session: s, environment: ["LIVE_SECRET_KEY": "hunter22"]).build(
            s.route(named: route)!)
        return try await LiveSource().send(r)
    }

    @Test("a transport error names the URL with the secret redacted")
    func errorMessageIsRedacted() async throws {
        let s = try Self.session("http://127.0.0.1:9")
        do {
            _ = try await Self.send(s, "get")
            Issue.record("answered")
        } catch let e as TransportError {
            #expect(!e.description.contains("hunter22"))
            #expect(e.description.contains("key=<redacted>"))
        }
    }

    @Test("the response URL and redirects are recorded with the secret redacted")
    func originIsRedacted() async throws {
        let server = try LoopbackServer { request in
            request.path.hasPrefix("/start")
                ? LoopbackServer.Reply(status: 302, headers: [("Location", "/end?key=hunter22")])
                : .json("{}")
        }
        defer { server.stop() }
        let response = try await Self.send(try Self.session(server.baseURL), "hop")
        let (url, redirects) = try #require(response.origin.live, "not a live origin")
        #expect(url == server.baseURL + "/end?key=<redacted>")
        #expect(redirects.count == 1)
        #expect(!redirects.description.contains("hunter22"))
    }
}
