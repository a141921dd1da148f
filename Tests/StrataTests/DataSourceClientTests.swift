import Foundation
import Strata
import StrataTestSupport
import Testing

@Suite struct DataSourceClientTests {
    @Test("run builds, sends through the source and parses the body into a tree")
    func runsThroughTheStack() async throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let s = try Session.load(from: dir.path)
        let client = Client(session: s, source: MockSource(session: s), environment: [:])
        let exchange = try await client.run("listProducts", edits: [.set(name: "page", value: "2")])
        #expect(exchange.source == "mock")
        #expect(exchange.response.status == 200)
        #expect(exchange.parsed.parser == "json")
        let tree = try #require(exchange.parsed.tree)
        #expect(tree.node(at: "$.products[0].name").flatMap { tree.string($0) } == "Lamp")
        #expect(exchange.request.sentValue("page") == "2")
    }

    @Test("a route's contentType overrides the Content-Type header when choosing the parser")
    func contentTypeOverride() async throws {
        let dir = try ScratchDirectory([
            "session.json": #"{ "routes": [ { "name": "r", "path": "/r", "contentType": "json" } ] }"#,
            "fixtures/r.json":
                #"{ "/r": [ { "response": { "headers": { "Content-Type": "text/plain" }, "body": "[1, 2]" } } ] }"#,
        ])
        defer { dir.remove() }
        let s = try Session.load(from: dir.path)
        let exchange = try await Client(session: s, source: MockSource(session: s), environment: [:]).run("r")
        #expect(exchange.parsed.parser == "json")
        #expect(exchange.parsed.tree?.canonicalJSON() == "[1,2]")
    }

    @Test("an unknown route names the routes there are and suggests the closest")
    func unknownRoute() throws {
        let s = try Session.parse(Array(ShopSession.sessionJSON().utf8), file: "s.json", directory: ".")
        let client = Client(session: s, source: MockSource(session: s), environment: [:])
        #expect(throws: ClientError.self) { try client.request("listProduct") }
        do {
            _ = try client.request("listProduct")
        } catch {
            #expect(
                error.description
                    == "no route named 'listProduct' in session 'Shop'; did you mean 'listProducts'? (routes: listProducts, product, createOrder)"
            )
        }
    }

    @Test("the JSON report redacts the request and includes the mapping")
    func jsonReport() async throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let s = try Session.load(from: dir.path)
        let exchange = try await Client(session: s, source: MockSource(session: s), environment: ["SHOP_KEY": "zz"])
            .run("listProducts")
        let report = exchange.jsonReport(pretty: false)
        #expect(!report.contains("zz"))
        #expect(report.contains(#""url":"https://api.example.com/v1/products?page=1&api_key=<redacted>""#))
        #expect(
            report.hasSuffix(
                #""parsed":{"products":[]},"mapped":[],"issues":[],"groups":[],"mappingDiagnostics":[],"notMapped":null}"#
            ))
        let object = try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any]
        #expect(object?["fixture"] as? [String: Any] != nil)
    }

    @Test("the summary line names the status, request, source, fixture, time and size")
    func summaryLine() async throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let s = try Session.load(from: dir.path)
        let exchange = try await Client(session: s, source: MockSource(session: s), environment: [:]).run("product")
        #expect(
            exchange.summaryLine.hasPrefix(
                "200 OK · GET https://api.example.com/v1/products/1 · mock \(dir.path)/fixtures/products.json #1 · "))
        #expect(exchange.summaryLine.hasSuffix(" · 48 B"))
    }
}
