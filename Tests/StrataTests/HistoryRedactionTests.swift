import Foundation
import Strata
import StrataTestSupport
import Testing

/// The history keeps exchanges redacted exactly as recorded fixtures are: no secret ever reaches its files.
@Suite struct HistoryRedactionTests {
    static let sessionJSON = """
        {
          "name": "Vault",
          "baseURL": "BASE",
          "auth": { "type": "bearer", "token": "${env:VAULT_TOKEN}" },
          "headers": { "X-Client-Secret": "${env:CLIENT_SECRET}", "Accept": "application/json" },
          "redact": ["X-Client-Secret", "Set-Cookie-Echo"],
          "routes": [ { "name": "me", "method": "GET", "path": "/me", "params": { "page": "1" } } ]
        }
        """

    /// Every file of the history folder as one text.
    static func historyText(_ dir: ScratchDirectory) -> String {
        dir.list(".strata/history").compactMap { dir.read(".strata/history/" + $0) }.joined(separator: "\n")
    }

    @Test("a bearer token and a redacted header, sent and echoed back by the server, are never in the history files")
    func secretsNeverWritten() async throws {
        let server = try LoopbackServer { request in
            .json(
                #"{"seen": "\#(request.headers["Authorization"] ?? "")", "secret": "\#(request.headers["X-Client-Secret"] ?? "")", "page": 1}"#
            )
        }
        let dir = try ScratchDirectory([
            "session.json": Self.sessionJSON.replacingOccurrences(of: "BASE", with: server.baseURL)
        ])
        defer {
            server.stop()
            dir.remove()
        }
        let session = try Session.load(from: dir.path)
        let environment = ["VAULT_TOKEN": "tok-9f8e7d6c", "CLIENT_SECRET": "cs-1a2b3c4d"]
        let client = Client(
            session: session, source: HistorySource(LiveSource(), history: HistoryStore(session: session)),
            environment: environment)
        let exchange = try await client.run("me")
        #expect(String(decoding: exchange.response.body, as: UTF8.self).contains("tok-9f8e7d6c"))
        let text = Self.historyText(dir)
        #expect(!text.isEmpty)
        #expect(!text.contains("tok-9f8e7d6c"))
        #expect(!text.contains("cs-1a2b3c4d"))
        let entry = try #require(HistoryStore(session: session).latest(route: "me"))
        #expect(
            entry.request.headers["Authorization"] == "Bearer <redacted>"
                || entry.request.headers["Authorization"] == "<redacted>")
        #expect(entry.request.headers["X-Client-Secret"] == "<redacted>")
        #expect(
            String(decoding: entry.response.body, as: UTF8.self)
                == #"{"seen": "<redacted>", "secret": "<redacted>", "page": 1}"#)
    }

    @Test("the history redacts as the fixture writer does: the same request and body, Set-Cookie as <redacted>")
    func sameAsRecordedFixtures() async throws {
        let server = try LoopbackServer { request in
            var reply = LoopbackServer.Reply.json(#"{"token": "\#(request.headers["Authorization"] ?? "")"}"#)
            reply.headers.append(("Set-Cookie", "sid=abcdef123456; HttpOnly"))
            return reply
        }
        let dir = try ScratchDirectory([
            "session.json": Self.sessionJSON.replacingOccurrences(of: "BASE", with: server.baseURL)
        ])
        defer {
            server.stop()
            dir.remove()
        }
        let session = try Session.load(from: dir.path)
        let request = try RequestBuilder(
            session: session, environment: ["VAULT_TOKEN": "tok-9f8e7d6c", "CLIENT_SECRET": "cs-1a2b3c4d"]
        ).build(session.route(named: "me")!)
        // As `strata record` records: the body streamed to a file, then read back for the fixture and the history.
        let recorder = RecordingSource(session: session, history: HistoryStore(session: session))
        _ = try await recorder.record(request, streaming: true)
        let fixture = try #require(dir.read("fixtures/me.json"))
        let entry = try #require(HistoryStore(session: session).latest(route: "me"))
        #expect(entry.source == "record")
        #expect(fixture.contains(#""token": "<redacted>""#))
        #expect(String(decoding: entry.response.body, as: UTF8.self) == #"{"token": "<redacted>"}"#)
        #expect(entry.response.headers["Set-Cookie"] == "<redacted>")
        #expect(!Self.historyText(dir).contains("abcdef123456"))
        #expect(entry.request.url == request.redacted().url)
    }
}
