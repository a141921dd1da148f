import Foundation
import Strata
import StrataTestSupport
import Testing

/// login → token → authorized route against a loopback server, through the whole stack (builder, live source,
/// parser, client), with the latest responses kept in memory as the explorer keeps them.
@Suite struct ChainedLoopbackTests {
    /// A server whose `/login` hands out a token and whose `/orders` answers 401 without `Bearer <that token>`.
    static func server() throws -> LoopbackServer {
        try LoopbackServer { request in
            switch request.path {
            case "/login": return .json(#"{"token":"tk-\#(request.bodyText.count)-loop","user":{"id":7}}"#)
            case "/orders":
                guard request.headers["Authorization"] == "Bearer tk-0-loop" else {
                    return .json(#"{"error":"unauthorized"}"#, status: 401)
                }
                return .json(#"{"orders":[{"id":1,"user":7}]}"#)
            default: return .json("{}", status: 404)
            }
        }
    }

    static func session(_ baseURL: String) throws -> Session {
        try Session.parse(
            Array(
                """
                { "name": "loop", "baseURL": "\(baseURL)", "timeout": 60,
                  "routes": [
                    { "name": "login", "method": "POST", "path": "/login" },
                    { "name": "orders", "path": "/orders",
                      "auth": { "type": "bearer", "token": "${response:login:$.token}" } } ] }
                """.utf8), file: "session.json", directory: ".")
    }

    @Test("running login, then orders, sends the token login returned; the token shows nowhere unredacted")
    func loginThenAuthorized() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let session = try Self.session(server.baseURL)
        var responses = LatestResponses()
        let login = try await Client(session: session, source: LiveSource(), responses: responses).run("login")
        #expect(login.response.status == 200)
        responses.record(login.response, route: "login")

        let client = Client(session: session, source: LiveSource(), responses: responses)
        let orders = try await client.run("orders")
        #expect(orders.response.status == 200)
        #expect(String(decoding: orders.response.body, as: UTF8.self).contains("\"orders\""))
        let auth = try #require(orders.request.params.first { $0.name == "Authorization" })
        #expect(auth.origin == .response(route: "login", query: "$.token"))
        #expect(!orders.request.curl().contains("tk-0-loop"))
        #expect(!orders.request.redacted().headers.fields.contains { $0.value.contains("tk-0-loop") })
        #expect(orders.request.scrubber.scrub("echo tk-0-loop") == "echo <redacted>")
    }

    @Test("before login has run, orders is refused with a message naming login and the query")
    func authorizedBeforeLogin() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let client = Client(session: try Self.session(server.baseURL), source: LiveSource())
        do {
            _ = try await client.run("orders")
            Issue.record("sent")
        } catch {
            #expect(
                error.description
                    == "auth 'Authorization' of route 'orders': ${response:login:$.token}: no response yet for "
                    + "route 'login' (send 'login' first)")
        }
    }
}
