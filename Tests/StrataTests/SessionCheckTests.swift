import Foundation
import Strata
import StrataTestSupport
import Testing

@Suite struct SessionCheckTests {
    @Test("a concrete path fits a template when its literal parts are equal and each placeholder is one segment")
    func pathTemplates() {
        #expect(Route.path("/products/{id}", matches: "/products/1"))
        #expect(Route.path("/products/{id}", matches: "/products/a%20b"))
        #expect(!Route.path("/products/{id}", matches: "/products/1/reviews"))
        #expect(!Route.path("/products/{id}", matches: "/products/"))
        #expect(Route.path("/v{version}/items", matches: "/v2/items"))
        #expect(Route.path("/products", matches: "/products"))
        #expect(!Route.path("/products", matches: "/product"))
    }

    @Test("a session with problems still has its fixtures checked against the routes it could read")
    func checksFixturesOfBrokenSession() throws {
        let dir = try ScratchDirectory([
            "session.json": #"{ "routes": [ { "name": "a", "path": "/a", "oops": 1 } ] }"#,
            "fixtures/f.json": #"{ "/b": [ { "response": {} } ] }"#,
        ])
        defer { dir.remove() }
        let check = SessionCheck.run(path: dir.path)
        #expect(
            check.diagnostics.map { $0.description.replacingOccurrences(of: dir.path + "/", with: "") } == [
                "session.json:1:44: unknown key 'oops' in route 'a' (known keys: name, description, method, path, params, headers, auth, body, contentType, map, errorMap, expect)",
                "fixtures/f.json:1:3: fixture path '/b' matches no route's path (routes: /a)",
            ])
        #expect(check.summary == "2 problems found")
    }

    @Test("a contentType no parser provides is reported at the value")
    func unknownContentType() throws {
        let dir = try ScratchDirectory([
            "session.json":
                #"{ "routes": [ { "name": "a", "path": "/a", "contentType": "toml" }, { "name": "b", "path": "/b", "contentType": "application/vnd.x+json" } ] }"#
        ])
        defer { dir.remove() }
        let check = SessionCheck.run(path: dir.path)
        #expect(check.diagnostics.count == 1)
        #expect(check.diagnostics.first?.column == 59)
        #expect(
            check.diagnostics.first?.message.hasPrefix("route 'a' asks for parser 'toml', which is not available")
                == true)
    }

    @Test("a contentType is checked as responses choose their parser: media type parameters and case are ignored")
    func contentTypeWithParameters() throws {
        let dir = try ScratchDirectory([
            "session.json":
                #"{ "routes": [ { "name": "a", "path": "/a", "contentType": "Application/JSON; charset=utf-8" }, { "name": "b", "path": "/b", "contentType": "XML" } ] }"#
        ])
        defer { dir.remove() }
        #expect(SessionCheck.run(path: dir.path).diagnostics.isEmpty)
    }

    @Test("fixtures beside a session.json named directly are checked even when the session cannot be read")
    func fixturesBesideBrokenSessionFile() throws {
        let dir = try ScratchDirectory([
            "session.json": "[",
            "fixtures/f.json": #"{ "/b": [ { "response": { "status": 600 } } ] }"#,
        ])
        defer { dir.remove() }
        let check = SessionCheck.run(path: dir.url("session.json"))
        let lines = check.diagnostics.map { $0.description.replacingOccurrences(of: dir.path + "/", with: "") }
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("session.json:1:2: ") == true)
        #expect(lines.last == "fixtures/f.json:1:37: status 600 is not 100–599")
    }

    @Test("a clean session sums up its routes, fixture files and pairs")
    func summary() throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let check = SessionCheck.run(path: dir.path)
        #expect(check.diagnostics.isEmpty)
        #expect(check.summary == "OK: Shop — 3 routes, 1 fixture file, 3 pairs")
    }

    @Test("routes lists literal values of redacted names as <redacted>, templates as written")
    func listingRedacts() throws {
        let s = try Session.parse(
            Array(
                #"{ "params": { "token": "literal-secret" }, "headers": { "Authorization": "${env:AUTH}" }, "redact": ["token", "authorization"], "routes": [ { "name": "r", "path": "/r" } ] }"#
                    .utf8), file: "s.json", directory: ".")
        let text = s.routeListing()
        #expect(text.contains(#"token = "<redacted>"  (query, session default)"#))
        #expect(text.contains("headers: Authorization: ${env:AUTH}"))
        #expect(!text.contains("literal-secret"))
        #expect(!s.routeListingJSON().contains("literal-secret"))
    }

    @Test("in a secret's listed value a variable's default and literal text are hidden; the scheme word stays")
    func listingHidesDefaults() throws {
        let s = try Session.parse(
            Array(
                #"""
                { "params": { "key": "${env:KEY:-dev-key}", "pair": "a1${env:B}", "plain": "${env:P:-shown}" },
                  "redact": ["key", "pair"], "auth": { "type": "bearer", "token": "${env:TOKEN:-dev-token}" },
                  "headers": { "Cookie": "sid=${env:SID}" },
                  "routes": [ { "name": "r", "path": "/r" } ] }
                """#.utf8), file: "s.json", directory: ".")
        let text = s.routeListing()
        #expect(text.contains(#"key           = "${env:KEY:-<redacted>}""#))
        #expect(text.contains(#"pair          = "<redacted>${env:B}""#))
        #expect(text.contains(#"plain         = "${env:P:-shown}""#))
        #expect(text.contains(#"Authorization = "Bearer ${env:TOKEN:-<redacted>}""#))
        #expect(text.contains("headers: Cookie: <redacted>${env:SID}"))
        for secret in ["dev-key", "dev-token", "a1"] {
            #expect(!text.contains(secret) && !s.routeListingJSON().contains(secret), "\(secret)")
        }
    }
}
