import Foundation
import Strata
import StrataTestSupport
import Testing

/// Streams through `strata serve`: a live stream is relayed as it arrives (chunked, a piece at a time), and a paced
/// fixture goes out an event or line per chunk. Every step waits for a handshake, never for time.
@Suite(.needsLibmicrohttpd) struct ServeStreamTests {
    static let sessionJSON = """
        { "name": "streams", "baseURL": "${env:UP_URL}", "maxBodyBytes": 64,
          "routes": [ { "name": "ticker", "path": "/ticker" } ] }
        """

    /// The exchanges the responder hands on, waited for one at a time.
    final class Arrivals: Sendable {
        private let list = Locked<[ServeExchange]>([])
        private let arrived = DispatchSemaphore(value: 0)

        func add(_ exchange: ServeExchange) {
            list.withLock { $0.append(exchange) }
            arrived.signal()
        }

        var count: Int { list.withLock { $0.count } }

        /// The next exchange logged (nil when none comes within a minute: the test then fails instead of hanging).
        func next() -> ServeExchange? {
            guard arrived.wait(timeout: .now() + 60) == .success else { return nil }
            return list.withLock { $0.removeFirst() }
        }
    }

    /// A session proxying live to `upstream`, its exchanges told to `arrivals`.
    static func served(
        _ upstream: LoopbackServer, _ arrivals: Arrivals, recording: Bool = false
    ) throws -> ServedSession {
        try ServedSession(
            fixtures: [:], sessionJSON: sessionJSON,
            upstream: { recording ? .record(RecordingSource(session: $0)) : .live(LiveSource()) },
            environment: ["UP_URL": upstream.baseURL], exchangeObserver: arrivals.add)
    }

