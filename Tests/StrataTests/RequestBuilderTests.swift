import Foundation
import Strata
import StrataTestSupport
import Testing

@Suite struct RequestBuilderTests {
    static func shop() throws -> Session {
        try Session.parse(Array(ShopSession.sessionJSON().utf8), file: "session.json", directory: ".")
    }

    static func session(_ json: String) throws -> Session {
        try Session.parse(Array(json.utf8), file: "session.json", directory: ".")
    }

    let env = ["SHOP_KEY": "k3y"]

    @Test("GET params go to the query, after the base URL from the environment default")
    func getQuery() throws {
        let s = try Self.shop()
        let r = try RequestBuilder(session: s, environment: env).build(s.route(named: "listProducts")!)
        #expect(r.method == "GET")
        #expect(r.url == "https://api.example.com/v1/products?page=1&api_key=k3y")
        #expect(r.path == "/products")
        #expect(r.headers == ["Accept": "application/json"])
        #expect(r.body == nil)
        #expect(r.missingVariables.isEmpty)
    }

    @Test("the base URL reads ${env:SHOP_URL} when it is set")
    func baseFromEnvironment() throws {
        let s = try Self.shop()
        let r = try RequestBuilder(session: s, environment: ["SHOP_URL": "http://127.0.0.1:9/api/", "SHOP_KEY": "k"])
            .build(s.route(named: "product")!)
        #expect(r.url == "http://127.0.0.1:9/api/products/1?api_key=k")
    }

