import Foundation
import Strata
import StrataTestSupport
import Testing

/// A fixture with `chunkDelay` hands its body to a progress observer piece by piece, as a live stream would.
@Suite struct MockPacingTests {
    @Test("an event-stream fixture with chunkDelay is reported one event at a time, then returned whole")
    func eventsOneByOne() async throws {
        let dir = try ScratchDirectory()
        try dir.write("session.json", #"{ "baseURL": "https://x.test", "routes": [ { "name": "t", "path": "/t" } ] }"#)
        try dir.write(
            "fixtures/t.json",
            #"{ "/t": [ { "response": { "status": 200, "headers": { "Content-Type": "text/event-stream" }, "chunkDelay": 1, "body": "data: 1\n\nid: 2\r\ndata: 2\r\n\r\ndata: 3" } } ] }"#
        )
        let session = try Session.load(from: dir.path)
        let request = try RequestBuilder(session: session, environment: [:]).build(session.route(named: "t")!)
        let reports = Locked<[TransferProgress]>([])
        let response = try await MockSource(session: session).send(
            request, progress: { report in reports.withLock { $0.append(report) } })
        let seen = reports.withLock { $0 }
        #expect(
            seen.map { String(decoding: $0.chunk, as: UTF8.self) } == [
                "", "data: 1\n\n", "id: 2\r\ndata: 2\r\n\r\n", "data: 3",
            ])
        #expect(seen.last?.received == response.body.count)
        #expect(seen.allSatisfy { $0.expected == response.body.count && $0.status == 200 })
        #expect(String(decoding: response.body, as: UTF8.self).hasSuffix("data: 3"))
    }

    @Test("pieces end after each event or line, or every 1 KiB for other bodies")
    func noPacing() {
        #expect(StreamingBody.pieceEnds(Array(repeating: 0x41, count: 2500), format: nil) == [1024, 2048, 2500])
        #expect(StreamingBody.pieceEnds(Array("{}\n{}".utf8), format: "ndjson") == [3, 5])
        #expect(StreamingBody.pieceEnds([], format: "sse") == [])
    }
}
