import Strata
import Testing

/// Inputs the fuzz targets (`scripts/fuzz`) found, each kept as a test with its input inline (reduced by hand).
@Suite struct FuzzFindingsTests {
    /// `fixtures` target, 2026-11-30 (the pair's param name was mutated bytes; `token` shows the same thing): a pair
    /// that lists a param with an empty value never matches, because a request leaves an empty param out, so nothing
    /// can be sent that equals "". Not fixed yet: matching or the fixture loader (a warning) should decide.
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
        withKnownIssue("an empty param is left out of the request, so a pair requiring \"\" never matches") {
            if case .failure(let report) = fixtures.match(request) { Issue.record("\(report)") }
        }
    }

    /// `yaml` target, 2026-11-30, on its first seeds: ` : ` (an empty key in a mapping that starts at byte 1) gave
    /// the key's empty scalar libfyaml's mark 0, before its mapping, so node starts left document order. Fixed in
    /// `YAMLTreeWriter`: starts never go back, spans never end before they start.
    @Test func yamlEmptyKeyBeforeItsMapping() throws {
        for text in [" : ", " :", "- : \n  :", "? \n: x"] {
            let tree = try YAMLFormat().parse(Array(text.utf8))
            var previous = 0
            for i in tree.indices {
                let span = tree.span(i)
                #expect(span.lowerBound >= previous && span.upperBound <= text.utf8.count, "\(text): \(span)")
                previous = span.lowerBound
            }
        }
        #expect(try YAMLFormat().parse(Array(" : ".utf8)).canonicalJSON() == #"{"":null}"#)
    }
}
