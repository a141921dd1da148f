import Foundation
import Strata
import StrataTestSupport
import Testing

/// The source that keeps every send in the history: it passes progress on, so a streamed body still streams.
@Suite struct HistorySourceTests {
    /// A source that reports one chunk, then answers with it.
    struct Chunking: DataSource {
        var name: String { "chunking" }

        func send(_ request: BuiltRequest) async throws(TransportError) -> Response {
            try await send(request, progress: nil)
        }

        func send(_ request: BuiltRequest, progress: TransferObserver?) async throws(TransportError) -> Response {
            let chunk = Array("data: 1\n\n".utf8)
            progress?(
                TransferProgress(
                    hop: 0, status: 200, headers: ["Content-Type": "text/event-stream"], chunk: chunk,
                    received: chunk.count, transferred: chunk.count, expected: nil))
            return HistoryStoreTests.response(String(decoding: chunk, as: UTF8.self))
        }
    }

    @Test("progress reports of the wrapped source reach the caller, and the response is kept")
    func passesProgressOn() async throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        let store = HistoryStore(session: session)
        let source = HistorySource(Chunking(), history: store)
        let seen = Locked<[Int]>([])
        _ = try await source.send(HistoryStoreTests.request(session)) { report in
            seen.withLock { $0.append(report.received) }
        }
        #expect(seen.withLock { $0 } == [9])
        #expect(store.entries().count == 1)
    }
}
