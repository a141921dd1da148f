import Foundation
import Strata
import StrataTestSupport
import Testing

/// Recording live exchanges into fixtures, then replaying them with MockSource.
@Suite struct RecordingSourceTests {
    /// A scratch shop session whose base URL is a loopback server.
    struct Setup {
        let server: LoopbackServer
        let dir: ScratchDirectory
        let session: Session

        init(extra: [String: String] = [:], reply: @escaping @Sendable (LoopbackServer.Request) -> LoopbackServer.Reply)
            throws
        {
            server = try LoopbackServer(handler: reply)
            dir = try ScratchDirectory(ShopSession.files(baseURL: server.baseURL).merging(extra) { $1 })
            session = try Session.load(from: dir.path)
        }

        func request(_ route: String, _ edits: [ParamEdit] = []) throws -> BuiltRequest {
            try RequestBuilder(session: session, environment: ["SHOP_KEY": "s3cret"])
                .build(session.route(named: route)!, edits: edits)
        }

        func close() {
            server.stop()
            dir.remove()
        }
    }

    @Test("the writer finds the pair recorded for the same request, not for another id or method")
    func existingPair() async throws {
        let setup = try Setup { _ in .json("{}") }
        defer { setup.close() }
        let request = try setup.request("product", [.set(name: "id", value: "7")])
        let writer = FixtureWriter(session: setup.session)
        #expect(writer.existingPair(for: request) == nil)
        let (_, written) = try await RecordingSource(session: setup.session).record(request)
        let found = try #require(writer.existingPair(for: request))
        #expect(found.file == written.file && found.path == "/products/7" && found.index == 0)
        #expect(writer.existingPair(for: try setup.request("product", [.set(name: "id", value: "8")])) == nil)
        var post = request
        post.method = "POST"
        #expect(writer.existingPair(for: post) == nil)
    }

