import Strata
import StrataTestSupport
import Testing

@Suite("The request draft: edits applied once, for every front end")
struct RequestDraftTests {
    static func session(_ json: String) throws -> Session {
        try Session.parse(Array(json.utf8), file: "session.json", directory: ".")
    }

    @Test("an added param stays listed when the route declares none and the request cannot be built")
    func addedParamSurvivesAFailedBuild() throws {
        let s = try Self.session(#"{ "baseURL": "http://h", "routes": [ { "name": "r", "path": "/r" } ] }"#)
        let route = try #require(s.route(named: "r"))
        let edits: [ParamEdit] = [
            .set(name: "sort", value: "name"), .set(name: "bad name", value: "1", location: .header),
        ]
        let draft = RequestDraft(session: s, route: route, edits: edits, environment: [:])
        #expect(draft.request == nil)
        #expect(draft.problems == ["'bad name' is not a valid header name"])
        #expect(draft.params.map(\.name) == ["sort", "bad name"])
        #expect(draft.params.first?.origin == .added)
        #expect(draft.params.first?.location == .query)
        // The builder is the same draft, throwing its problems.
        #expect(throws: RequestError("'bad name' is not a valid header name")) {
            try RequestBuilder(session: s, environment: [:]).build(route, edits: edits)
        }
    }

    @Test("a header edit finds its header ignoring case, built or not")
    func headerEditIgnoresCase() throws {
        let s = try Self.session(
            """
            { "baseURL": "http://h", "headers": { "Accept": "application/json" },
              "routes": [ { "name": "r", "path": "/r/{id}", "params": { "id": "1" } } ] }
            """)
        let route = try #require(s.route(named: "r"))
        let built = RequestDraft(
            session: s, route: route, edits: [.set(name: "accept", value: "text/xml")], environment: [:])
        #expect(built.params.filter { $0.name.lowercased() == "accept" }.count == 1)
        #expect(built.request?.headers["Accept"] == "text/xml")
        // With the path param emptied the request cannot be built; the rows still show the header edited once.
        let broken = RequestDraft(
            session: s, route: route, edits: [.set(name: "accept", value: "text/xml"), .set(name: "id", value: "")],
            environment: [:])
        #expect(broken.request == nil)
        #expect(broken.problems == ["path param 'id' of route 'r' is empty"])
        let accept = broken.params.filter { $0.name.lowercased() == "accept" }
        #expect(accept.count == 1)
        #expect(accept.first?.value == "text/xml")
        #expect(accept.first?.origin == .edited)
    }

    @Test("an edit finds a param moved into the headers by an earlier edit, in any case, and not once it moves out")
    func editsFollowMovedParams() throws {
        let s = try Self.session(
            #"{ "baseURL": "http://h", "routes": [ { "name": "r", "path": "/r", "params": { "x-trace": "1" } } ] }"#)
        let route = try #require(s.route(named: "r"))
        func draft(_ edits: [ParamEdit]) -> RequestDraft {
            RequestDraft(session: s, route: route, edits: edits, environment: [:])
        }
        // A query param is found by its exact name only.
        let asQuery = draft([.set(name: "X-Trace", value: "2")])
        #expect(asQuery.params.map(\.name) == ["x-trace", "X-Trace"])
        // Once a header, any case finds it.
        let moved = draft([.place(name: "x-trace", location: .header), .set(name: "X-TRACE", value: "2")])
        #expect(moved.params.map(\.name) == ["x-trace"])
        #expect(moved.request?.headers["X-Trace"] == "2")
        // Moved back to the query, a different case adds a new param again.
        let back = draft([
            .place(name: "x-trace", location: .header), .place(name: "X-Trace", location: .query),
            .set(name: "X-Trace", value: "3"),
        ])
        #expect(back.params.map(\.name) == ["x-trace", "X-Trace"])
        #expect(back.params.map(\.location) == [.query, .query])
        // Of two headers of the same name in different cases, the earlier one is found.
        let two = draft([
            .set(name: "X-A", value: "1", location: .header), .set(name: "x-a", value: "2", location: .header),
            .set(name: "X-a", value: "3"),
        ])
        #expect(two.params.map(\.name) == ["x-trace", "X-A"])
        #expect(two.params.map(\.value) == ["1", "3"])
    }

    @Test("thousands of edits each set their own param")
    func manyEdits() throws {
        let s = try Self.session(#"{ "baseURL": "http://h", "routes": [ { "name": "r", "path": "/r" } ] }"#)
        let route = try #require(s.route(named: "r"))
        let edits = (0..<5_000).map { ParamEdit.set(name: "p\($0 % 2_500)", value: "\($0)") }
        let draft = RequestDraft(session: s, route: route, edits: edits, environment: [:])
        #expect(draft.params.count == 2_500)
        #expect(draft.params.last?.value == "4999")
        #expect(draft.request?.url.hasSuffix("&p2499=4999") == true)
    }

    @Test("values are expanded from the environment in the draft as in the request")
    func expandsTemplates() throws {
        let s = try Self.session(
            #"{ "baseURL": "http://h", "params": { "key": "${env:K}" }, "routes": [ { "name": "r", "path": "/r" } ] }"#)
        let route = try #require(s.route(named: "r"))
        let draft = RequestDraft(session: s, route: route, edits: [], environment: ["K": "v"])
        #expect(draft.params.first?.value == "v")
        #expect(draft.params.first?.template == "${env:K}")
        #expect(draft.request?.url == "http://h/r?key=v")
        #expect(draft.title == "GET http://h/r?key=v")
    }
}
