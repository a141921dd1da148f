import Foundation
import Strata
import StrataTestSupport
import Testing

/// `maxBodyBytes` counts the bytes after decompression, so a small compressed body that inflates past the limit
/// (a gzip bomb) stops there instead of filling memory.
@Suite struct LiveDecompressedLimitTests {
    @Test("a gzip body inflating past maxBodyBytes stops at the limit, marked truncated")
    func gzipBomb() async throws {
        let inflated = [UInt8](repeating: 0, count: 8 << 20)
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        try dir.write("zeros", bytes: inflated)
        _ = try ChildProcess.run("/usr/bin/gzip", ["-k", "-9", dir.url("zeros")])
        let bomb = try #require(FileManager.default.contents(atPath: dir.url("zeros.gz")))
        #expect(bomb.count < 1 << 20)
        let server = try LoopbackServer { _ in
            LoopbackServer.Reply(
                headers: [("Content-Type", "application/octet-stream"), ("Content-Encoding", "gzip")],
                body: Array(bomb))
        }
        defer { server.stop() }
        let session = try Session.parse(
            Array(
                """
                { "name": "T", "baseURL": "\(server.baseURL)", "maxBodyBytes": 1048576,
                  "routes": [ { "name": "bomb", "path": "/bomb" } ] }
                """.utf8), file: "session.json", directory: ".")
        let request = try RequestBuilder(session: session, environment: [:]).build(session.route(named: "bomb")!)
        let response = try await LiveSource().send(request)
        #expect(response.truncated)
        #expect(response.body.count == 1 << 20 && response.body.allSatisfy { $0 == 0 })
    }
}
