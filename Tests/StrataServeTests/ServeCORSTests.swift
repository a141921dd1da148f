import Foundation
import StrataTestSupport
import Testing

@Suite(.needsLibmicrohttpd) struct ServeCORSTests {
    static let fixtures = ["a.json": #"{ "/a": [ { "response": { "body": { "a": 1 } } } ] }"#]

    @Test("on loopback without a serve block, a preflight from any origin is answered and answers carry the origin")
    func defaultPolicy() async throws {
        let served = try ServedSession(fixtures: Self.fixtures)
        let preflight = try await served.fetch(
            "/a", method: "OPTIONS",
            headers: [
                "Origin": "http://localhost:3000", "Access-Control-Request-Method": "POST",
                "Access-Control-Request-Headers": "content-type, x-token",
            ])
        #expect(preflight.status == 204)
        #expect(preflight.header("Access-Control-Allow-Origin") == "*")
        #expect(preflight.header("Access-Control-Allow-Methods")?.contains("POST") == true)
        #expect(preflight.header("Access-Control-Allow-Headers") == "content-type, x-token")
        let get = try await served.fetch("/a", headers: ["Origin": "http://localhost:3000"])
        #expect(get.header("Access-Control-Allow-Origin") == "*")
        #expect(get.header("Access-Control-Expose-Headers") == "Strata-Near-Miss")
    }

    @Test("serve.cors names the origins, methods and headers allowed; another origin is refused")
    func configured() async throws {
        let sessionJSON = """
            { "name": "cors", "routes": [ { "name": "a", "path": "/a" } ],
              "serve": { "cors": { "allowOrigins": ["http://app.test:8000"], "allowMethods": ["GET"],
                                   "allowHeaders": ["Authorization"], "allowCredentials": true, "maxAge": 60 } } }
            """
        let served = try ServedSession(fixtures: Self.fixtures, sessionJSON: sessionJSON)
        let ok = try await served.fetch(
            "/a", method: "OPTIONS",
            headers: ["Origin": "http://app.test:8000", "Access-Control-Request-Method": "GET"])
        #expect(ok.status == 204)
        #expect(ok.header("Access-Control-Allow-Origin") == "http://app.test:8000")
        #expect(ok.header("Access-Control-Allow-Headers") == "Authorization")
        #expect(ok.header("Access-Control-Allow-Credentials") == "true")
        #expect(ok.header("Access-Control-Max-Age") == "60")
        let otherOrigin = try await served.fetch(
            "/a", method: "OPTIONS", headers: ["Origin": "http://evil.test", "Access-Control-Request-Method": "GET"])
        #expect(otherOrigin.status == 403)
        #expect(otherOrigin.header("Access-Control-Allow-Origin") == nil)
        let otherMethod = try await served.fetch(
            "/a", method: "OPTIONS",
            headers: ["Origin": "http://app.test:8000", "Access-Control-Request-Method": "DELETE"])
        #expect(otherMethod.status == 403)
    }
}
