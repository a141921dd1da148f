import Foundation
import StrataTestSupport
import Testing

@Suite struct RecordCommandTests {
    @Test("record writes a pair that run then replays in mock mode; a second record needs --overwrite")
    func recordThenReplay() throws {
        let server = try LoopbackServer { r in
            .json(#"{"id": "\#(r.path.split(separator: "/").last ?? "")", "ok": true}"#)
        }
        defer { server.stop() }
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let env: [String: String?] = ["SHOP_URL": server.baseURL, "SHOP_KEY": "s3cret"]
        let first = try StrataBinary.run(["record", dir.path, "product", "-p", "id=12"], environment: env)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(
            first.stdout == "recorded 200 OK GET /products/12 → \(dir.path)/fixtures/product.json (/products/12 #1)\n")
        let fixture = try #require(dir.read("fixtures/product.json"))
        #expect(fixture.contains(#""api_key": "<redacted>""#) && !fixture.contains("s3cret"))

        let replay = try StrataBinary.run(["run", dir.path, "product", "-p", "id=12"], environment: ["SHOP_KEY": nil])
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout == #"{"id": "12", "ok": true}"# + "\n")

        let again = try StrataBinary.run(["record", dir.path, "product", "-p", "id=12"], environment: env)
        #expect(again.status == 1)
        #expect(again.stderr.hasSuffix("already exists; pass --overwrite to replace it\n"))
        #expect(server.requests.count == 1)

        let replaced = try StrataBinary.run(
            ["record", dir.path, "product", "-p", "id=12", "--overwrite"], environment: env)
        #expect(replaced.status == 0)
        #expect(replaced.stdout.hasPrefix("replaced 200 OK GET /products/12"))
        #expect(dir.read("fixtures/product.json") == fixture)
    }

    @Test("record against a server that is down exits 1 with a one-line error and writes nothing")
    func serverDown() throws {
        let server = try LoopbackServer { _ in .json("{}") }
        let base = server.baseURL
        server.stop()
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let r = try StrataBinary.run(
            ["record", dir.path, "listProducts"], environment: ["SHOP_URL": base, "SHOP_KEY": "k"])
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "strata: connection refused: nothing is listening at \(base)/products?page=1&api_key=<redacted>\n")
        #expect(dir.read("fixtures/products.json") == ShopSession.productsFixture)
        #expect(dir.list("fixtures") == ["product-1.xml", "products.json"])
    }
}
