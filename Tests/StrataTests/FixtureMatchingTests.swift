import Foundation
import Strata
import StrataTestSupport
import Testing

@Suite struct FixtureMatchingTests {
    /// A scratch copy of the shop session plus `extra` files, with its session and a builder.
    struct Shop {
        let dir: ScratchDirectory
        let session: Session
        let builder: RequestBuilder

        init(_ extra: [String: String] = [:]) throws {
            dir = try ScratchDirectory(ShopSession.files().merging(extra) { _, new in new })
            session = try Session.load(from: dir.path)
            builder = RequestBuilder(session: session, environment: [:])
        }

        func request(_ route: String, _ edits: [ParamEdit] = []) throws -> BuiltRequest {
            try builder.build(session.route(named: route)!, edits: edits)
        }

        func match(_ route: String, _ edits: [ParamEdit] = []) throws -> Result<FixturePair, NearMissReport> {
            FixtureSet.load(for: session).match(try request(route, edits))
        }
    }

    @Test("the pair listing the most matching params wins over a looser one")
    func mostParamsWin() throws {
        let shop = try Shop()
        defer { shop.dir.remove() }
        let pair = try shop.match("listProducts", [.set(name: "page", value: "2")]).get()
        #expect(pair.index == 0)
        #expect(pair.params.map(\.name) == ["page"])
    }

    @Test("params the pair does not list are free")
    func unlistedParamsAreFree() throws {
        let shop = try Shop()
        defer { shop.dir.remove() }
        let pair = try shop.match("listProducts", [.set(name: "page", value: "3"), .set(name: "q", value: "x")]).get()
        #expect(pair.index == 1)
    }

    @Test("ties go to the first pair in file order, files in name order")
    func tiesGoFirst() throws {
        let shop = try Shop([
            "fixtures/a.json": #"{ "/orders": [ { "response": { "status": 201, "body": "a" } } ] }"#,
            "fixtures/z.json": #"{ "/orders": [ { "response": { "status": 202, "body": "z" } } ] }"#,
        ])
        defer { shop.dir.remove() }
        let pair = try shop.match("createOrder").get()
        #expect(pair.status == 201)
        #expect(pair.file.hasSuffix("fixtures/a.json"))
    }

    @Test("a listed method must be equal")
    func methodMustMatch() throws {
        let shop = try Shop([
            "fixtures/orders.json":
                #"{ "/orders": [ { "request": { "method": "GET" }, "response": { "status": 200 } } ] }"#
        ])
        defer { shop.dir.remove() }
        let report = try #require(try shop.match("createOrder").failure, "a GET pair answered a POST")
        #expect(report.candidates.first?.differences == [.method(sent: "POST", expected: "GET")])
    }

    @Test("a redacted value in a fixture matches whatever is sent")
    func redactedMatchesAnything() throws {
        let shop = try Shop([
            "fixtures/p.json":
                #"{ "/products/7": [ { "request": { "params": { "api_key": "<redacted>" } }, "response": { "status": 200 } } ] }"#
        ])
        defer { shop.dir.remove() }
        let s = shop.session
        let r = try RequestBuilder(session: s, environment: ["SHOP_KEY": "real"])
            .build(s.route(named: "product")!, edits: [.set(name: "id", value: "7")])
        #expect(throws: Never.self) { try FixtureSet.load(for: s).match(r).get() }
    }

    @Test("no match lists the nearest pairs with what differed, nearest first")
    func nearMisses() throws {
        let shop = try Shop()
        defer { shop.dir.remove() }
        let report = try #require(
            try shop.match("product", [.set(name: "id", value: "9")]).failure, "/products/9 matched")
        #expect(report.pairCount == 3)
        #expect(report.candidates.map(\.path) == ["/products/1", "/products", "/products"])
        #expect(report.candidates[0].differences == [.path(sent: "/products/9", expected: "/products/1")])
        let text = report.description.replacingOccurrences(of: shop.dir.path + "/", with: "")
        #expect(
            text == """
                no fixture matches GET /products/9
                nearest pairs (of 3):
                  fixtures/products.json:9:20 (/products/1 #1)
                    path /products/9 ≠ /products/1
                  fixtures/products.json:6:5 (/products #2)
                    path /products/9 ≠ /products
                  fixtures/products.json:3:5 (/products #1)
                    path /products/9 ≠ /products
                    param page: expected "2", not sent
                """)
    }

    @Test("a param difference says what was expected and what was sent, or that it was not sent")
    func paramDifferences() throws {
        let shop = try Shop([
            "fixtures/products.json":
                #"{ "/products": [ { "request": { "method": "GET", "params": { "page": "2", "q": "lamp" } }, "response": {} } ] }"#
        ])
        defer { shop.dir.remove() }
        let report = try #require(try shop.match("listProducts", [.set(name: "page", value: "3")]).failure, "matched")
        #expect(
            report.candidates.first?.differences == [
                .param(name: "page", expected: "2", sent: "3"), .param(name: "q", expected: "lamp", sent: nil),
            ])
        #expect(
            report.description.hasSuffix(
                "param page: expected \"2\", sent \"3\"\n    param q: expected \"lamp\", not sent"))
    }

    @Test("with no fixtures at all the report says how to record some")
    func noFixtures() throws {
        let dir = try ScratchDirectory(["session.json": ShopSession.sessionJSON()])
        defer { dir.remove() }
        let s = try Session.load(from: dir.path)
        let r = try RequestBuilder(session: s, environment: [:]).build(s.routes[0])
        let report = try #require(FixtureSet.load(for: s).match(r).failure, "matched")
        #expect(
            report.description
                == "no fixture matches GET /products?page=1: \(dir.path)/fixtures has no fixture pairs (record some with 'strata record SESSION ROUTE')"
        )
    }

    @Test("paths are compared percent-decoded")
    func decodedPaths() throws {
        let shop = try Shop([
            "fixtures/odd.json": #"{ "/products/a b": [ { "response": { "status": 200, "body": "ok" } } ] }"#
        ])
        defer { shop.dir.remove() }
        let pair = try shop.match("product", [.set(name: "id", value: "a b")]).get()
        #expect(pair.path == "/products/a b")
    }
}