    @Test("each resolved param says where it goes and where its value came from")
    func provenance() throws {
        let s = try Self.shop()
        let r = try RequestBuilder(session: s, environment: env)
            .build(
                s.route(named: "listProducts")!,
                edits: [.set(name: "page", value: "4"), .set(name: "sort", value: "name")])
        let summary = r.params.map { "\($0.name)=\($0.value) \($0.location) \($0.origin) \($0.status)" }
        #expect(
            summary == [
                "page=4 query edited sent",
                "q= query route default empty",
                "api_key=k3y query session default sent",
                "Accept=application/json header session default sent",
                "sort=name query added sent",
            ])
        #expect(r.url == "https://api.example.com/v1/products?page=4&api_key=k3y&sort=name")
    }

    @Test("a route value overrides the session's, and an edit overrides both")
    func precedence() throws {
        let s = try Self.session(
            """
            { "baseURL": "http://h", "headers": { "Accept": "text/plain", "X-App": "strata" },
              "params": { "lang": "en", "v": "1" },
              "routes": [ { "name": "r", "path": "/r", "params": { "lang": "fr" }, "headers": { "accept": "application/json" } } ] }
            """)
        let b = RequestBuilder(session: s, environment: [:])
        let plain = try b.build(s.routes[0])
        #expect(plain.url == "http://h/r?lang=fr&v=1")
        #expect(plain.headers == ["X-App": "strata", "accept": "application/json"])
        let edited = try b.build(
            s.routes[0], edits: [.set(name: "lang", value: "de"), .set(name: "ACCEPT", value: "*/*")])
        #expect(edited.url == "http://h/r?lang=de&v=1")
        #expect(edited.headers["Accept"] == "*/*")
        #expect(edited.params.first { $0.name == "accept" }?.origin == .edited)
    }

    @Test("removing a param leaves it out; removing a path param is refused")
    func removal() throws {
        let s = try Self.shop()
        let b = RequestBuilder(session: s, environment: env)
        let r = try b.build(
            s.route(named: "listProducts")!, edits: [.remove(name: "api_key"), .remove(name: "Accept")])
        #expect(r.url == "https://api.example.com/v1/products?page=1")
        #expect(r.headers.isEmpty)
        #expect(r.params.first { $0.name == "api_key" }?.status == .removed)
        #expect(throws: RequestError.self) { try b.build(s.route(named: "product")!, edits: [.remove(name: "id")]) }
    }

    @Test("path values are percent-encoded and stay one segment")
    func pathEncoding() throws {
        let s = try Self.shop()
        let r = try RequestBuilder(session: s, environment: env)
            .build(s.route(named: "product")!, edits: [.set(name: "id", value: "a b/c?d#é")])
        #expect(r.path == "/products/a%20b%2Fc%3Fd%23%C3%A9")
        #expect(r.url == "https://api.example.com/v1/products/a%20b%2Fc%3Fd%23%C3%A9?api_key=k3y")
    }

    @Test("query values are percent-encoded")
    func queryEncoding() throws {
        let s = try Self.shop()
        let r = try RequestBuilder(session: s, environment: env)
            .build(s.route(named: "listProducts")!, edits: [.set(name: "q", value: "red & blue=1+1")])
        #expect(r.url == "https://api.example.com/v1/products?page=1&q=red%20%26%20blue%3D1%2B1&api_key=k3y")
    }

    @Test("POST params go to a JSON body when the route says body: json, headers marked in: header")
    func postJSON() throws {
        let s = try Self.shop()
        let r = try RequestBuilder(session: s, environment: env).build(s.route(named: "createOrder")!)
        #expect(r.url == "https://api.example.com/v1/orders")
        #expect(r.bodyText == #"{"product_id":"1","quantity":"1","api_key":"k3y"}"#)
        #expect(r.contentType == "application/json")
        #expect(r.headers == ["X-Trace": "demo", "Accept": "application/json", "Content-Type": "application/json"])
    }

    @Test("POST params are form-encoded by default, and numbers and bools keep their JSON type in JSON bodies")
    func postForm() throws {
        let s = try Self.session(
            """
            { "baseURL": "http://h", "routes": [
              { "name": "f", "method": "POST", "path": "/f", "params": { "a": "x y", "b": "é&=" } },
              { "name": "j", "method": "PUT", "path": "/j", "body": "json", "params": { "n": 2, "t": true, "s": "2" } } ] }
            """)
        let b = RequestBuilder(session: s, environment: [:])
        let f = try b.build(s.routes[0])
        #expect(f.bodyText == "a=x+y&b=%C3%A9%26%3D")
        #expect(f.headers["content-type"] == "application/x-www-form-urlencoded")
        let j = try b.build(s.routes[1])
        #expect(j.bodyText == #"{"n":2,"t":true,"s":"2"}"#)
        let edited = try b.build(s.routes[1], edits: [.set(name: "n", value: "two")])
        #expect(edited.bodyText == #"{"n":"two","t":true,"s":"2"}"#)
    }

    @Test("explicit in: overrides the method's default placement")
    func explicitPlacement() throws {
        let s = try Self.session(
            """
            { "baseURL": "http://h", "routes": [
              { "name": "p", "method": "POST", "path": "/p", "params": { "page": { "value": "2", "in": "query" }, "x": "1" } } ] }
            """)
        let r = try RequestBuilder(session: s, environment: [:]).build(s.routes[0])
        #expect(r.url == "http://h/p?page=2")
        #expect(r.bodyText == "x=1")
    }

    @Test("a missing variable with no default is listed with what needs it, and its value is empty")
    func missingVariable() throws {
        let s = try Self.shop()
        let r = try RequestBuilder(session: s, environment: [:]).build(s.route(named: "listProducts")!)
        #expect(r.missingVariables == [MissingVariable(name: "SHOP_KEY", usedBy: "param 'api_key'")])
        #expect(r.url == "https://api.example.com/v1/products?page=1")
    }

    @Test("required and path params may not be empty")
    func required() throws {
        let s = try Self.session(
            """
            { "routes": [ { "name": "r", "path": "/r/{id}", "params": { "id": "", "token": { "required": true } } } ] }
            """)
        #expect(
            throws: RequestError(
                "path param 'id' of route 'r' is empty; param 'token' of route 'r' is required but empty")
        ) {
            try RequestBuilder(session: s, environment: [:]).build(s.routes[0])
        }
        let ok = try RequestBuilder(session: s, environment: [:])
            .build(s.routes[0], edits: [.set(name: "id", value: "7"), .set(name: "token", value: "t")])
        #expect(ok.url == "/r/7?token=t")
    }

    @Test("declared params show templates unexpanded, so secrets never appear")
    func declared() throws {
        let s = try Self.shop()
        let p = RequestBuilder(session: s, environment: env).declaredParams(s.route(named: "product")!)
        #expect(p.map { "\($0.name)=\($0.value)" } == ["id=1", "api_key=${env:SHOP_KEY}", "Accept=application/json"])
        #expect(p[0].location == .path)
    }

    @Test("-p NAME=VALUE parses; text without = is an error")
    func parseEdit() throws {
        #expect(try ParamEdit(parsing: "q=a=b") == .set(name: "q", value: "a=b"))
        #expect(try ParamEdit(parsing: "q=") == .set(name: "q", value: ""))
        #expect(throws: RequestError("'q' is not NAME=VALUE")) { try ParamEdit(parsing: "q") }
    }

    @Test("curl export keeps secrets out of the URL, headers and body: read from their variable, or <redacted>")
    func curl() throws {
        let s = try Self.shop()
        let b = RequestBuilder(session: s, environment: env)
        let get = try b.build(s.route(named: "listProducts")!, edits: [.set(name: "q", value: "it's")])
        #expect(
            get.curl() == """
                curl "https://api.example.com/v1/products?page=1&q=it%27s&api_key=$SHOP_KEY" \\
                  -H 'Accept: application/json'
                """)
        let post = try b.build(s.route(named: "createOrder")!)
        #expect(
            post.curl() == """
                curl -X POST 'https://api.example.com/v1/orders' \\
                  -H 'X-Trace: demo' \\
                  -H 'Accept: application/json' \\
                  -H 'Content-Type: application/json' \\
                  --data-raw "{\\"product_id\\":\\"1\\",\\"quantity\\":\\"1\\",\\"api_key\\":\\"$SHOP_KEY\\"}"
                """)
        let typed = try b.build(s.route(named: "listProducts")!, edits: [.set(name: "api_key", value: "typed")])
        #expect(typed.curl().contains("api_key=<redacted>"))
        #expect(post.curl(redacting: false).contains("k3y"))
        #expect(!post.curl().contains("k3y"))
    }
}
