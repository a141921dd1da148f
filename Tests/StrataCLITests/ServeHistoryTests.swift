import Foundation
import StrataTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `strata serve --source live` keeps each proxied exchange in the session's history; `--source mock` keeps none.
@Suite(.needsLibmicrohttpd) struct ServeHistoryTests {
    static func session(_ baseURL: String) -> [String: String] {
        [
            "session.json":
                #"{ "name": "up", "baseURL": "\#(baseURL)", "routes": [ { "name": "items", "path": "/items" } ] }"#,
            "fixtures/items.json": #"{ "/items": [ { "response": { "body": { "from": "fixture" } } } ] }"#,
        ]
    }

    func serveOnce(_ dir: ScratchDirectory, source: String) async throws {
        let serve = try ServeProcess([dir.path, "--port", "0", "--source", source])
        let url = try #require(serve.readURL())
        let client = URLSession(configuration: .ephemeral)
        defer { client.invalidateAndCancel() }
        let (status, _) = try await ServeCommandTests.get(url + "/items", with: client)
        #expect(status == 200)
        _ = serve.terminate()
    }

    @Test("a live answer proxied by serve is listed by strata history as live")
    func liveIsKept() async throws {
        let upstream = try LoopbackServer { _ in .json(#"{"from": "upstream"}"#) }
        let dir = try ScratchDirectory(Self.session(upstream.baseURL))
        defer {
            upstream.stop()
            dir.remove()
        }
        try await serveOnce(dir, source: "live")
        let r = try StrataBinary.run(["history", dir.path, "--json"])
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        #expect(entries.count == 1)
        #expect(entries.first?["route"] as? String == "items")
        #expect(entries.first?["source"] as? String == "live")
        let replay = try StrataBinary.run(["run", dir.path, "items", "--replay", "1"])
        #expect(replay.stdout.hasPrefix(#"{"from": "upstream"}"#))
    }

    @Test("fixtures answered by serve in mock mode are not kept")
    func mockIsNotKept() async throws {
        let dir = try ScratchDirectory(Self.session("http://127.0.0.1:9"))
        defer { dir.remove() }
        try await serveOnce(dir, source: "mock")
        #expect(!dir.list().contains(".strata"))
    }
}
