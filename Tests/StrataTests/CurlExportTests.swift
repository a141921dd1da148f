import Strata
import Testing

@Suite struct CurlExportTests {
    static func request(_ json: String, environment: [String: String], edits: [ParamEdit] = []) throws -> BuiltRequest {
        let s = try Session.parse(Array(json.utf8), file: "session.json", directory: ".")
        return try RequestBuilder(session: s, environment: environment).build(s.routes[0], edits: edits)
    }

    @Test("a secret read from an environment variable is exported as that variable")
    func bearerFromEnvironment() throws {
        let r = try Self.request(
            #"{ "baseURL": "http://h", "auth": { "type": "bearer", "token": "${env:API_TOKEN}" }, "routes": [ { "name": "r", "path": "/r" } ] }"#,
            environment: ["API_TOKEN": "s3cr3t-token"])
        #expect(r.curl() == "curl 'http://h/r' \\\n  -H \"Authorization: Bearer $API_TOKEN\"")
    }

    @Test("basic auth is exported as -u with the password's variable")
    func basic() throws {
        let r = try Self.request(
            #"{ "baseURL": "http://h", "auth": { "type": "basic", "user": "me", "password": "${env:PW}" }, "routes": [ { "name": "r", "path": "/r" } ] }"#,
            environment: ["PW": "hunter22"])
        #expect(r.curl() == "curl 'http://h/r' \\\n  -u \"me:$PW\"")
    }

    @Test("a query secret from a variable sits in a double-quoted URL, without the default written in the session")
    func queryWithDefault() throws {
        let r = try Self.request(
            #"{ "baseURL": "http://h", "redact": ["key"], "params": { "key": "${env:KEY:-dev$1}" }, "routes": [ { "name": "r", "path": "/r" } ] }"#,
            environment: ["KEY": "kkkk-1"])
        #expect(r.curl() == "curl \"http://h/r?key=$KEY\"")
    }

    @Test("secrets written in the file or typed stay <redacted>")
    func noVariable() throws {
        let r = try Self.request(
            #"{ "baseURL": "http://h", "auth": { "type": "bearer", "token": "${env:T}" }, "headers": { "X-Key": "plain-secret" }, "redact": ["X-Key"], "routes": [ { "name": "r", "path": "/r" } ] }"#,
            environment: ["T": "tttt-1"], edits: [.set(name: "Authorization", value: "Bearer typed-secret")])
        #expect(r.curl() == "curl 'http://h/r' \\\n  -H 'X-Key: <redacted>' \\\n  -H 'Authorization: <redacted>'")
        #expect(!r.curl().contains("typed-secret") && !r.curl().contains("plain-secret"))
    }

    @Test("an api key cookie is exported inside the Cookie header")
    func cookie() throws {
        let r = try Self.request(
            #"{ "baseURL": "http://h", "auth": { "type": "apiKey", "name": "sid", "in": "cookie", "value": "${env:SID}" }, "routes": [ { "name": "r", "path": "/r", "params": { "theme": { "value": "dark", "in": "cookie" } } } ] }"#,
            environment: ["SID": "abcdef"])
        #expect(r.curl() == "curl 'http://h/r' \\\n  -H \"Cookie: theme=dark; sid=$SID\"")
    }
}
