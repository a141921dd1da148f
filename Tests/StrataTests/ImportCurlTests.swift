import Foundation
import Strata
import StrataTestSupport
import Testing

@Suite struct ImportCurlTests {
    @Test func quotesEscapesAndContinuationsAreReadAsAShellWould() throws {
        let result = try CurlImport.session(
            "curl 'https://x.test/a?b=1' \\\n  -H \"X-Name: say \\\"hi\\\"\" \\\r\n  -H $'X-Tab: a\\tb' -H X-Word:\\ two"
        )
        let session = try ImportedSession(result).session
        let request = try session.build(session.routes[0].name)
        #expect(request.url == "https://x.test/a?b=1")
        #expect(request.headers["X-Name"] == "say \"hi\"")
        #expect(request.headers["X-Tab"] == "a\tb")
        #expect(request.headers["X-Word"] == "two")
    }

    @Test func anUnterminatedQuoteSaysWhere() {
        do {
            _ = try CurlImport.session("curl \\\n 'https://x.test")
            Issue.record("an unterminated quote was accepted")
        } catch {
            #expect(error.description == "command:2:2: unterminated ' quote")
        }
    }

    @Test func optionsBecomeARouteWithParams() throws {
        let result = try CurlImport.session(
            """
            curl -X PUT 'https://api.shop.test/v1/orders/42?notify=yes' \\
              -H 'Accept: application/json' -H 'Authorization: Bearer s3cr3t-token' \\
              --data-urlencode 'note=two words' -d quantity=3
            """)
        let imported = try ImportedSession(result)
        #expect(imported.checkProblems.isEmpty)
        let route = try #require(try imported.session.routes.first)
        #expect(route.method == "PUT")
        #expect(route.path == "/v1/orders/{id}")
        let text = imported.text("session.json")
        #expect(!text.contains("s3cr3t"))
        #expect(text.contains("${env:SHOP_AUTHORIZATION}"))
        let request = try imported.session.build(route.name)
        #expect(request.url == "https://api.shop.test/v1/orders/42?notify=yes")
        #expect(String(decoding: request.body ?? [], as: UTF8.self) == "note=two+words&quantity=3")
    }

    @Test func shellVariablesInTheCommandAreTheVariablesTheSessionReads() throws {
        let result = try CurlImport.session(
            """
            curl "https://api.shop.test/v1/orders?api_key=$SHOP_KEY&page=1" \\
              -H "Authorization: Bearer ${SHOP_TOKEN}" -H 'X-Note: costs $5'
            """)
        let imported = try ImportedSession(result)
        #expect(imported.checkProblems.isEmpty)
        let text = imported.text("session.json")
        #expect(text.contains(#""api_key": "${env:SHOP_KEY}""#))
        #expect(text.contains(#""Authorization": "Bearer ${env:SHOP_TOKEN}""#))
        #expect(text.contains(#""X-Note": "costs $5""#))
        #expect(result.made.contains("header Authorization reads Bearer ${env:SHOP_TOKEN} and is redacted"))
        let session = try imported.session
        #expect(session.isRedacted("api_key") && session.isRedacted("Authorization"))
        let request = try RequestBuilder(
            session: session, environment: ["SHOP_KEY": "k1", "SHOP_TOKEN": "t1"]
        ).build(session.routes[0])
        #expect(request.url == "https://api.shop.test/v1/orders?api_key=k1&page=1")
        #expect(request.headers["Authorization"] == "Bearer t1")
    }

    @Test func userAndPasswordAreTheRoutesBasicAuthNotPartOfTheURL() throws {
        for command in [
            #"curl -u "me:$SHOP_PASSWORD" https://api.shop.test/v1/me"#,
            #"curl 'https://me:$SHOP_PASSWORD@api.shop.test/v1/me'"#,
        ] {
            let result = try CurlImport.session(command)
            let imported = try ImportedSession(result)
            #expect(imported.checkProblems.isEmpty, "\(command)")
            let text = imported.text("session.json")
            #expect(text.contains(#""baseURL": "https://api.shop.test""#), "\(text)")
            #expect(text.contains(#""password": "${env:SHOP_PASSWORD}""#))
            let request = try RequestBuilder(session: try imported.session, environment: ["SHOP_PASSWORD": "p1"])
                .build(try imported.session.routes[0])
            #expect(request.url == "https://api.shop.test/v1/me")
            #expect(request.headers["Authorization"] == "Basic " + Data("me:p1".utf8).base64EncodedString())
        }
        // A literal password is never written: it reads a variable named for the host.
        let literal = try ImportedSession(try CurlImport.session("curl -u admin:hunter2 https://api.shop.test/x"))
        #expect(!literal.text("session.json").contains("hunter2"))
        #expect(literal.text("session.json").contains("${env:SHOP_PASSWORD}"))
    }

    @Test func formFieldsBecomeAMultipartPOSTAndAnAddressNamesNoVariables() throws {
        let result = try CurlImport.session(
            "curl -u admin:pw -b sid=1 -F file=@avatar.png -F 'note=two words' --form-string 'raw=@x' "
                + "http://127.0.0.1:8080/upload")
        let text = try ImportedSession(result).text("session.json")
        #expect(text.contains(#""method": "POST""#))
        #expect(text.contains(#""file": "@avatar.png""#))
        #expect(text.contains(#""note": "${note}""#) && text.contains(#""note": "two words""#))
        #expect(text.contains(#""raw": "@x""#))
        #expect(text.contains("${env:API_PASSWORD}") && text.contains("${env:API_COOKIE}"))
        #expect(!text.contains("_127_"))
        #expect(result.made.contains { $0.hasPrefix("form field file sends the file avatar.png") })
        // Options left out are listed once, without a doubled prefix (the command adds "not carried over: ").
        let ignored = try CurlImport.session("curl --retry 3 https://x.test/a")
        #expect(ignored.notCarried == ["option --retry 3"])
    }

