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