    /// Sends `GET path` on a new connection and returns it, its response head read.
    static func get(_ path: String, from served: ServedSession) throws -> (RawConnection, String) {
        let client = try RawConnection(port: served.server.port)
        client.send(
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(served.server.port)\r\nAccept: text/event-stream\r\n\r\n")
        return (client, try #require(client.read(through: "\r\n\r\n")))
    }

    static func text(_ body: MockSource.BodySource) -> String? {
        guard case .bytes(let bytes) = body else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("a live event stream reaches the client event by event, the first before the upstream sends the next")
    func liveStreamPassesThrough() throws {
        let gate = StreamGate()
        defer { gate.finish() }
        let upstream = try LoopbackServer { _ in .events(["data: 1\n\n", "data: 2\n\n", "data: 3\n\n"], gate: gate) }
        defer { upstream.stop() }
        let arrivals = Arrivals()
        let served = try Self.served(upstream, arrivals)
        let (client, head) = try Self.get("/ticker", from: served)
        #expect(head.hasPrefix("HTTP/1.1 200"))
        #expect(head.lowercased().contains("transfer-encoding: chunked"))
        #expect(head.contains("text/event-stream"))
        // The upstream holds the second event until the gate opens, so the first arrived on its own.
        #expect(client.read(through: "data: 1\n\n") != nil)
        #expect(arrivals.count == 0, "the exchange is logged when the stream ends, not before")
        gate.open()
        #expect(client.read(through: "data: 2\n\n") != nil)
        gate.open()
        #expect(client.read(through: "data: 3\n\n") != nil)
        #expect(client.read(through: "0\r\n\r\n") != nil, "a whole stream ends with the last chunk")
        let exchange = try #require(arrivals.next())
        #expect(exchange.entry.status == 200)
        #expect(exchange.entry.outcome == "live")
        #expect(Self.text(exchange.reply.body) == "data: 1\n\ndata: 2\n\ndata: 3\n\n")
        #expect(served.responder.journal.all.map(\.outcome) == ["live"])
    }

    @Test("a body without a Content-Length is relayed as it arrives, whatever its type")
    func unannouncedBodyPassesThrough() throws {
        let gate = StreamGate()
        defer { gate.finish() }
        let upstream = try LoopbackServer { _ in
            .events(["first part,", " second part"], gate: gate, contentType: "text/plain")
        }
        defer { upstream.stop() }
        let arrivals = Arrivals()
        let served = try Self.served(upstream, arrivals)
        let (client, head) = try Self.get("/ticker", from: served)
        #expect(head.lowercased().contains("transfer-encoding: chunked"))
        #expect(client.read(through: "first part,") != nil)
        gate.open()
        #expect(client.read(through: " second part") != nil)
        #expect(client.read(through: "0\r\n\r\n") != nil)
        #expect(try #require(arrivals.next()).entry.outcome == "live")
    }

    @Test("record mode relays a stream too, and writes the pair once it has ended")
    func recordModeRelaysThenWrites() throws {
        let gate = StreamGate()
        defer { gate.finish() }
        let upstream = try LoopbackServer { _ in .events(["data: 1\n\n", "data: 2\n\n"], gate: gate) }
        defer { upstream.stop() }
        let arrivals = Arrivals()
        let served = try Self.served(upstream, arrivals, recording: true)
        let (client, _) = try Self.get("/ticker", from: served)
        #expect(client.read(through: "data: 1\n\n") != nil)
        #expect(served.dir.read("fixtures/ticker.json") == nil, "nothing is written before the stream ends")
        gate.open()
        #expect(client.read(through: "0\r\n\r\n") != nil)
        let exchange = try #require(arrivals.next())
        #expect(exchange.entry.outcome.hasPrefix("recorded fixtures/ticker.json"))
        let fixture = try #require(served.dir.read("fixtures/ticker.json"))
        #expect(fixture.contains(#"data: 1\n\ndata: 2\n\n"#))
    }

    @Test("a stream past maxBodyBytes is cut there: the client's response ends without its last chunk")
    func streamCutAtMaxBodyBytes() throws {
        let gate = StreamGate()
        defer { gate.finish() }
        let first = String(repeating: "a", count: 60)
        let upstream = try LoopbackServer { _ in .events([first, String(repeating: "b", count: 10)], gate: gate) }
        defer { upstream.stop() }
        let arrivals = Arrivals()
        let served = try Self.served(upstream, arrivals)
        let (client, _) = try Self.get("/ticker", from: served)
        #expect(client.read(through: first) != nil)
        gate.open()
        let rest = try #require(client.readToEnd())
        #expect(rest.contains("bbbb"), "the 4 bytes up to the limit still go out")
        #expect(!rest.contains("bbbbb"))
        #expect(!rest.hasSuffix("0\r\n\r\n"), "no last chunk: the client can tell the body was cut")
        let exchange = try #require(arrivals.next())
        #expect(exchange.entry.outcome.contains("cut at maxBodyBytes"))
    }

    @Test("stopping the server cuts a stream that is still open, and logs it as cut short")
    func stopCutsOpenStream() throws {
        let gate = StreamGate()
        defer { gate.finish() }
        let upstream = try LoopbackServer { _ in .events(["data: 1\n\n", "data: 2\n\n"], gate: gate) }
        defer { upstream.stop() }
        let arrivals = Arrivals()
        let served = try Self.served(upstream, arrivals)
        let (client, _) = try Self.get("/ticker", from: served)
        #expect(client.read(through: "data: 1\n\n") != nil)
        served.server.stop()
        let rest = try #require(client.readToEnd())
        #expect(!rest.contains("data: 2") && !rest.hasSuffix("0\r\n\r\n"))
        let exchange = try #require(arrivals.next())
        #expect(exchange.entry.status == 200)
        #expect(exchange.entry.outcome.hasPrefix("live (stream cut short after 9 bytes"))
    }

    static let pacedFixtures = [
        "paced.json": #"""
        {
          "/paced": [ { "response": { "status": 200, "headers": { "Content-Type": "text/event-stream" },
                                      "chunkDelay": 1, "body": "data: 1\n\nid: 2\r\ndata: 2\r\n\r\n\ndata: 3" } } ],
          "/lines": [ { "response": { "status": 200, "headers": { "Content-Type": "application/x-ndjson" },
                                      "chunkDelay": 1, "bodyFile": "lines.ndjson" } } ]
        }
        """#
    ]

    @Test(
        "a fixture with chunkDelay is served chunked, one event or line per chunk, as the mock source splits it",
        arguments: [
            ("/paced", "data: 1\n\nid: 2\r\ndata: 2\r\n\r\n\ndata: 3", "text/event-stream"),
            ("/lines", "{\"a\":1}\n{\"a\":2}\n\n{\"a\":3}", "application/x-ndjson"),
        ])
    func pacedFixtureIsChunkedByPiece(_ path: String, _ body: String, _ type: String) throws {
        let arrivals = Arrivals()
        let served = try ServedSession(fixtures: Self.pacedFixtures, exchangeObserver: arrivals.add)
        try served.dir.write("fixtures/lines.ndjson", "{\"a\":1}\n{\"a\":2}\n\n{\"a\":3}")
        let (client, head) = try Self.get(path, from: served)
        #expect(head.lowercased().contains("transfer-encoding: chunked"))
        var pieces: [String] = []
        if let first = client.readChunk() { pieces.append(String(decoding: first, as: UTF8.self)) }
        #expect(arrivals.count == 0, "a paced body is logged once it has been sent")
        while let chunk = client.readChunk(), !chunk.isEmpty { pieces.append(String(decoding: chunk, as: UTF8.self)) }
        let bytes = Array(body.utf8)
        var from = 0
        let expected = StreamingBody.pieceEnds(bytes, format: StreamingBody.format(of: type)).map { end in
            defer { from = end }
            return String(decoding: bytes[from..<end], as: UTF8.self)
        }
        #expect(expected.count > 2)
        // Each chunk ends where a piece ends (a piece is never cut), and together they are the body; on a slow
        // machine pieces due at once may leave in one chunk, so the count of chunks is not compared.
        #expect(pieces.joined() == body)
        var ends: [Int] = []
        var at = 0
        for piece in pieces {
            at += piece.utf8.count
            ends.append(at)
        }
        let pieceEnds = Set(StreamingBody.pieceEnds(bytes, format: StreamingBody.format(of: type)))
        #expect(ends.allSatisfy { pieceEnds.contains($0) }, "\(pieces) against \(expected)")
        #expect(pieces.count >= 2)
        #expect(try #require(arrivals.next()).entry.status == 200)
    }
}
