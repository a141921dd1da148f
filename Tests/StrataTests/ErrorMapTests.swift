import Foundation
import Strata
import StrataTestSupport
import Testing

/// Issue 32: a response with an error status maps with the route's `errorMap` (or its JSON:API `map`), else it is
/// parsed and not mapped; the mapping configuration's problems that concern a route are shown with its responses.
@Suite("errorMap and the mapping configuration's problems with a route's responses")
struct ErrorMapTests {
    /// The session of `ErrorMapSession`, read from its text.
    static func session(_ json: String = ErrorMapSession.sessionJSON) throws -> Session {
        try Session.parse(Array(json.utf8), file: "session.json", directory: ".")
    }

    static let notMapped404 = "not mapped: 404 is an error status and the route has no errorMap"

    @Test("one rule picks the mapping by status: map below 400; errorMap, else a JSON:API map, else nothing above")
    func rule() throws {
        let s = try Self.session()
        let item = try #require(s.route(named: "item"))
        let gone = try #require(s.route(named: "gone"))
        let missing = try #require(s.route(named: "missing"))
        let posts = try #require(s.route(named: "posts"))
        #expect(s.responseMapping(of: item, status: 200) == .mapped(RouteMapping(className: "Item"), key: "map"))
        #expect(s.responseMapping(of: gone, status: 399) == .mapped(RouteMapping(className: "Item"), key: "map"))
        #expect(s.responseMapping(of: gone, status: 404) == .notMapped(reason: Self.notMapped404))
        #expect(
            s.responseMapping(of: missing, status: 404) == .mapped(RouteMapping(className: "Problem"), key: "errorMap"))
        #expect(s.responseMapping(of: missing, status: 200) == .mapped(RouteMapping(className: "Item"), key: "map"))
        #expect(s.responseMapping(of: posts, status: 422) == .mapped(s.mapping(for: posts), key: "map"))
        #expect(s.responseMapping(of: Route(name: "bare", path: "/bare"), status: 500) == nil)
        // A route with only an errorMap maps its errors, and nothing below 400.
        let only = try Self.session(
            #"{ "routes": [ { "name": "e", "path": "/e", "errorMap": "P" } ], "mappings": { "P": { "properties": {} } } }"#
        )
        let e = try #require(only.route(named: "e"))
        #expect(only.responseMapping(of: e, status: 200) == nil)
        #expect(only.responseMapping(of: e, status: 500) == .mapped(RouteMapping(className: "P"), key: "errorMap"))
        #expect(only.mapsResponses(of: e))
    }

    @Test("errorMap is read like map: a typo'd class, a bad value and an unknown key are errors at file:line:col")
    func errorMapMistakes() throws {
        let s = try Self.session(
            """
            { "routes": [
              { "name": "a", "path": "/a", "map": "Problem", "errorMap": "Problme" },
              { "name": "b", "path": "/b", "errorMap": 3 },
              { "name": "c", "path": "/c", "errorMap": { "class": "Problem", "keypath": "error" } }
            ], "mappings": { "Problem": { "properties": { "title": "string" } } } }
            """)
        #expect(
            s.mappingDiagnostics.map(\.description) == [
                #"session.json:2:62: unknown class "Problme" in errorMap; did you mean Problem? (classes: Problem)"#,
                #"session.json:3:44: errorMap must be a class name or an object with "class", found number 3"#,
                "session.json:4:66: unknown key 'keypath' in errorMap; did you mean 'keyPath'? (known keys: class, "
                    + "keyPath, format, only)",
            ])
        let a = try #require(s.route(named: "a"))
        #expect(s.mapDiagnostics(for: a).count == 1)
    }

    @Test("check maps error pairs with the route's errorMap or JSON:API map, and only parses the others")
    func checkFollowsTheRule() throws {
        let dir = try ScratchDirectory(
            ErrorMapSession.files().merging([
                "fixtures/more.json":
                    #"{ "/missing": [ { "response": { "status": 500, "body": { "status": 500 } } } ] }"#
            ]) { $1 })
        defer { dir.remove() }
        let check = SessionCheck.run(path: dir.path)
        // item (200), missing twice (errorMap) and posts (JSON:API errors); gone's 404 is parsed, not mapped.
        #expect(check.mappedPairs == 4)
        let reports = check.mappingReports.map { $0.description.replacingOccurrences(of: dir.path + "/", with: "") }
        #expect(
            reports.contains {
                $0.hasPrefix(
                    "fixtures/more.json:1:17: pair #1 of '/missing' (route 'missing'): missingField $.title Problem.title"
                )
            })
        #expect(!reports.contains { $0.contains("'/gone'") || $0.contains("'/posts'") })
    }

    @Test("run: an error status without errorMap is parsed, not mapped, and the mapped view says why")
    func notMappedViews() async throws {
        let dir = try ScratchDirectory(ErrorMapSession.files())
        defer { dir.remove() }
        let s = try Session.load(from: dir.path)
        let client = Client(session: s, source: MockSource(session: s), environment: [:])
        let gone = try await client.run("gone")
        #expect(gone.parsed.tree != nil)
        #expect(gone.mapping == nil)
        #expect(gone.mappingOutcome?.notMapped == Self.notMapped404)
        #expect(gone.text(.mapped) == Self.notMapped404)
        #expect(gone.text(.issues).hasSuffix("\n" + Self.notMapped404))
        let missing = try await client.run("missing")
        #expect(missing.text(.mapped) == "Problem\n  title: \"Not here\"\n  status: 404")
        let posts = try await client.run("posts")
        #expect(posts.text(.mapped).hasPrefix("JSONAPIDocument\n  errors: [1]\n    [0]: JSONAPIError"))
    }

    @Test("run's issues view leads with the configuration problems of the classes the route maps, in check's words")
    func configurationProblemsInIssues() async throws {
        let dir = try ScratchDirectory(ErrorMapSession.files())
        defer { dir.remove() }
        let s = try Session.load(from: dir.path)
        let check = SessionCheck.run(path: dir.path)
        let client = Client(session: s, source: MockSource(session: s), environment: [:])
        let item = try await client.run("item")
        let issues = item.text(.issues).split(separator: "\n").map(String.init)
        // The same lines check prints: a bad date pattern, a field that is not a key path, a mistyped type.
        #expect(Array(issues.prefix(3)) == check.diagnostics.map(\.description))
        #expect(issues[0].hasPrefix("\(dir.path)/session.json:13:43: bad date pattern for Item.when: "))
        #expect(
            issues[1]
                == #"\#(dir.path)/session.json:14:27: field "$" of Item.whole is not a key path; write a key or a.b.0.c"#
        )
        #expect(issues[2].hasPrefix(#"\#(dir.path)/session.json:15:25: unknown type "strin" for Item.kind"#))
        #expect(issues[3].hasPrefix("error badDate $.when Item.when"))
        let report = try #require(
            JSONSerialization.jsonObject(with: Data(item.jsonReport().utf8)) as? [String: Any])
        #expect((report["mappingDiagnostics"] as? [String]) == check.diagnostics.map(\.description))
        #expect(report["notMapped"] is NSNull)
        // posts maps JSON:API classes only: Item's problems do not concern it.
        let posts = try await client.run("posts")
        #expect(posts.text(.issues) == "no mapping issues")
        let gone = try await client.run("gone")
        let goneReport = try #require(
            JSONSerialization.jsonObject(with: Data(gone.jsonReport().utf8)) as? [String: Any])
        #expect(goneReport["notMapped"] as? String == Self.notMapped404)
        #expect(goneReport["mapped"] is NSNull)
    }
}