    @Test("a recorded JSON exchange replays in mock mode with the same status, type and body bytes")
    func recordThenReplay() async throws {
        let body = #"{"id": 7, "name": "Desk", "tags": ["wood"]}"#
        let setup = try Setup { _ in .json(body, status: 201) }
        defer { setup.close() }
        let request = try setup.request("product", [.set(name: "id", value: "7")])
        let (live, written) = try await RecordingSource(session: setup.session).record(request)
        #expect(live.status == 201)
        #expect(written.file == setup.dir.path + "/fixtures/product.json")
        #expect(written.path == "/products/7" && written.index == 0 && !written.replaced)
        let replay = try await MockSource(session: setup.session).send(request)
        #expect(replay.status == 201)
        #expect(replay.body == Array(body.utf8))
        #expect(replay.contentType == "application/json")
        #expect(replay.origin == .fixture(file: written.file, number: 1, delay: .zero))
        let text = try #require(setup.dir.read("fixtures/product.json"))
        #expect(
            text == """
                {
                  "/products/7": [
                    {
                      "request": { "method": "GET", "params": { "api_key": "<redacted>" } },
                      "response": {
                        "status": 201,
                        "headers": { "Content-Type": "application/json" },
                        "body": \(body)
                      }
                    }
                  ]
                }

                """)
        #expect(!text.contains("s3cret"))
    }

    @Test("redacted response headers are written as <redacted>, per-connection headers are left out")
    func redactsHeaders() async throws {
        let setup = try Setup { _ in
            LoopbackServer.Reply(
                status: 200,
                headers: [("Content-Type", "text/plain"), ("Authorization", "Bearer xyz"), ("X-Total", "3")],
                body: Array("plain text".utf8))
        }
        defer { setup.close() }
        _ = try await RecordingSource(session: setup.session).record(try setup.request("listProducts"))
        let text = try #require(setup.dir.read("fixtures/products.json"))
        #expect(text.contains(#""Authorization": "<redacted>""#))
        #expect(text.contains(#""X-Total": "3""#))
        #expect(!text.contains("Bearer xyz"))
        #expect(!text.contains("Content-Length"))
        #expect(text.contains(#""body": "plain text""#))
    }

    @Test("a pair for a path already listed is appended to that file, keeping every other byte")
    func appendsPreservingFile() async throws {
        let setup = try Setup { _ in .json(#"{"products":[{"id":9}]}"#) }
        defer { setup.close() }
        let request = try setup.request("listProducts", [.set(name: "page", value: "9")])
        let (_, written) = try await RecordingSource(session: setup.session).record(request)
        #expect(written.file == setup.dir.path + "/fixtures/products.json")
        #expect(written.index == 2)
        let before = ShopSession.productsFixture
        let after = try #require(setup.dir.read("fixtures/products.json"))
        // Everything up to the end of the last /products pair, and everything after it, is unchanged.
        let cut = try #require(before.range(of: #""body": { "products": [] } } }"#)).upperBound
        #expect(after.hasPrefix(String(before[..<cut])))
        #expect(after.hasSuffix(String(before[cut...])))
        let set = FixtureSet.load(for: setup.session)
        #expect(set.diagnostics.isEmpty)
        #expect(set.pairs.count == 4)
        let replay = try await MockSource(session: setup.session).send(request)
        #expect(replay.body == Array(#"{"products":[{"id":9}]}"#.utf8))
    }

    @Test(
        "an existing pair for the same request is not overwritten without --overwrite, and is replaced in place with it"
    )
    func overwrite() async throws {
        let counter = Counter()
        let setup = try Setup { _ in .json(#"{"v":\#(counter.next())}"#) }
        defer { setup.close() }
        let request = try setup.request("createOrder")
        _ = try await RecordingSource(session: setup.session).record(request)
        let first = try #require(setup.dir.read("fixtures/createOrder.json"))
        do {
            _ = try await RecordingSource(session: setup.session).record(request)
            Issue.record("recorded twice")
        } catch {
            #expect(
                error.description
                    == "\(setup.dir.path)/fixtures/createOrder.json:3:5: a pair for POST /orders?product_id=1&quantity=1&api_key=<redacted> already exists; pass --overwrite to replace it"
            )
        }
        #expect(setup.dir.read("fixtures/createOrder.json") == first)
        #expect(setup.server.requests.count == 1)
        let (_, written) = try await RecordingSource(session: setup.session, overwrite: true).record(request)
        #expect(written.replaced && written.index == 0)
        #expect(
            setup.dir.read("fixtures/createOrder.json")
                == first.replacingOccurrences(of: #"{"v":1}"#, with: #"{"v":2}"#))
    }

    @Test("a binary body goes to a body file in fixtures/bodies/")
    func binaryBody() async throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF]
        let setup = try Setup { _ in LoopbackServer.Reply(headers: [("Content-Type", "image/png")], body: png) }
        defer { setup.close() }
        let request = try setup.request("product", [.set(name: "id", value: "5")])
        let (_, written) = try await RecordingSource(session: setup.session).record(request)
        #expect(written.bodyFile == "bodies/product-1.png")
        #expect(setup.dir.read("fixtures/product.json")?.contains(#""bodyFile": "bodies/product-1.png""#) == true)
        let replay = try await MockSource(session: setup.session).send(request)
        #expect(replay.body == png)
        #expect(replay.contentType == "image/png")
    }

    @Test("a fixture file that is not valid JSON is left untouched and the error says why")
    func brokenFileUntouched() async throws {
        let broken = "{ \"/products/1\": [ }\n"
        let setup = try Setup(extra: ["fixtures/products.json": broken]) { _ in .json("{}") }
        defer { setup.close() }
        let request = try setup.request("listProducts")
        // products.json does not parse, so the pair goes to listProducts.json instead; make that one broken too.
        try setup.dir.write("fixtures/listProducts.json", broken)
        do {
            _ = try await RecordingSource(session: setup.session).record(request)
            Issue.record("wrote into a broken file")
        } catch {
            #expect(
                error.description.hasPrefix(
                    "cannot add a pair to \(setup.dir.path)/fixtures/listProducts.json: it is not valid JSON"))
            #expect(error.description.hasSuffix("fix the file first (nothing was sent)"))
            #expect(setup.server.requests.isEmpty)
        }
        #expect(setup.dir.read("fixtures/listProducts.json") == broken)
        #expect(setup.dir.read("fixtures/products.json") == broken)
        #expect(setup.dir.list("fixtures").allSatisfy { !$0.contains(".tmp-") })
    }
}

/// A thread-safe counter for loopback handlers.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int {
        lock.withLock {
            value += 1; return value
        }
    }
}
