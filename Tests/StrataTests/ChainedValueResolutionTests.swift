import Strata
import Testing

/// Chained values read from an in-memory lookup of latest responses: what they insert, where the Request pane says
/// they came from, the errors, and the secrets they carry.
@Suite struct ChainedValueResolutionTests {
    static let session = """
        { "name": "chain", "baseURL": "http://api.test",
          "redact": ["token"],
          "routes": [
            { "name": "login", "method": "POST", "path": "/login" },
            { "name": "feed", "path": "/feed" },
            { "name": "orders", "path": "/orders",
              "headers": { "Authorization": "Bearer ${response:login:$.token}" } },
            { "name": "profile", "path": "/users/{id}",
              "params": { "id": "${response:login:$.user.id}", "tab": "${response:feed:$.items[*].id}" } },
            { "name": "share", "method": "POST", "path": "/share",
              "params": { "note": "" },
              "body": { "json": { "user": "${response:login:$.user.id}", "admin": "${response:login:$.user.admin}",
                                  "who": "${response:login:$.user}", "label": "id ${response:login:$.user.id}",
                                  "t": "${response:login:$.token}", "n": "${note}" } } },
            { "name": "keyed", "path": "/keyed", "params": { "k": "${response:login:$.token}" } },
            { "name": "byXML", "path": "/x", "params": { "v": "${response:feed:$.feed.item.id}" } } ] }
        """

    static func load() throws -> Session {
        try Session.parse(Array(session.utf8), file: "session.json", directory: ".")
    }

    static func response(_ body: String, contentType: String = "application/json") -> Response {
        Response(
            status: 200, headers: HTTPHeaders([HTTPHeaders.Field(name: "Content-Type", value: contentType)]),
            body: Array(body.utf8), duration: .zero, origin: .fixture(file: "t", number: 1, delay: .zero))
    }

