import Foundation
import Strata
import Testing

@Suite struct AuthTests {
    static func session(_ auth: String, routeAuth: String? = nil, extra: String = "") throws -> Session {
        let route = routeAuth.map { ", \"auth\": \($0)" } ?? ""
        return try Session.parse(
            Array(
                """
                { "baseURL": "http://h", "auth": \(auth)\(extra),
                  "routes": [ { "name": "r", "path": "/r"\(route) } ] }
                """.utf8), file: "session.json", directory: ".")
    }

    @Test("bearer auth is an Authorization header listed with origin auth, secret without being in redact")
    func bearer() throws {
        let s = try Self.session(#"{ "type": "bearer", "token": "${env:API_TOKEN}" }"#)
        let r = try RequestBuilder(session: s, environment: ["API_TOKEN": "tok-9876"]).build(s.route(named: "r")!)
        #expect(r.headers["Authorization"] == "Bearer tok-9876")
        let p = try #require(r.params.first { $0.name == "Authorization" })
        #expect(p.origin == .auth && p.isSecret && p.location == .header)
        #expect(p.template == "Bearer ${env:API_TOKEN}")
        #expect(r.redacted().headers["Authorization"] == "<redacted>")
        #expect(r.scrubber.scrub("echo tok-9876") == "echo <redacted>")
    }

    @Test("basic auth sends base64(user:password) and keeps the password out of output")
    func basic() throws {
        let s = try Self.session(#"{ "type": "basic", "user": "user", "password": "${env:PW}" }"#)
        let r = try RequestBuilder(session: s, environment: ["PW": "passwd"]).build(s.route(named: "r")!)
        #expect(r.headers["Authorization"] == "Basic " + Data("user:passwd".utf8).base64EncodedString())
        #expect(r.scrubber.scrub("the password is passwd") == "the password is <redacted>")
    }

    @Test("an apiKey goes in a header, the query or a cookie")
    func apiKey() throws {
        for (place, check) in [
            ("header", { (r: BuiltRequest) in r.headers["X-Key"] == "k-12345" }),
            ("query", { (r: BuiltRequest) in r.url == "http://h/r?X-Key=k-12345" }),
            ("cookie", { (r: BuiltRequest) in r.headers["Cookie"] == "X-Key=k-12345" }),
        ] {
            let s = try Self.session(#"{ "type": "apiKey", "name": "X-Key", "in": "\#(place)", "value": "k-12345" }"#)
            let r = try RequestBuilder(session: s, environment: [:]).build(s.route(named: "r")!)
            #expect(check(r), "apiKey in \(place)")
            #expect(r.redacted().url.contains("k-12345") == false)
        }
    }

    @Test("a route's auth wins over the session's and replaces a header of the same name")
    func precedence() throws {
        let s = try Self.session(
            #"{ "type": "bearer", "token": "session" }"#, routeAuth: #"{ "type": "bearer", "token": "route" }"#,
            extra: #", "headers": { "authorization": "Token old" }"#)
        let r = try RequestBuilder(session: s, environment: [:]).build(s.route(named: "r")!)
        #expect(r.headers.fields.filter { $0.name.lowercased() == "authorization" }.map(\.value) == ["Bearer route"])
    }

    @Test("cookie params go into one Cookie header after the session's")
    func cookies() throws {
        let s = try Session.parse(
            Array(
                """
                { "headers": { "Cookie": "a=1" },
                  "routes": [ { "name": "r", "path": "/r",
                                "params": { "theme": { "value": "dark", "in": "cookie" }, "lang": { "value": "en", "in": "cookie" } } } ] }
                """.utf8), file: "session.json", directory: ".")
        let r = try RequestBuilder(session: s, environment: [:]).build(s.route(named: "r")!)
        #expect(r.headers["Cookie"] == "a=1; theme=dark; lang=en")
    }

    @Test("auth mistakes are reported where they are")
    func mistakes() throws {
        let (_, problems) = Session.loadReportingProblems(
            bytes: """
                { "auth": { "type": "apiKey", "name": "k", "in": "body", "value": "v" },
                  "routes": [ { "name": "r", "path": "/r", "auth": { "type": "basic", "user": "u" } } ] }
                """)
        #expect(
            problems.map(\.description) == [
                "session.json:1:50: 'in' of the session's 'auth' must be one of header, query, cookie; found \"body\"",
                "session.json:2:52: 'auth' of route 'r' of type basic has no 'password'",
            ])
    }
}
