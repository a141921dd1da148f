import Foundation
import Strata
import StrataTestSupport
import Testing

@Suite struct SessionLoadingTests {
    /// Loads `json` as `dir/session.json` and returns the error's lines, or nil when it loads.
    func problems(_ json: String) throws -> [String]? {
        let dir = try ScratchDirectory(["session.json": json])
        defer { dir.remove() }
        do {
            _ = try Session.load(from: dir.path)
            return nil
        } catch {
            return error.diagnostics.map { $0.description.replacingOccurrences(of: dir.path + "/", with: "") }
        }
    }

    @Test("the shop example loads with its routes, defaults and uninterpreted map nodes")
    func loadsExample() throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let s = try Session.load(from: dir.path)
        #expect(s.name == "Shop")
        #expect(s.file == dir.path + "/session.json")
        #expect(s.directory == dir.path)
        #expect(s.baseURL.text == "${env:SHOP_URL:-https://api.example.com/v1}")
        #expect(s.timeout == 30)
        #expect(s.headers.map(\.name) == ["Accept"])
        #expect(s.params.map(\.name) == ["api_key"])
        #expect(s.redact == ["api_key", "Authorization"])
        #expect(s.routes.map(\.name) == ["listProducts", "product", "createOrder"])
        #expect(s.routes[1].placeholders == ["id"])
        #expect(s.routes[2].method == "POST")
        #expect(s.routes[2].body == .json)
        #expect(s.routes[2].params.last?.location == .header)
        let map = try #require(s.mapping(for: s.routes[0]))
        #expect(map.className == "Product" && map.keyPath == "products")
        #expect(s.mapping(for: s.routes[1])?.className == "Product")
        #expect(s.mapping(for: s.routes[1])?.keyPath == nil)
        #expect(s.mapping(for: s.routes[2]) == nil)
        #expect(s.mapsResponses(of: s.routes[0]) && !s.mapsResponses(of: s.routes[2]))
        #expect(s.mappingsNode.map { s.document.kind($0) } == .object)
    }

    @Test("the session file itself can be given instead of its directory")
    func loadsFromFile() throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let s = try Session.load(from: dir.path + "/session.json")
        #expect(s.directory == dir.path)
        #expect(s.fixturesDirectory == dir.path + "/fixtures")
    }

    @Test("a missing directory or session.json is a clear error")
    func missingFiles() throws {
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        #expect(throws: SessionError.self) { try Session.load(from: dir.path + "/nope") }
        do {
            _ = try Session.load(from: dir.path)
            Issue.record("an empty directory loaded")
        } catch {
            #expect(
                error.description
                    == "\(dir.path)/session.json:1:1: cannot load session: the directory has no session.json")
        }
    }

    @Test("malformed JSON is reported with its line and column")
    func malformedJSON() throws {
        let p = try problems("{\n  \"name\": \"x\",\n  \"routes\": [,]\n}")
        #expect(p == ["session.json:3:14: expected a value, found ','"])
    }

    @Test("unknown keys are errors with a suggestion, everywhere but inside map and mappings")
    func unknownKeys() throws {
        let p = try problems(
            """
            {
              "name": "x", "baseUrl": "http://h",
              "routes": [ { "name": "a", "path": "/a", "metod": "GET", "map": { "anything": 1 } },
                          { "name": "b", "path": "/b", "params": { "p": { "value": "1", "where": "query" } } } ],
              "mappings": { "Whatever": { "free": true } }
            }
            """)
        #expect(
            p == [
                "session.json:2:16: unknown key 'baseUrl' in the session; did you mean 'baseURL'? (known keys: name, description, baseURL, timeout, headers, params, redact, auth, environments, routes, mappings, parsers, serve, history, tls, proxy, connectTimeout, maxBodyBytes)",
                "session.json:3:44: unknown key 'metod' in route 'a'; did you mean 'method'? (known keys: name, description, method, path, params, headers, auth, body, contentType, map, errorMap)",
                "session.json:4:77: unknown key 'where' in param 'p' (known keys: value, in, required, description, name)",
            ])
    }

    @Test("every problem is reported, not just the first")
    func reportsAllProblems() throws {
        let p = try problems(
            """
            {
              "timeout": -1,
              "routes": [
                { "name": "a", "path": "/a" },
                { "name": "a", "path": "/b/{id}", "method": "FETCH" },
                { "path": "c" },
                { "name": "d", "path": "/d", "body": "xml", "params": { "x": { "value": 1, "in": "cookies" } } }
              ]
            }
            """)
        #expect(
            p == [
                "session.json:2:14: 'timeout' must be more than 0 seconds",
                "session.json:5:15: duplicate route name 'a' (first at 4:5)",
                "session.json:5:28: path placeholder {id} in route 'a' has no param; add \"id\" to the route's params",
                "session.json:5:49: unknown method 'FETCH' in route 'a' (use one of GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS)",
                "session.json:6:5: route #3 has no 'name'",
                "session.json:6:15: the path of route #3 must start with '/' (it is appended to the base URL)",
                "session.json:7:42: 'body' of route 'd' must be \"form\", \"json\" or an object with \"json\", \"raw\" or \"multipart\", found \"xml\"",
                "session.json:7:86: 'in' of param 'x' must be one of path, query, header, body, cookie; found \"cookies\"",
            ])
    }

    @Test("path placeholders may be filled by session params, and path params need a placeholder")
    func placeholdersAndParams() throws {
        #expect(
            try problems(
                #"{ "params": { "v": "2" }, "routes": [ { "name": "a", "path": "/v{v}/a" } ] }"#) == nil)
        let p = try problems(
            #"{ "routes": [ { "name": "a", "path": "/a/{id", "params": { "k": { "in": "path" } } } ] }"#)
        #expect(p == [#"session.json:1:38: '{' is not closed with '}' in path "/a/{id""#])
        let q = try problems(
            #"{ "routes": [ { "name": "a", "path": "/a", "params": { "k": { "in": "path" } } } ] }"#)
        #expect(q == [#"session.json:1:56: param 'k' of route 'a' says "in": "path" but the path "/a" has no {k}"#])
    }

    @Test("malformed ${env:...} templates are load errors at the value")
    func badTemplates() throws {
        let p = try problems(
            #"{ "baseURL": "${env:URL", "headers": { "A": "${HOME}" }, "routes": [] }"#)
        #expect(
            p == [
                #"session.json:1:14: '${' is not closed with '}' in "${env:URL""#,
                "session.json:1:45: unknown substitution '${HOME}': only ${env:NAME}, ${env:NAME:-default} and "
                    + "${response:ROUTE:QUERY} are supported",
            ])
    }

    @Test("wrong value types say what was expected and what was found")
    func wrongTypes() throws {
        let p = try problems(
            #"{ "name": 3, "redact": "api_key", "headers": { "A": 1 }, "routes": [ { "name": "a", "path": "/a", "params": [] } ] }"#
        )
        #expect(
            p == [
                "session.json:1:11: 'name' must be a string, found number 3",
                "session.json:1:24: 'redact' must be an array, found string \"api_key\"",
                "session.json:1:53: header 'A' in session headers must be a string, found number 1",
                "session.json:1:109: params of route 'a' must be an object of name: value, found an array",
            ])
    }

    @Test("mapping problems read through the session's reader keep their file:line:col")
    func mappingDiagnosticsPositioned() throws {
        let text = """
            {"name": "é", "routes": [
              {"name": "a", "path": "/a",
               "map": {"class": "Artcle", "keyPath": 3}}],
             "mappings": {"Article": {"properties": {"id": "int", "n": {"type": "string", "optinal": true}}}}}
            """
        let session = try Session.parse(Array(text.utf8), file: "s.json", directory: ".")
        #expect(
            session.mappingDiagnostics.map(\.description) == [
                "s.json:3:21: unknown class \"Artcle\" in map; did you mean Article? (classes: Article)",
                "s.json:3:42: keyPath must be a string, found number 3",
                "s.json:4:79: unknown key 'optinal' in property Article.n; did you mean 'optional'? (known keys: field, "
                    + "type, of, values, keys, format, transform, optional, default, dateStyle, timeStyle, only, hasOne, hasMany, description)",
            ])
        // The standalone loaders place them the same.
        let (set, setProblems) = MappingSet.load(from: session.document, at: session.mappingsNode, file: "s.json")
        let mapNode = try #require(session.document.node(at: "$.routes[0].map"))
        let (_, mapProblems) = RouteMapping.load(from: session.document, at: mapNode, file: "s.json", mappings: set)
        #expect(session.mappingDiagnostics == (mapProblems + setProblems))
    }
}
