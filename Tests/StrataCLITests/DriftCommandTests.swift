import Foundation
import StrataTestSupport
import Testing

/// `strata drift` against a loopback server standing in for the live API.
@Suite(.enabled(if: StrataBinary.url != nil, "the strata binary is not built next to the tests"))
struct DriftCommandTests {
    /// A session with one GET route and one POST route, both with fixtures, pointed at `baseURL`.
    static func files(baseURL: String) -> [String: String] {
        [
            "session.json": """
            { "name": "Drift", "baseURL": "\(baseURL)",
              "routes": [
                { "name": "products", "method": "GET", "path": "/products", "params": { "page": "1" } },
                { "name": "order", "method": "POST", "path": "/orders", "body": "json" }
              ] }
            """,
            "fixtures/shop.json": """
            { "/products": [ { "request": { "method": "GET", "params": { "page": "1" } },
                "response": { "status": 200, "body": { "products": [ { "id": 1, "price": 2.5, "old": true } ] } } } ],
              "/orders": [ { "request": { "method": "POST" }, "response": { "status": 201, "body": { "id": 1 } } } ] }
            """,
        ]
    }

    func run(_ args: [String], live: String) throws -> (StrataBinary.Result, [String]) {
        let server = try LoopbackServer { _ in .json(live) }
        defer { server.stop() }
        let dir = try ScratchDirectory(Self.files(baseURL: server.baseURL))
        defer { dir.remove() }
        let r = try StrataBinary.run(["drift", dir.path] + args)
        return (r, server.requests.map { "\($0.method) \($0.target)" })
    }

    @Test("a live response whose shape left the fixture exits 1 naming each field; the POST route is not sent")
    func drift() throws {
        let (r, sent) = try run([], live: #"{"products":[{"id":7,"price":"3.50","sku":"D-1"}]}"#)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stdout.contains("! $.products[*].price: number in the fixture → string live"))
        #expect(r.stdout.contains("+ $.products[*].sku: string (the fixture lacks it)"))
        #expect(r.stdout.contains("- $.products[*].old: bool (the server stopped sending it)"))
        #expect(r.stdout.contains("order  POST\n  not compared: POST is sent only when the route is named"))
        #expect(r.stdout.hasSuffix("2 routes · 1 compared · 1 drifted\n"))
        #expect(sent == ["GET /products?page=1"])
    }

    @Test("the same shape with other values is no drift: exit 0")
    func noDrift() throws {
        let (r, _) = try run(
            ["products"], live: #"{"products":[{"id":9,"price":1,"old":false},{"id":3,"price":4,"old":true}]}"#)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("no drift from "))
    }

    @Test("--json gives drift, and per route the findings with their kinds")
    func json() throws {
        let (r, _) = try run(["products", "--json"], live: #"{"products":[]}"#)
        #expect(r.status == 1)
        let o = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(o["drift"] as? Bool == true)
        let routes = try #require(o["routes"] as? [[String: Any]])
        let findings = try #require(routes.first?["findings"] as? [[String: Any]])
        #expect(findings.map { $0["kind"] as? String } == ["serverStopped"])
        #expect(findings.first?["pattern"] as? String == "$.products[*]")
    }
}
