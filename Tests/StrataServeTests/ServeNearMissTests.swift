import Foundation
import Testing

@Suite struct ServeNearMissTests {
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
}
