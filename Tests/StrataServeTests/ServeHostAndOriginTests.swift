import Foundation
import Strata
import StrataTestSupport
import Testing

/// `strata serve --source live` as a web page elsewhere would use it: no CORS unless the session names origins, a
/// `Host` that must name the server (DNS rebinding), and admin endpoints for their own origin only.
@Suite(.needsLibmicrohttpd) struct ServeHostAndOriginTests {
    static let sessionJSON = """
        { "name": "proxy", "baseURL": "${env:UP_URL}", "headers": { "Authorization": "Bearer ${env:UP_TOKEN}" },
          "routes": [ { "name": "me", "path": "/me" } ], "serve": { "allowHosts": ["dev.app.test"] } }
        """

    /// Serves the session live in front of a loopback upstream answering `upstream /me`.
    static func served(_ sessionJSON: String = sessionJSON) throws -> (ServedSession, LoopbackServer) {
        let upstream = try LoopbackServer { r in .text("upstream \(r.path)") }
        let served = try ServedSession(
            fixtures: [:], sessionJSON: sessionJSON, upstream: { _ in .live(LiveSource()) },
            environment: ["UP_URL": upstream.baseURL, "UP_TOKEN": "t0ken"])
        return (served, upstream)
    }

    /// The answer to `GET target` sent by hand with `headers` (each `Name: value`).
    static func get(_ target: String, _ served: ServedSession, _ headers: [String]) throws -> String {
        let connection = try RawConnection(port: served.server.port)
        let lines = headers.map { $0 + "\r\n" }.joined()
        connection.send("GET \(target) HTTP/1.1\r\n\(lines)Connection: close\r\n\r\n")
        return try #require(connection.readToEnd())
    }

    @Test("a Host naming another server gets 421 and the upstream gets nothing; the server's own names pass")
    func rebinding() throws {
        let (served, upstream) = try Self.served()
        defer { upstream.stop() }
        let port = served.server.port
        for host in ["rebound.evil.test:\(port)", "127.0.0.1:\(port + 1)", "evil.test"] {
            let answer = try Self.get("/me", served, ["Host: \(host)"])
            #expect(answer.hasPrefix("HTTP/1.1 421"), "\(host): \(answer.prefix(60))")
            #expect(answer.contains("serve.allowHosts"))
        }
        #expect(try Self.get("/me", served, []).hasPrefix("HTTP/1.1 400"))
        #expect(upstream.requests.isEmpty)
        for host in ["127.0.0.1:\(port)", "localhost:\(port)", "dev.app.test:\(port)"] {
            let answer = try Self.get("/me", served, ["Host: \(host)"])
            #expect(answer.hasPrefix("HTTP/1.1 200") && answer.contains("upstream /me"), "\(host): \(answer)")
        }
        #expect(upstream.requests.count == 3)
        #expect(served.responder.journal.all.filter { $0.outcome == "refused (host)" }.count == 4)
    }

    @Test("without serve.cors the live answers carry no CORS headers and a preflight goes to the API, not to us")
    func noCORSByDefault() async throws {
        let (served, upstream) = try Self.served()
        defer { upstream.stop() }
        let get = try await served.fetch("/me", headers: ["Origin": "http://evil.test"])
        #expect(get.status == 200)
        #expect(get.header("Access-Control-Allow-Origin") == nil)
        let preflight = try await served.fetch(
            "/me", method: "OPTIONS", headers: ["Origin": "http://evil.test", "Access-Control-Request-Method": "GET"])
        #expect(preflight.header("Access-Control-Allow-Origin") == nil)
        #expect(preflight.header("Access-Control-Allow-Methods") == nil)
    }

    @Test("with serve.cors naming an origin, only that origin is answered")
    func namedOrigin() async throws {
        let sessionJSON = Self.sessionJSON.replacingOccurrences(
            of: #""serve": {"#, with: #""serve": { "cors": { "allowOrigins": ["http://app.test:3000"] },"#)
        let (served, upstream) = try Self.served(sessionJSON)
        defer { upstream.stop() }
        let mine = try await served.fetch("/me", headers: ["Origin": "http://app.test:3000"])
        #expect(mine.header("Access-Control-Allow-Origin") == "http://app.test:3000")
        let other = try await served.fetch("/me", headers: ["Origin": "http://evil.test"])
        #expect(other.header("Access-Control-Allow-Origin") == nil)
    }

    @Test("admin endpoints refuse a request from another origin and carry no CORS headers, in mock mode too")
    func adminSameOriginOnly() async throws {
        let served = try ServedSession(fixtures: ["a.json": #"{ "/a": [ { "response": { "body": 1 } } ] }"#])
        let port = served.server.port
        let crossOrigin = try await served.fetch("/__strata/requests", headers: ["Origin": "http://evil.test"])
        #expect(crossOrigin.status == 403)
        #expect(crossOrigin.header("Access-Control-Allow-Origin") == nil)
        let reset = try await served.fetch("/__strata/reset", method: "POST", headers: ["Origin": "http://evil.test"])
        #expect(reset.status == 403)
        let sameOrigin = try await served.fetch(
            "/__strata/requests", headers: ["Origin": "http://127.0.0.1:\(port)"])
        #expect(sameOrigin.status == 200)
        #expect(sameOrigin.header("Access-Control-Allow-Origin") == nil)
        #expect(try await served.fetch("/__strata/health").status == 200)
        let rebound = try Self.get("/__strata/requests", served, ["Host: rebound.evil.test:\(port)"])
        #expect(rebound.hasPrefix("HTTP/1.1 421"))
        // Fixtures stay open to pages on loopback (the front end being built), with the default CORS policy.
        let fixture = try await served.fetch("/a", headers: ["Origin": "http://localhost:3000"])
        #expect(fixture.header("Access-Control-Allow-Origin") == "*")
    }
}
