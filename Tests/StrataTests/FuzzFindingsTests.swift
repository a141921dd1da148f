import Strata
import Testing

/// Inputs the fuzz targets (`scripts/fuzz`) found, each kept as a test with its input inline (reduced by hand).
@Suite struct FuzzFindingsTests {
    /// `fixtures` target, 2026-11-30 (the pair's param name was mutated bytes; `token` shows the same thing): a pair
    /// that lists a param with an empty value never matches, because a request leaves an empty param out, so nothing
    /// can be sent that equals "". Matching now reads a listed "" as "sent empty or left out".
    @Test func pairListingAnEmptyParamValueCanBeMatched() throws {
        let session = try Session.parse(
            Array(#"{ "routes": [ { "name": "status", "path": "/status/418" } ] }"#.utf8),
            file: "/nonexistent/session.json", directory: "/nonexistent")
        let fixtures = FixtureSet.parse(
            Array(
                #"{ "/status/418": [ { "request": { "method": "GET", "params": { "token": "" } }, "response": { "status": 418 } } ] }"#
                    .utf8), file: "/nonexistent/fixtures/status.json")
        #expect(fixtures.diagnostics.isEmpty)
        #expect(fixtures.pairs.count == 1)
        let request = try RequestBuilder(session: session, environment: [:])
            .build(session.routes[0], edits: [.set(name: "token", value: "", location: .query)])
        if case .failure(let report) = fixtures.match(request) { Issue.record("\(report)") }
        let withToken = try RequestBuilder(session: session, environment: [:])
            .build(session.routes[0], edits: [.set(name: "token", value: "abc", location: .query)])
        if case .success = fixtures.match(withToken) { Issue.record("a pair requiring an empty token answered abc") }
    }
}