    static let login = response(#"{"token":"tok-4242-secret","user":{"id":17,"admin":true,"name":"Ann"}}"#)

    static func draft(_ route: String, _ responses: LatestResponses, edits: [ParamEdit] = []) throws -> RequestDraft {
        let session = try load()
        return RequestDraft(
            session: session, route: try #require(session.route(named: route)), edits: edits, environment: [:],
            responses: responses)
    }

    @Test("a header takes the token from login's latest response, shown as from login $.token")
    func headerFromLogin() throws {
        let draft = try Self.draft("orders", LatestResponses(["login": Self.login]))
        let request = try #require(draft.request, "\(draft.problems)")
        #expect(request.headers["Authorization"] == "Bearer tok-4242-secret")
        let param = try #require(draft.params.first { $0.name == "Authorization" })
        #expect(param.origin == .response(route: "login", query: "$.token"))
        #expect(param.origin.description == "from login $.token")
        #expect(param.isSecret)
    }

    @Test("the latest response counts: a newer one replaces the older")
    func latestWins() throws {
        var responses = LatestResponses(["login": Self.login])
        responses.record(Self.response(#"{"token":"second-token"}"#), route: "login")
        let request = try #require(try Self.draft("orders", responses).request)
        #expect(request.headers["Authorization"] == "Bearer second-token")
    }

    @Test("no response yet is a problem naming the reader, the route and the query")
    func noResponseYet() throws {
        let draft = try Self.draft("orders", LatestResponses())
        #expect(draft.request == nil)
        #expect(
            draft.problems == [
                "header 'Authorization' of route 'orders': ${response:login:$.token}: no response yet for route "
                    + "'login' (send 'login' first)"
            ])
    }

    @Test("a query selecting nothing or several nodes says so, with how many")
    func noneOrSeveral() throws {
        let feed = Self.response(#"{"items":[{"id":1},{"id":2},{"id":3},{"id":4}]}"#)
        let draft = try Self.draft("profile", LatestResponses(["login": Self.response("{}"), "feed": feed]))
        #expect(draft.request == nil)
        #expect(
            draft.problems.contains(
                "param 'id' of route 'profile': ${response:login:$.user.id}: the query selects nothing in the "
                    + "latest response of 'login' (200 OK)"))
        #expect(
            draft.problems.contains(
                "param 'tab' of route 'profile': ${response:feed:$.items[*].id}: the query selects 4 nodes in the "
                    + "latest response of 'feed' (200 OK), it must select exactly one: $['items'][0]['id'], "
                    + "$['items'][1]['id'], $['items'][2]['id'], …"))
        // The required path param is not also reported as empty.
        #expect(!draft.problems.contains { $0.contains("is empty") })
    }

    @Test("a response that does not parse says how it was read")
    func unreadableResponse() throws {
        let draft = try Self.draft("orders", LatestResponses(["login": Self.response("{nope")]))
        let problem = try #require(draft.problems.first)
        #expect(problem.contains("the latest response of 'login' cannot be read as json"))
    }

    @Test("in a JSON body a whole placeholder keeps its type; inside text it is text")
    func typedBody() throws {
        let draft = try Self.draft("share", LatestResponses(["login": Self.login]))
        let request = try #require(draft.request, "\(draft.problems)")
        #expect(
            request.bodyText
                == #"{"user":17,"admin":true,"who":{"id":17,"admin":true,"name":"Ann"},"label":"id 17","#
                + #""t":"tok-4242-secret","n":""}"#)
    }

    @Test("XML and YAML responses are read by their content type")
    func otherFormats() throws {
        let xml = Self.response("<feed><item><id>x-9</id></item></feed>", contentType: "application/xml")
        let fromXML = try #require(try Self.draft("byXML", LatestResponses(["feed": xml])).request)
        #expect(fromXML.sentValue("v") == "x-9")
        let yaml = Self.response("token: from-yaml-1\n", contentType: "application/yaml")
        let fromYAML = try #require(try Self.draft("orders", LatestResponses(["login": yaml])).request)
        #expect(fromYAML.headers["Authorization"] == "Bearer from-yaml-1")
    }

    @Test("a value typed as an edit may chain too")
    func editedValue() throws {
        let draft = try Self.draft(
            "profile", LatestResponses(["login": Self.login]),
            edits: [.set(name: "tab", value: "u${response:login:$.user.name}")])
        let request = try #require(draft.request, "\(draft.problems)")
        #expect(request.url == "http://api.test/users/17?tab=uAnn")
        #expect(draft.params.first { $0.name == "tab" }?.origin == .edited)
    }

    @Test("a chained field the session redacts is secret wherever it lands: query, body, curl")
    func redactedFieldIsScrubbed() throws {
        let responses = LatestResponses(["login": Self.login])
        let keyed = try #require(try Self.draft("keyed", responses).request)
        #expect(keyed.url == "http://api.test/keyed?k=tok-4242-secret")
        #expect(keyed.params.first { $0.name == "k" }?.isSecret == true)
        #expect(keyed.redacted().url == "http://api.test/keyed?k=<redacted>")
        #expect(!keyed.curl().contains("tok-4242-secret"))
        let share = try #require(try Self.draft("share", responses).request)
        #expect(share.redacted().bodyText?.contains("tok-4242-secret") == false)
        #expect(share.scrubber.scrub("echo tok-4242-secret") == "echo <redacted>")
        let orders = try #require(try Self.draft("orders", responses).request)
        #expect(!orders.curl().contains("tok-4242-secret"))
        #expect(orders.redacted().headers["Authorization"] == "<redacted>")
    }

    @Test("a redacted field inside an object taken whole is scrubbed, the rest shows")
    func redactedInsideObject() throws {
        let session = try Session.parse(
            Array(
                """
                { "baseURL": "http://api.test", "redact": ["token"],
                  "routes": [ { "name": "login", "path": "/login" },
                    { "name": "echo", "method": "POST", "path": "/echo",
                      "body": { "json": { "auth": "${response:login:$.auth}" } } } ] }
                """.utf8), file: "session.json", directory: ".")
        let responses = LatestResponses(["login": Self.response(#"{"auth":{"token":"inner-secret-1","ttl":60}}"#)])
        let request = try RequestBuilder(session: session, environment: [:], responses: responses).build(
            try #require(session.route(named: "echo")))
        #expect(request.bodyText == #"{"auth":{"token":"inner-secret-1","ttl":60}}"#)
        #expect(request.redacted().bodyText == #"{"auth":{"token":"<redacted>","ttl":60}}"#)
    }

    @Test("a value stored as <redacted> is an error, not the text <redacted>")
    func storedRedacted() throws {
        let draft = try Self.draft("orders", LatestResponses(["login": Self.response(#"{"token":"<redacted>"}"#)]))
        #expect(draft.request == nil)
        #expect(
            draft.problems.first?.hasSuffix("holds <redacted> there (it was stored redacted): send 'login' again")
                == true)
    }
}
