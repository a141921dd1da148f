import Foundation
import StrataTestSupport
import Testing

@Suite(.needsLibmicrohttpd) struct ServeNearMissTests {
    static let fixtures = [
        "items.json": #"{ "/items": [ { "request": { "params": { "page": "2" } }, "response": { "body": [] } } ] }"#
    ]

    @Test("no match is a 404 with the near-miss report as JSON when the client accepts JSON")
    func json() async throws {
        let served = try ServedSession(fixtures: Self.fixtures)
        let reply = try await served.fetch("/items?page=3", headers: ["Accept": "application/json"])
        #expect(reply.status == 404)
        #expect(reply.header("Content-Type") == "application/json")
        let object = try #require(try JSONSerialization.jsonObject(with: reply.body) as? [String: Any])
        #expect(object["error"] as? String == "no fixture matches")
        let nearest = try #require((object["nearest"] as? [[String: Any]])?.first)
        #expect(nearest["differences"] as? [String] == [#"param page: expected "2", sent "3""#])
        let nearMiss = reply.header("Strata-Near-Miss") ?? ""
        #expect(nearMiss.hasSuffix("fixtures/items.json:1:15 (/items #1)"), "\(nearMiss)")
    }

    @Test("no match is a 404 with the report as text otherwise")
    func text() async throws {
        let served = try ServedSession(fixtures: Self.fixtures)
        let reply = try await served.fetch("/items?page=3", headers: ["Accept": "text/html, */*"])
        #expect(reply.status == 404)
        #expect(reply.header("Content-Type") == "text/plain; charset=utf-8")
        #expect(reply.text.hasPrefix("no fixture matches GET /items?page=3\nnearest pair (of 1):\n"))
        #expect(reply.text.contains(#"    param page: expected "2", sent "3""#))
        #expect(reply.header("Strata-Near-Miss") != nil)
    }

    @Test("over the wire too, the near miss and /__strata/requests name the pair from the session folder")
    func relativePaths() async throws {
        let served = try ServedSession(fixtures: Self.fixtures)
        let text = try await served.fetch("/items?page=3")
        let json = try await served.fetch("/items?page=3", headers: ["Accept": "application/json"])
        let requests = try await served.fetch("/__strata/requests").text
        #expect(text.text.contains("  fixtures/items.json:1:15 (/items #1)\n"), "\(text.text)")
        #expect(json.text.contains(#""location": "fixtures/items.json:1:15""#), "\(json.text)")
        #expect(text.header("Strata-Near-Miss") == "fixtures/items.json:1:15 (/items #1)")
        #expect(requests.contains(#""nearMiss": "fixtures/items.json:1:15 (/items #1)""#), "\(requests)")
        for shown in [text.text, json.text, text.header("Strata-Near-Miss") ?? "", requests] {
            #expect(!shown.contains(served.dir.path), "\(shown)")
        }
    }

    @Test("Accept headers as clients send them, and as nobody should: the near miss is JSON or text, never a crash")
    func acceptHeaders() async throws {
        let served = try ServedSession(fixtures: Self.fixtures)
        let cases: [(accept: String, json: Bool)] = [
            ("application/json", true), ("application/problem+json", true), ("application/*;q=0.5", true),
            ("text/html;q=0.9, application/json;q=0.8", true), ("Application/JSON", true),
            ("application/json;q=0", false), ("application/json; Q=0.000", false), ("application/json;q=x", true),
            ("*/*", false), ("text/plain", false),
            // Found by the `serve` fuzz target: empty media ranges crashed the server (index out of range).
            (";;", false), (";", false), (",", false), (" ; , ;q=1", false), ("application/json;", true),
        ]
        for (accept, json) in cases {
            let reply = try await served.fetch("/items?page=3", headers: ["Accept": accept])
            #expect(reply.status == 404, "\(accept)")
            let expected = json ? "application/json" : "text/plain; charset=utf-8"
            #expect(reply.header("Content-Type") == expected, "Accept: \(accept)")
        }
    }
}
