import Foundation
import Strata
import StrataTestSupport
import Testing

/// LiveSource reporting a response while it arrives, against a loopback server that sends each part only when
/// the test opens its gate (a handshake: no sleeps, no timing).
@Suite struct LiveStreamingTests {
    static func request(_ baseURL: String, path: String = "/events") throws -> BuiltRequest {
        // The exchange stays open while the test opens the gate part by part: allow the longest timeout, a day.
        let s = try LiveSourceTests.session(
            baseURL, timeout: 86400, routes: #"{ "name": "events", "path": "\#(path)" }"#)
        return try RequestBuilder(session: s, environment: [:]).build(s.route(named: "events")!)
    }

    /// Reads reports until the body so far satisfies `done`; returns the body so far and the last report.
    static func receive(
        _ reports: inout AsyncStream<TransferProgress>.Iterator, body: inout [UInt8],
        until done: ([UInt8]) -> Bool
    ) async -> TransferProgress? {
        var last: TransferProgress? = nil
        while !done(body), let report = await reports.next() {
            body += report.chunk
            last = report
        }
        return last
    }

    @Test("events are reported one by one as the server sends them, before the response ends")
    func eventsAsTheyArrive() async throws {
        let gate = StreamGate()
        defer { gate.finish() }
        let server = try LoopbackServer { _ in
            .events(
                [": hello\n\ndata: {\"n\":1}\n\n", "event: tick\ndata: {\"n\":2}\n\n", "data: bye\n\n"], gate: gate)
        }
        defer { server.stop() }
        let (stream, continuation) = AsyncStream<TransferProgress>.makeStream()
        let request = try Self.request(server.baseURL)
        let task = Task { try await LiveSource().send(request, progress: { continuation.yield($0) }) }
        var reports = stream.makeAsyncIterator()
        var body: [UInt8] = []

        let head = try #require(await reports.next())
        #expect(head.status == 200)
        #expect(head.headers["Content-Type"] == "text/event-stream")
        #expect(head.chunk.isEmpty)
        #expect(head.expected == nil)

        _ = await Self.receive(&reports, body: &body) { String(decoding: $0, as: UTF8.self).contains("\"n\":1}\n\n") }
        let first = try EventStreamFormat().parse(body)
        #expect(first.childCount(Tree.root) == 1)
        gate.open()
        let second = await Self.receive(&reports, body: &body) {
            String(decoding: $0, as: UTF8.self).contains("\"n\":2}\n\n")
        }
        #expect(second?.received == body.count)
        #expect(try EventStreamFormat().parse(body).childCount(Tree.root) == 2)
        gate.open()
        let response = try await task.value
        continuation.finish()
        #expect(String(decoding: response.body, as: UTF8.self).hasSuffix("data: bye\n\n"))
        #expect(try EventStreamFormat().parse(response.body).childCount(Tree.root) == 3)
    }

    @Test("a Content-Length is reported as the expected size, so progress can be shown as a fraction")
    func expectedLength() async throws {
        let gate = StreamGate()
        defer { gate.finish() }
        let parts = ["{\"a\":1}\n", "{\"a\":2}\n"]
        let server = try LoopbackServer { _ in
            var reply = LoopbackServer.Reply(status: 200, headers: [("Content-Type", "application/x-ndjson")])
            reply.stream = LoopbackServer.StreamedBody(
                parts: parts.map { Array($0.utf8) }, gate: gate, announcedLength: parts.joined().utf8.count)
            return reply
        }
        defer { server.stop() }
        let (stream, continuation) = AsyncStream<TransferProgress>.makeStream()
        let request = try Self.request(server.baseURL, path: "/lines")
        let task = Task { try await LiveSource().send(request, progress: { continuation.yield($0) }) }
        var reports = stream.makeAsyncIterator()
        var body: [UInt8] = []
        let half = await Self.receive(&reports, body: &body) { $0.count >= 8 }
        #expect(half?.expected == 16)
        #expect(half?.transferred == 8)
        #expect(try JSONLinesFormat().parse(body).childCount(Tree.root) == 1)
        gate.open()
        let response = try await task.value
        continuation.finish()
        #expect(response.body.count == 16)
    }

    @Test("cancelling while events arrive returns cancelled at once, with the server still sending")
    func cancelMidStream() async throws {
        let gate = StreamGate()
        defer { gate.finish() }
        let server = try LoopbackServer { _ in .events(["data: 1\n\n", "data: 2\n\n"], gate: gate) }
        defer { server.stop() }
        let (stream, continuation) = AsyncStream<TransferProgress>.makeStream()
        let request = try Self.request(server.baseURL)
        let task = Task { try await LiveSource().send(request, progress: { continuation.yield($0) }) }
        var reports = stream.makeAsyncIterator()
        var body: [UInt8] = []
        _ = await Self.receive(&reports, body: &body) { $0.count >= 9 }
        task.cancel()
        await #expect(throws: TransportError.cancelled) { try await task.value }
        continuation.finish()
        #expect(String(decoding: body, as: UTF8.self) == "data: 1\n\n")
    }
}
