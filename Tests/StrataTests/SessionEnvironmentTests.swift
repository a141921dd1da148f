import Strata
import Testing

@Suite struct SessionEnvironmentTests {
    static let json = """
        {
          "baseURL": "https://api.example.com",
          "headers": { "Accept": "application/json", "X-Stage": "none" },
          "params": { "region": "us" },
          "auth": { "type": "bearer", "token": "${env:API_TOKEN}" },
          "environments": {
            "staging": {
              "baseURL": "https://staging.example.com",
              "headers": { "x-stage": "staging", "X-Debug": "1" },
              "params": { "region": "eu" },
              "auth": { "type": "apiKey", "name": "key", "in": "query", "value": "${env:STAGING_KEY}" }
            },
            "local": { "baseURL": "http://127.0.0.1:8080" }
          },
          "routes": [ { "name": "list", "path": "/items" } ]
        }
        """

    static func session() throws -> Session {
        try Session.parse(Array(json.utf8), file: "session.json", directory: ".")
    }

    @Test("an environment overrides the base URL, headers by name ignoring case, params and auth")
    func overrides() throws {
        let s = try Self.session().applying(environment: "staging")
        #expect(s.activeEnvironment == "staging")
        let r = try RequestBuilder(session: s, environment: ["STAGING_KEY": "sk-123"]).build(s.route(named: "list")!)
        #expect(r.url == "https://staging.example.com/items?region=eu&key=sk-123")
        #expect(r.headers["X-Stage"] == "staging")
        #expect(r.headers["X-Debug"] == "1")
        #expect(r.headers["Authorization"] == nil)
    }

    @Test("headers and params the environment sets say they come from it; the session's others stay session defaults")
    func origins() throws {
        let s = try Self.session().applying(environment: "staging")
        let draft = RequestDraft(session: s, route: s.route(named: "list")!, edits: [], environment: [:])
        let origin = { (name: String) in draft.params.first { $0.name == name }?.origin }
        #expect(origin("region") == .environment)
        #expect(origin("X-Debug") == .environment)
        #expect(origin("x-stage") == .environment)
        #expect(origin("Accept") == .session)
        #expect(ResolvedParam.Origin.environment.description == "environment")
        let plain = try Self.session()
        let none = RequestDraft(
            session: plain, route: plain.route(named: "list")!, edits: [], environment: [:])
        #expect(none.params.first { $0.name == "region" }?.origin == .session)
    }

    @Test("an environment that leaves something out keeps the session's own value")
    func keepsDefaults() throws {
        let s = try Self.session().applying(environment: "local")
        let r = try RequestBuilder(session: s, environment: ["API_TOKEN": "t0ken"]).build(s.route(named: "list")!)
        #expect(r.url == "http://127.0.0.1:8080/items?region=us")
        #expect(r.headers["Authorization"] == "Bearer t0ken")
    }

    @Test("switching environments starts from the session's defaults, and nil goes back to them")
    func switching() throws {
        let staging = try Self.session().applying(environment: "staging")
        let local = try staging.applying(environment: "local")
        #expect(local.baseURL.text == "http://127.0.0.1:8080")
        #expect(local.params.map(\.value.text) == ["us"])
        let none = try local.applying(environment: nil)
        #expect(none.activeEnvironment == nil)
        #expect(none.baseURL.text == "https://api.example.com")
    }

    @Test("an unknown environment is an error that suggests the nearest name")
    func unknown() throws {
        let s = try Self.session()
        #expect(
            throws: RequestError(
                "unknown environment 'stagin'; did you mean 'staging'? (environments: staging, local)")
        ) { try s.applying(environment: "stagin") }
    }

    @Test("mistakes inside an environment are reported with file:line:col")
    func diagnostics() throws {
        let text = """
            { "environments": { "prod": { "baseUrl": "x", "auth": { "type": "bearr" } } },
              "routes": [ { "name": "a", "path": "/a" } ] }
            """
        let (_, problems) = Session.loadReportingProblems(bytes: text)
        #expect(
            problems.map(\.description) == [
                "session.json:1:31: unknown key 'baseUrl' in environment 'prod'; did you mean 'baseURL'? "
                    + "(known keys: description, baseURL, headers, params, auth, tls, proxy, connectTimeout, maxBodyBytes)",
                "session.json:1:65: unknown auth type 'bearr' in 'auth' of environment 'prod'; did you mean 'bearer'? "
                    + "(types: bearer, basic, apiKey)",
            ])
    }
}

extension Session {
    /// Loads `text` as session.json in the current folder, with every problem.
    static func loadReportingProblems(bytes text: String) -> (Session?, [Diagnostic]) {
        do {
            return (try Session.parse(Array(text.utf8), file: "session.json", directory: "."), [])
        } catch {
            return (nil, error.diagnostics)
        }
    }
}