    @Test func getWithDataPutsItInTheQuery() throws {
        let result = try CurlImport.session("curl -G https://x.test/search -d q=lamp --data-urlencode 'sort=a b'")
        let session = try ImportedSession(result).session
        let request = try session.build(session.routes[0].name)
        #expect(request.method == "GET")
        #expect(request.url == "https://x.test/search?q=lamp&sort=a%20b")
    }

    @Test func jsonBodiesBecomeTypedJSONParams() throws {
        let result = try CurlImport.session(
            #"curl --json '{"name":"Lamp","price":12.5,"sale":true}' https://x.test/products"#, routeName: "create")
        let imported = try ImportedSession(result)
        let session = try imported.session
        #expect(session.routes[0].name == "create")
        let request = try session.build("create")
        #expect(String(decoding: request.body ?? [], as: UTF8.self) == #"{"name":"Lamp","price":12.5,"sale":true}"#)
    }

    @Test func whatRunCurlPrintsImportsAsTheSameRouteAndParams() throws {
        let scratch = try ScratchDirectory(["shop/session.json": ShopSession.sessionJSON()])
        defer { scratch.remove() }
        let shop = try Session.load(from: scratch.url("shop"))
        // The secret read from the environment is written as its variable, which the import reads again.
        let environment = ["SHOP_KEY": "k-123"]
        for route in shop.routes {
            let original = try shop.build(route.name, environment: environment)
            #expect(original.curl().contains("$SHOP_KEY"), "\(route.name)")
            // Into a session with the same base URL and no routes yet.
            try scratch.write("copy-\(route.name)/session.json", Self.withoutRoutes(ShopSession.sessionJSON()))
            let folder = scratch.url("copy-\(route.name)")
            _ = try CurlImport.add(original.curl(), routeName: route.name, intoSession: folder)
            #expect(SessionCheck.run(path: folder).diagnostics.isEmpty)
            let session = try Session.load(from: folder)
            let imported = try #require(session.routes.first)
            #expect(imported.name == route.name)
            #expect(imported.path == route.path, "\(route.name)")
            #expect(imported.method == route.method)
            let again = try session.build(route.name, environment: environment)
            #expect(again.method == original.method)
            #expect(again.url == original.url)
            #expect(again.body == original.body, "\(route.name)")
            let names = { (r: BuiltRequest) in
                r.params.filter { $0.status == .sent }.map { "\($0.location) \($0.name)=\($0.value)" }.sorted()
            }
            #expect(names(again) == names(original), "\(route.name)")
        }
    }

    /// The shop session with an empty `routes` array and no mappings.
    static func withoutRoutes(_ json: String) -> String {
        let start = json.range(of: #""routes": ["#)!.upperBound
        let end = json.range(of: #""mappings""#)!.lowerBound
        return String(json[..<start]) + "],\n  " + String(json[end...])
    }

    @Test func intoAddsTheRouteKeepingTheFileAsWritten() throws {
        let original = """
            {
              "name": "Mine",   "baseURL": "https://x.test",
              "routes": [
                { "name": "first", "path": "/a" }
              ],
              "mappings": { "Keep": { "properties": { "a": "string" } } }
            }

            """
        let scratch = try ScratchDirectory(["mine/session.json": original])
        defer { scratch.remove() }
        let (result, _) = try CurlImport.add(
            "curl https://x.test/b -H 'X-Api-Key: k3y-value-123'", routeName: "first", intoSession: scratch.url("mine"))
        let text = try #require(scratch.read("mine/session.json"))
        #expect(
            text.hasPrefix(
                "{\n  \"redact\": [\"X-Api-Key\"],\n  \"name\": \"Mine\",   \"baseURL\": \"https://x.test\","))
        #expect(text.contains("    { \"name\": \"first\", \"path\": \"/a\" },\n    {\n      \"name\": \"first2\""))
        #expect(text.hasSuffix("  \"mappings\": { \"Keep\": { \"properties\": { \"a\": \"string\" } } }\n}\n"))
        #expect(!text.contains("k3y-value"))
        #expect(result.made[0] == "route first2 GET /b")
        #expect(SessionCheck.run(path: scratch.url("mine")).diagnostics.isEmpty)
    }

    @Test func bracesInTheURLAreLiteralAndTheSessionStillLoads() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let (result, _) = try CurlImport.add(
            "curl 'https://x.test/a}b/{x/%7Bz%7D/123'", intoSession: scratch.url("new"))
        #expect(result.made[0] == "route getAbXZById GET /a%7Db/%7Bx/%7Bz%7D/{id}")
        #expect(SessionCheck.run(path: scratch.url("new")).diagnostics.isEmpty)
        let session = try Session.load(from: scratch.url("new"))
        let built = try RequestBuilder(session: session, environment: [:]).build(session.routes[0], edits: [])
        #expect(built.url == "https://x.test/a%7Db/%7Bx/%7Bz%7D/123")
    }

    @Test func intoCreatesAMissingSession() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        _ = try CurlImport.add("curl https://x.test/b", intoSession: scratch.url("new"))
        #expect(try Session.load(from: scratch.url("new")).routes.map(\.name) == ["getB"])
    }

    @Test func intoRefusesABrokenSessionFile() throws {
        let scratch = try ScratchDirectory(["bad/session.json": "{ \"routes\": [ }"])
        defer { scratch.remove() }
        #expect(throws: ImportError.self) {
            try CurlImport.add("curl https://x.test/b", intoSession: scratch.url("bad"))
        }
        #expect(scratch.read("bad/session.json") == "{ \"routes\": [ }")
    }
}
