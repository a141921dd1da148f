import Testing

@testable import Strata
@testable import StrataDocuments
@testable import StrataMapping

/// One rule decides which header fields belong to a single connection; a proxy, a recording and an import use it.
@Suite("Per-connection headers")
struct ConnectionHeadersTests {
    let upstream: HTTPHeaders = [
        "Content-Type": "application/json", "Connection": "keep-alive, X-Hop-Trace", "X-Hop-Trace": "7",
        "Keep-Alive": "timeout=5", "Upgrade": "h2c", "Transfer-Encoding": "chunked", "Content-Length": "12",
        "TE": "trailers", "Trailer": "X-Checksum", "Content-Encoding": "gzip", "ETag": "\"v1\"",
    ]

    @Test("the hop-by-hop fields and those Connection lists are left out, the rest kept in order")
    func endToEnd() {
        #expect(
            upstream.endToEnd().fields.map(\.name) == ["Content-Type", "Content-Encoding", "ETag"])
        #expect(upstream.endToEnd(droppingAlso: ["content-encoding"]).fields.map(\.name) == ["Content-Type", "ETag"])
    }

    @Test("a name Connection lists is matched in any case, and an empty token names nothing")
    func listedNames() {
        let headers: HTTPHeaders = ["connection": "Close, , X-A", "x-a": "1", "X-B": "2"]
        #expect(headers.namesListedByConnection == ["close", "x-a"])
        #expect(headers.endToEnd().fields.map(\.name) == ["X-B"])
    }

    @Test("a recorded fixture keeps no per-connection header")
    func recording() {
        let writer = FixtureWriter(directory: "")
        #expect(writer.recordedHeaders(upstream).fields.map(\.name) == ["Content-Type", "ETag"])
    }
}
