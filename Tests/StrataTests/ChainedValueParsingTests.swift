import Strata
import Testing

/// `${response:ROUTE:QUERY}` as written: read by the one template scanner, with errors that say what is wrong.
@Suite struct ChainedValueParsingTests {
    static func load(_ json: String) -> (Session?, [Diagnostic]) {
        do {
            return (try Session.parse(Array(json.utf8), file: "session.json", directory: "."), [])
        } catch {
            return (nil, error.diagnostics)
        }
    }

    @Test("a chained value is one part of a template, between literal text")
    func partOfTemplate() throws {
        let template = try Template(parsing: "Bearer ${response:login:$.token}")
        #expect(template.parts.count == 2)
        #expect(template.parts[0] == .literal("Bearer "))
        let chained = try #require(template.chainedValues.first)
        #expect(chained.route == "login")
        #expect(chained.query.text == "$.token")
        #expect(chained.description == "${response:login:$.token}")
        #expect(chained.source == "login $.token")
    }

    @Test("the query may hold ':' and, inside quotes, '}'")
    func queryWithColonAndBrace() throws {
        let template = try Template(parsing: "${response:list:$.items[0:1]}-${response:list:$['a}b']}!")
        let chained = template.chainedValues
        #expect(chained.map(\.query.text) == ["$.items[0:1]", "$['a}b']"])
        #expect(template.parts.last == .literal("!"))
    }

    @Test("env placeholders keep working next to chained ones")
    func envNextToChained() throws {
        let template = try Template(parsing: "${env:SCHEME:-Bearer} ${response:login:$.token}")
        #expect(template.variableNames == ["SCHEME"])
        #expect(template.chainedValues.count == 1)
    }

    @Test("a missing route or query, and an invalid query with its column, are errors naming the placeholder")
    func malformed() {
        #expect(throws: TemplateError.self) { try Template(parsing: "${response:login}") }
        #expect(throws: TemplateError.self) { try Template(parsing: "${response::$.token}") }
        #expect(throws: TemplateError.self) { try Template(parsing: "${response:login:}") }
        do {
            _ = try Template(parsing: "${response:login:$.tok[}")
            Issue.record("parsed")
        } catch {
            #expect(error.message.hasPrefix("invalid query in '${response:login:$.tok[}': query:1:"))
        }
    }

    @Test("body templates read chained values through the same scanner")
    func bodyPart() throws {
        let parts = try BodyPart.parse("${response:login:$.user.id}")
        guard case .response(let chained) = try #require(parts.first) else {
            Issue.record("not a chained part")
            return
        }
        #expect(chained.route == "login" && chained.query.text == "$.user.id")
        #expect(BodyPart.text(parts) == "${response:login:$.user.id}")
    }

    @Test("a chained value naming an unknown route is a load error at its line:col with a did-you-mean")
    func unknownRoute() {
        let (_, problems) = Self.load(
            """
            { "baseURL": "http://x",
              "routes": [
                { "name": "login", "path": "/login" },
                { "name": "orders", "path": "/orders",
                  "headers": { "Authorization": "Bearer ${response:logn:$.token}" } } ] }
            """)
        let problem = problems.first { $0.message.contains("logn") }
        #expect(problem?.line == 5)
        #expect(problem?.column == 37)
        #expect(problem?.message.contains("did you mean 'login'?") == true)
    }

    @Test("an invalid query in a session is a load error at its string")
    func invalidQueryInSession() {
        let (_, problems) = Self.load(
            """
            { "baseURL": "http://x",
              "routes": [
                { "name": "login", "path": "/login" },
                { "name": "orders", "path": "/orders", "body": { "json": { "id": "${response:login:$..[}" } } } ] }
            """)
        let problem = problems.first { $0.message.contains("invalid query") }
        #expect(problem?.line == 4)
        #expect(problem?.message.contains("query:1:") == true)
    }

    @Test("a base URL cannot read a response")
    func notInBaseURL() {
        let (_, problems) = Self.load(
            """
            { "baseURL": "http://${response:login:$.host}",
              "routes": [ { "name": "login", "path": "/login" } ] }
            """)
        #expect(problems.contains { $0.message.contains("a base URL cannot take a value from a response") })
    }
}
