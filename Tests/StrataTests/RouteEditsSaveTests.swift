import Strata
import Testing

/// A route's edits written into session.json keep every other byte, and never a secret.
@Suite("Saving a route's edits into session.json")
struct RouteEditsSaveTests {
    static let text = """
        {
          "name": "Shop",
          "baseURL": "https://shop.example.com",
          "headers": { "Accept": "application/json" },
          "params": { "api_key": "${env:SHOP_KEY}" },
          "redact": ["api_key"],
          "routes": [
            { "name": "list", "method": "GET", "path": "/products",
              "params": { "page": "1", "q": "" } },
            { "name": "create", "method": "POST", "path": "/orders", "body": "json",
              "params": { "qty": "1", "X-Trace": { "value": "demo", "in": "header" } } },
            { "name": "bare", "method": "GET", "path": "/health" }
          ]
        }

        """

    func save(_ edits: [ParamEdit], route: String, scrub: (String) -> String = { $0 }) throws
        -> RouteEditsSave.Result
    {
        let bytes = Array(Self.text.utf8)
        let session = try Session.parse(bytes, file: "session.json", directory: ".")
        return try RouteEditsSave.apply(
            edits, route: route, session: session, to: bytes, file: "session.json", scrub: scrub)
    }

    /// True when the saved route builds the request the edits built on the session before (query params in any
    /// order: a route's own params come before the session's).
    func sameRequest(as edits: [ParamEdit], route: String, saved: RouteEditsSave.Result) throws -> Bool {
        let environment = ["SHOP_KEY": "k"]
        let before = try Session.parse(Array(Self.text.utf8), file: "session.json", directory: ".")
        let edited = RequestDraft(
            session: before, route: try #require(before.route(named: route)), edits: edits, environment: environment
        ).request
        let after = try Session.parse(saved.bytes, file: "session.json", directory: ".")
        let built = try RequestBuilder(session: after, environment: environment).build(
            try #require(after.route(named: route)))
        let request = try #require(edited)
        func query(_ url: String) -> [Substring] {
            url.split(separator: "?").dropFirst().first?.split(separator: "&").sorted() ?? []
        }
        func base(_ url: String) -> Substring { url.split(separator: "?").first ?? "" }
        return base(request.url) == base(built.url) && query(request.url) == query(built.url)
            && request.headers == built.headers && request.body == built.body
            && request.method == built.method
    }

    func lines(_ result: RouteEditsSave.Result) -> [String] {
        String(decoding: result.bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
    }

    @Test("a changed value replaces only its string; every other line is as it was")
    func changedValue() throws {
        let result = try save([.set(name: "page", value: "2")], route: "list")
        let old = Self.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = lines(result)
        #expect(new.count == old.count)
        let changed = zip(old, new).filter { $0 != $1 }
        #expect(changed.map(\.1) == [#"      "params": { "page": "2", "q": "" } },"#])
        #expect(result.saved == ["page = 2"])
        #expect(result.left.isEmpty)
    }

    @Test("the saved route loads with the edited values as its own")
    func loadsBack() throws {
        let result = try save(
            [
                .set(name: "q", value: "lamp \"desk\""), .set(name: "sort", value: "price"),
                .remove(name: "page"),
            ], route: "list")
        let session = try Session.parse(result.bytes, file: "session.json", directory: ".")
        let route = try #require(session.route(named: "list"))
        #expect(route.params.map(\.name) == ["q", "sort"])
        let built = try RequestBuilder(session: session, environment: ["SHOP_KEY": "k"]).build(route)
        #expect(built.url.contains("q=lamp%20%22desk%22") || built.url.contains("q=lamp+%22desk%22"))
        #expect(built.url.contains("sort=price"))
        #expect(!built.url.contains("page="))
        #expect(result.saved == ["q = lamp \"desk\"", "sort = price", "page removed"])
    }

    @Test("a param moved to another place keeps its template; a session default's move is left, saying why")
    func moved() throws {
        let result = try save(
            [.place(name: "qty", location: .query), .place(name: "api_key", location: .header)], route: "create")
        let text = String(decoding: result.bytes, as: UTF8.self)
        #expect(text.contains(#""qty": { "value": "1", "in": "query" }"#))
        #expect(result.saved == ["qty in query"])
        #expect(
            result.left.map(\.description) == [
                "api_key: it is a session default, which one route cannot move (move it in the session's params)"
            ])
        #expect(try sameRequest(as: [.place(name: "qty", location: .query)], route: "create", saved: result))
    }

    @Test("a secret's typed value is never written, nor a value holding a secret's text")
    func secrets() throws {
        let result = try save(
            [
                .set(name: "api_key", value: "s3cret"), .set(name: "password", value: "hunter2"),
                .set(name: "note", value: "key s3cret inside"),
            ],
            route: "bare", scrub: { $0.replacingOccurrences(of: "s3cret", with: "<redacted>") })
        let text = String(decoding: result.bytes, as: UTF8.self)
        #expect(!text.contains("s3cret"))
        #expect(!text.contains("hunter2"))
        #expect(result.saved.isEmpty)
        #expect(
            result.left.map(\.description) == [
                "api_key: its value is a secret (keep it in an environment variable)",
                "password: its value is a secret (keep it in an environment variable)",
                "note: its value holds a secret's text",
            ])
        #expect(result.bytes == Array(Self.text.utf8))
    }

    @Test("a route without params gets its own params and headers members")
    func newMembers() throws {
        let result = try save(
            [.set(name: "verbose", value: "1"), .set(name: "Accept", value: "text/plain")], route: "bare")
        let text = String(decoding: result.bytes, as: UTF8.self)
        #expect(
            text.contains(
                #"{ "name": "bare", "method": "GET", "path": "/health", "params": { "verbose": "1" }, "headers": { "Accept": "text/plain" } }"#
            ))
        let session = try Session.parse(result.bytes, file: "session.json", directory: ".")
        let built = try RequestBuilder(session: session, environment: ["SHOP_KEY": "k"]).build(
            try #require(session.route(named: "bare")))
        #expect(built.headers["Accept"] == "text/plain")
        #expect(
            try sameRequest(
                as: [.set(name: "verbose", value: "1"), .set(name: "Accept", value: "text/plain")], route: "bare",
                saved: result))
    }

    @Test("an edited JSON body becomes the route's body template")
    func body() throws {
        let template = JSONBodyTemplate.object([
            ("order", .object([("qty", .string([.param(name: "qty", type: .int)]))]))
        ])
        let result = try save([.body(template)], route: "create")
        #expect(result.saved == ["the JSON body"])
        let session = try Session.parse(result.bytes, file: "session.json", directory: ".")
        let built = try RequestBuilder(session: session, environment: ["SHOP_KEY": "k"]).build(
            try #require(session.route(named: "create")))
        let sent = String(decoding: try #require(built.body), as: UTF8.self).filter { !$0.isWhitespace }
        #expect(sent.hasPrefix(#"{"order":{"qty":1}"#))
        #expect(try sameRequest(as: [.body(template)], route: "create", saved: result))
    }

    @Test("a session default cannot be removed from one route, and says so; an unknown route is an error")
    func refusals() throws {
        let result = try save([.remove(name: "api_key")], route: "list")
        #expect(result.left.map(\.name) == ["api_key"])
        #expect(result.left.first?.reason == "it is a session default (remove it from the session's params or headers)")
        #expect(throws: RequestError.self) { try save([.set(name: "a", value: "b")], route: "gone") }
    }
}
