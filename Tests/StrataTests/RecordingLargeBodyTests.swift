import Foundation
import Strata
import StrataTestSupport
import Testing

/// `record` streams a body to the fixtures folder instead of holding it: bodies up to the inline limit are
/// written into the fixture as before, larger ones go to a body file copied in pieces, secrets scrubbed.
@Suite struct RecordingLargeBodyTests {
    static let secret = "s3cret-key"

    /// A JSON body a little over the inline limit whose echoed secret straddles the copy's first piece boundary.
    static func largeBody() -> [UInt8] {
        let marker = Array("\"key\": \"".utf8)
        var body = Array("{\"pad\": \"".utf8)
        let start = FixtureWriter.copyChunk - 4 - marker.count - 2
        body += [UInt8](repeating: UInt8(ascii: "x"), count: start - body.count)
        body += Array("\", ".utf8) + marker + Array(secret.utf8) + Array("\", \"more\": \"".utf8)
        body += [UInt8](repeating: UInt8(ascii: "y"), count: FixtureWriter.inlineBodyLimit)
        body += Array("\"}".utf8)
        return body
    }

    static func record(_ reply: LoopbackServer.Reply, streaming: Bool = true) async throws -> (
        ScratchDirectory, FixtureWriter.Written
    ) {
        let server = try LoopbackServer { _ in reply }
        defer { server.stop() }
        let dir = try ScratchDirectory(ShopSession.files(baseURL: server.baseURL))
        let session = try Session.load(from: dir.path)
        let request = try RequestBuilder(session: session, environment: ["SHOP_KEY": secret])
            .build(session.route(named: "product")!, edits: [.set(name: "id", value: "7")])
        let (_, written) = try await RecordingSource(session: session).record(request, streaming: streaming)
        return (dir, written)
    }

    @Test("a body over the inline limit goes to a body file, its secret replaced even across a piece boundary")
    func largeBodyIsCopiedScrubbed() async throws {
        let body = Self.largeBody()
        let reply = LoopbackServer.Reply(
            headers: [("Content-Type", "application/json"), ("X-Echo", "key=\(Self.secret)")], body: body)
        let (dir, written) = try await Self.record(reply)
        defer { dir.remove() }
        #expect(written.largeBody && written.bodyBytes == body.count)
        let bodyFile = try #require(written.bodyFile)
        #expect(bodyFile == "bodies/product-1.json")
        let copied = try #require(FileManager.default.contents(atPath: dir.url("fixtures/" + bodyFile)))
        let expected = String(decoding: body, as: UTF8.self).replacingOccurrences(of: Self.secret, with: "<redacted>")
        #expect(String(decoding: copied, as: UTF8.self) == expected)
        let fixture = try #require(dir.read("fixtures/product.json"))
        #expect(fixture.contains("\"bodyFile\": \"bodies/product-1.json\""))
        #expect(fixture.contains("\"X-Echo\": \"key=<redacted>\""))
        #expect(!fixture.contains(Self.secret))
        #expect(!dir.list("fixtures").contains { $0.contains(".tmp-") })
    }

    @Test("a streamed body over the inline limit stays out of the history, and the problem says it was on purpose")
    func largeBodyIsNotKeptInTheHistory() async throws {
        let server = try LoopbackServer { _ in .json(String(decoding: Self.largeBody(), as: UTF8.self)) }
        defer { server.stop() }
        let dir = try ScratchDirectory(ShopSession.files(baseURL: server.baseURL))
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        let request = try RequestBuilder(session: session, environment: ["SHOP_KEY": Self.secret])
            .build(session.route(named: "product")!, edits: [.set(name: "id", value: "7")])
        let history = HistoryStore(session: session)
        let problems = Locked<[HistoryError]>([])
        let recorder = RecordingSource(
            session: session, history: history, historyProblems: { p in problems.withLock { $0.append(p) } })
        let (_, written) = try await recorder.record(request, streaming: true)
        #expect(written.largeBody)
        #expect(history.entries().isEmpty)
        let reported = problems.withLock { $0 }
        #expect(reported.count == 1)
        #expect(
            reported.first?.description
                == ("not kept in the history: the body (9.4 MB) was streamed into the "
                    + "fixture; recorded bodies over 8.4 MB are kept there only"))
    }

    @Test("a body over the limit recorded from memory (as serve records) gives the same body file")
    func largeBodyFromMemory() async throws {
        let body = Self.largeBody()
        let (dir, written) = try await Self.record(
            LoopbackServer.Reply(headers: [("Content-Type", "application/json")], body: body), streaming: false)
        defer { dir.remove() }
        #expect(written.largeBody)
        let copied = try #require(FileManager.default.contents(atPath: dir.url("fixtures/" + written.bodyFile!)))
        let expected = String(decoding: body, as: UTF8.self).replacingOccurrences(of: Self.secret, with: "<redacted>")
        #expect(String(decoding: copied, as: UTF8.self) == expected)
    }

    @Test("a small streamed body is written into the fixture exactly as an in-memory one")
    func smallBodyUnchanged() async throws {
        let reply = LoopbackServer.Reply.json(#"{"id": 7, "echo": "\#(Self.secret)"}"#)
        let (streamedDir, streamed) = try await Self.record(reply)
        let (memoryDir, inMemory) = try await Self.record(reply, streaming: false)
        defer {
            streamedDir.remove()
            memoryDir.remove()
        }
        #expect(!streamed.largeBody && streamed.bodyFile == nil && streamed.bodyBytes == inMemory.bodyBytes)
        let text = try #require(streamedDir.read("fixtures/product.json"))
        #expect(text == memoryDir.read("fixtures/product.json"))
        #expect(text.contains(#""body": {"id": 7, "echo": "<redacted>"}"#))
        #expect(!streamedDir.list("fixtures").contains { $0.contains(".tmp-") })
    }

    @Test("a temporary file left by a killed recording is removed by the next one")
    func staleTemporaryRemoved() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        let dir = try ScratchDirectory(ShopSession.files(baseURL: server.baseURL))
        defer { dir.remove() }
        try dir.write("fixtures/.recording.tmp-0000", "half a body")
        let session = try Session.load(from: dir.path)
        let request = try RequestBuilder(session: session, environment: ["SHOP_KEY": Self.secret])
            .build(session.route(named: "product")!, edits: [.set(name: "id", value: "7")])
        _ = try await RecordingSource(session: session).record(request, streaming: true)
        #expect(!dir.list("fixtures").contains { $0.contains(".tmp-") })
    }
}

/// A streamed recording still stops at `maxBodyBytes`.
@Suite struct RecordingBodyLimitTests {
    @Test("a streamed body over maxBodyBytes is recorded up to the limit, marked truncated")
    func streamedBodyStopsAtTheLimit() async throws {
        let server = try LoopbackServer { _ in .text(String(repeating: "z", count: 100_000)) }
        defer { server.stop() }
        let dir = try ScratchDirectory([
            "session.json": """
            { "name": "T", "baseURL": "\(server.baseURL)", "maxBodyBytes": 1000,
              "routes": [ { "name": "big", "path": "/big" } ] }
            """
        ])
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        let request = try RequestBuilder(session: session, environment: [:]).build(session.route(named: "big")!)
        let (response, written) = try await RecordingSource(session: session).record(request, streaming: true)
        #expect(response.truncated && written.bodyBytes == 1000)
        #expect(
            dir.read("fixtures/big.json")?.contains("\"body\": \"" + String(repeating: "z", count: 1000) + "\"") == true
        )
    }
}
