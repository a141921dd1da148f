import Strata
import Testing

@Suite("LatestResponses keeps each response's parse while it stays the latest")
struct LatestResponsesParseTests {
    static func response(_ body: String) -> Response {
        Response(
            status: 200, headers: ["Content-Type": "application/json"], body: Array(body.utf8), duration: .zero,
            origin: .fixture(file: "a.json", number: 1, delay: .zero))
    }

    /// Parses as JSON, counting the calls in `calls`.
    static func parser(_ calls: Locked<Int>) -> (Response) -> ParseOutcome {
        { response in
            calls.withLock { $0 += 1 }
            return ParserRegistry.standard.parse(response.body, type: "json", contentType: nil)
        }
    }

    @Test("a recorded response is parsed once; a newer one, or one after forgetParses, again")
    func recorded() throws {
        let calls = Locked(0)
        var latest = LatestResponses()
        latest.record(Self.response(#"{"id":1}"#), route: "a")
        for _ in 0..<3 { #expect(latest.latestParsed(route: "a", parse: Self.parser(calls))?.outcome.tree != nil) }
        #expect(calls.withLock { $0 } == 1)
        #expect(latest.parseCount == 1)
        let copy = latest
        latest.record(Self.response(#"{"id":2}"#), route: "a")
        let newer = try #require(latest.latestParsed(route: "a", parse: Self.parser(calls))?.outcome.tree)
        #expect(newer.canonicalJSON() == #"{"id":2}"#)
        // A copy made before keeps its own response: the parse shared between copies is never mixed up.
        let older = try #require(copy.latestParsed(route: "a", parse: Self.parser(calls))?.outcome.tree)
        #expect(older.canonicalJSON() == #"{"id":1}"#)
        #expect(calls.withLock { $0 } == 3)
        latest.forgetParses()
        _ = latest.latestParsed(route: "a", parse: Self.parser(calls))
        #expect(calls.withLock { $0 } == 4)
        #expect(latest.latestParsed(route: "b", parse: Self.parser(calls)) == nil)
    }

    @Test("a fallback's response is parsed again only when it changed")
    func fallback() {
        let calls = Locked(0)
        let earlier = Locked(LatestResponses(["a": Self.response(#"{"id":1}"#)]))
        struct Reading: ResponseLookup {
            let source: Locked<LatestResponses>
            func latestResponse(route: String) -> Response? { source.withLock { $0.latestResponse(route: route) } }
        }
        let latest = LatestResponses(fallback: Reading(source: earlier))
        _ = latest.latestParsed(route: "a", parse: Self.parser(calls))
        _ = latest.latestParsed(route: "a", parse: Self.parser(calls))
        #expect(calls.withLock { $0 } == 1)
        earlier.withLock { $0.record(Self.response(#"{"id":2}"#), route: "a") }
        let tree = latest.latestParsed(route: "a", parse: Self.parser(calls))?.outcome.tree
        #expect(tree?.canonicalJSON() == #"{"id":2}"#)
        #expect(calls.withLock { $0 } == 2)
    }
}
