import Foundation
import Strata
import StrataTestSupport
import Testing

/// Credentials follow a redirect only to the origin (scheme, host, port) they were configured for.
@Suite struct RedirectPolicyTests {
    static let headers: HTTPHeaders = [
        "Accept": "application/json", "Authorization": "Bearer t0ken", "Cookie": "sid=1",
        "Proxy-Authorization": "Basic eA==", "X-Api-Key": "k3y",
    ]

    @Test("origins compare scheme, host and port, with default ports filled in")
    func sameOrigin() {
        #expect(RedirectPolicy.sameOrigin("http://a.test/x", "http://A.test:80/y?z"))
        #expect(RedirectPolicy.sameOrigin("https://a.test/x", "https://a.test:443/"))
        #expect(!RedirectPolicy.sameOrigin("https://a.test/x", "http://a.test/x"))
        #expect(!RedirectPolicy.sameOrigin("http://127.0.0.1:8080/", "http://localhost:8080/"))
        #expect(!RedirectPolicy.sameOrigin("http://127.0.0.1:8080/", "http://127.0.0.1:8081/"))
        #expect(!RedirectPolicy.sameOrigin("http://a.test/", "not a url"))
    }

    @Test("a redirect within the origin keeps every header and the query")
    func sameOriginKeepsEverything() {
        let policy = RedirectPolicy(origin: "http://a.test/start?api_key=k3y", secretNames: ["api_key", "X-Api-Key"])
        let next = policy.follow(to: "http://a.test/end?api_key=k3y", headers: Self.headers)
        #expect(next?.url == "http://a.test/end?api_key=k3y")
        #expect(next?.headers == Self.headers)
    }

    @Test("a redirect to another origin drops credential and redacted headers and redacted query params")
    func otherOriginDropsCredentials() {
        let policy = RedirectPolicy(origin: "http://a.test/start", secretNames: ["api_key", "x-api-key"])
        let next = policy.follow(to: "http://b.test/end?page=2&API_KEY=k3y&q=1#top", headers: Self.headers)
        #expect(next?.url == "http://b.test/end?page=2&q=1#top")
        #expect(next?.headers == ["Accept": "application/json"])
        #expect(policy.follow(to: "http://b.test/end?api_key=k3y", headers: [:])?.url == "http://b.test/end")
    }

    @Test("a redirect that would resend a body holding secrets to another origin is not followed")
    func secretBodyStays() {
        let policy = RedirectPolicy(origin: "http://a.test/login", secretNames: ["password"], bodyHasSecrets: true)
        #expect(policy.follow(to: "http://b.test/login", headers: [:], resendsBody: true) == nil)
        #expect(policy.follow(to: "http://b.test/login", headers: [:], resendsBody: false) != nil)
        #expect(policy.follow(to: "http://a.test/again", headers: [:], resendsBody: true) != nil)
    }

    @Test("a live 307 of a POST whose body holds a secret is not followed to another port")
    func liveSecretBodyIsNotResent() async throws {
        let b = try LoopbackServer { _ in .json("{}") }
        let a = try LoopbackServer { _ in .redirect("\(b.baseURL)/login", status: 307) }
        defer {
            a.stop()
            b.stop()
        }
        let s = try Session.parse(
            Array(
                """
                { "baseURL": "\(a.baseURL)", "timeout": 60, "redact": ["password"],
                  "routes": [ { "name": "login", "method": "POST", "path": "/login", "body": "json",
                                "params": { "user": "me", "password": "${env:REDIRECT_KEY}" } } ] }
                """.utf8), file: "session.json", directory: ".")
        let r = try RequestBuilder(session: s, environment: ["REDIRECT_KEY": "k3yk3y"]).build(s.route(named: "login")!)
        let response = try await LiveSource().send(r)
        #expect(a.requests.first?.bodyText.contains("k3yk3y") == true)
        #expect(b.requests.isEmpty)
        #expect(response.status == 307)
    }

    static func session(_ baseURL: String) throws -> Session {
        try Session.parse(
            Array(
                """
                { "name": "T", "baseURL": "\(baseURL)", "timeout": 60,
                  "headers": { "Authorization": "Bearer ${env:REDIRECT_TOKEN}" },
                  "params": { "api_key": { "value": "${env:REDIRECT_KEY}", "in": "header" } },
                  "redact": ["api_key"],
                  "routes": [ { "name": "hop", "path": "/start" } ] }
                """.utf8), file: "session.json", directory: ".")
    }

    static func send(_ baseURL: String) async throws -> Response {
        let s = try session(baseURL)
        let r = try RequestBuilder(session: s, environment: ["REDIRECT_TOKEN": "t0ken", "REDIRECT_KEY": "k3y"])
            .build(s.route(named: "hop")!)
        return try await LiveSource().send(r)
    }

    @Test("a live redirect to another port or host sends no credentials there", arguments: [302, 307])
    func liveRedirectToOtherOrigin(status: Int) async throws {
        let b = try LoopbackServer { _ in .json("{}") }
        let a = try LoopbackServer { request in
            switch request.path {
            case "/start": .redirect("\(b.baseURL)/end?api_key=k3y&page=2", status: status)
            default: .json("{}")
            }
        }
        defer {
            a.stop()
            b.stop()
        }
        let response = try await Self.send(a.baseURL)
        #expect(response.status == 200)
        let atA = try #require(a.requests.first)
        #expect(atA.headers["Authorization"] == "Bearer t0ken")
        #expect(atA.headers["api_key"] == "k3y")
        let atB = try #require(b.requests.first)
        #expect(atB.headers["Authorization"] == nil)
        #expect(atB.headers["api_key"] == nil)
        #expect(atB.query("api_key") == nil)
        #expect(atB.query("page") == "2")
    }

    @Test("127.0.0.1 and localhost are different hosts; a redirect on the same origin keeps credentials")
    func liveRedirectToLocalhost() async throws {
        let server = try LoopbackServer { request in
            switch request.path {
            case "/start": .redirect("/middle")
            case "/middle":
                .redirect("http://localhost:\(request.headers["Host"]?.split(separator: ":").last ?? "")/end")
            default: .json("{}")
            }
        }
        defer { server.stop() }
        _ = try await Self.send(server.baseURL)
        let seen = server.requests.map { ($0.path, $0.headers["Authorization"], $0.headers["api_key"]) }
        #expect(seen.count == 3)
        #expect(seen.first { $0.0 == "/middle" }?.1 == "Bearer t0ken")
        #expect(seen.first { $0.0 == "/middle" }?.2 == "k3y")
        let end = try #require(seen.first { $0.0 == "/end" })
        #expect(end.1 == nil)
        #expect(end.2 == nil)
    }
}
