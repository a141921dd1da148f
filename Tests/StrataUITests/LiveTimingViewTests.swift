import Strata
import StrataTestSupport
import TermGrid
import Testing

@testable import StrataUI

/// The explorer shows a live response's timing under its status line and a truncated body in the status bar.
@Suite struct LiveTimingViewTests {
    static func document(timing: Response.Timing?, truncated: Bool) throws -> ResponseDocument {
        let state = try ExplorerFixtures.demoState()
        let request = try #require(state.draft?.request)
        let body = Array(#"{"a":1}"#.utf8)
        let response = Response(
            status: 200, headers: ["Content-Type": "application/json"], body: body, duration: .milliseconds(12),
            origin: .live(url: "http://127.0.0.1/a", redirects: []), timing: timing, truncated: truncated)
        let tree = try JSONParser().parse(body)
        return ResponseDocument(
            request: request, response: response, outcome: ParseOutcome(parser: "json", tree: tree, error: nil),
            lines: LineIndex(body))
    }

    static let timing = Response.Timing(
        dns: .microseconds(1200), connect: .microseconds(300), tls: .zero, firstByte: .milliseconds(8),
        download: .microseconds(2500), total: .microseconds(12000))

    @Test("the headers view shows the timing line right under the status line; a fixture response has none")
    func timingLine() throws {
        let live = RawContent(document: try Self.document(timing: Self.timing, truncated: false), showHeaders: true)
        #expect(
            live.headerLines.prefix(2).map { String(decoding: $0, as: UTF8.self) } == [
                "HTTP 200 OK",
                "(timing: dns 1.2 ms · connect 0.3 ms · tls 0.0 ms · first byte 8.0 ms · download 2.5 ms · total 12.0 ms)",
            ])
        let mocked = RawContent(document: try Self.document(timing: nil, truncated: false), showHeaders: true)
        #expect(!mocked.headerLines.contains { String(decoding: $0, as: UTF8.self).hasPrefix("(timing") })
    }

    @Test("a truncated body is marked in the response summary")
    func truncatedMark() throws {
        let state = try ExplorerFixtures.demoState()
        let line = StatusLine.summary(try Self.document(timing: nil, truncated: true), state: state)
        #expect(line.spans.map(\.text).joined().contains("truncated (maxBodyBytes)"))
        let whole = StatusLine.summary(try Self.document(timing: nil, truncated: false), state: state)
        #expect(!whole.spans.map(\.text).joined().contains("truncated"))
    }
}
