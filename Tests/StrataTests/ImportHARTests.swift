import Foundation
import Strata
import StrataTestSupport
import Testing

@Suite struct ImportHARTests {
    /// Every secret the HAR below holds, in the places a browser records them.
    static let secrets = [
        "Bearer-tok-9f8e7d6c", "sid-cookie-5a4b3c", "set-cookie-77aa88", "key-in-header-3141", "query-token-2718",
        "hunter2-password", "client-secret-1618", "access-token-1414", "refresh-token-1732", "nested-secret-4669",
    ]

    static func entry(
        _ method: String, _ url: String, query: String = "[]", post: String? = nil, status: Int = 200,
        mime: String = "application/json", text: String, encoding: String? = nil
    ) -> String {
        """
        { "request": { "method": "\(method)", "url": "\(url)", "httpVersion": "HTTP/2",
            "headers": [ { "name": ":authority", "value": "api.shop.test" },
                         { "name": "authorization", "value": "Bearer Bearer-tok-9f8e7d6c" },
                         { "name": "Cookie", "value": "sid=sid-cookie-5a4b3c; theme=dark" },
                         { "name": "X-Api-Key", "value": "key-in-header-3141" },
                         { "name": "User-Agent", "value": "Mozilla/5.0" } ],
            "queryString": \(query), "cookies": [], "headersSize": -1, "bodySize": 0
            \(post.map { ", \"postData\": \($0)" } ?? "") },
          "response": { "status": \(status), "statusText": "", "httpVersion": "HTTP/2",
            "headers": [ { "name": "content-type", "value": "\(mime)" },
                         { "name": "set-cookie", "value": "sid=set-cookie-77aa88; HttpOnly" },
                         { "name": "date", "value": "Mon, 30 Nov 2026 10:00:00 GMT" } ],
            "content": { "size": 10, "mimeType": "\(mime)", "text": \(JSONString.quote(text))
                         \(encoding.map { ", \"encoding\": \"\($0)\"" } ?? "") },
            "redirectURL": "", "headersSize": -1, "bodySize": -1 },
          "cache": {}, "timings": { "send": 0, "wait": 1, "receive": 0 } }
        """
    }

    static let har = """
        { "log": { "version": "1.2", "creator": { "name": "test", "version": "1" }, "entries": [
        \(entry("GET", "https://api.shop.test/v1/products?page=2&token=query-token-2718",
                query: #"[{"name":"page","value":"2"},{"name":"token","value":"query-token-2718"}]"#,
                text: #"{"products":[{"id":3,"name":"Lamp"}],"access_token":"access-token-1414"}"#)),
        \(entry("GET", "https://api.shop.test/v1/products/3",
                text: #"{"id":3,"name":"Lamp","owner":{"password":"nested-secret-4669"}}"#)),
        \(entry("GET", "https://api.shop.test/v1/products/7", text: #"{"id":7,"name":"Desk"}"#)),
        \(entry("POST", "https://api.shop.test/v1/login",
                post: #"{"mimeType":"application/x-www-form-urlencoded","text":"user=ann&password=hunter2-password&client_secret=client-secret-1618"}"#,
                text: #"{"refresh_token":"refresh-token-1732","user":"ann"}"#)),
        \(entry("GET", "https://api.shop.test/v1/products/3/image", mime: "image/png",
                text: Data([0x89, 0x50, 0x4E, 0x47, 0, 1, 2]).base64EncodedString(), encoding: "base64")),
        \(entry("GET", "https://cdn.elsewhere.test/app.js", mime: "text/javascript", text: "x()"))
        ] } }
        """

    @Test func aHARFullOfSecretsPutsNoneIntoTheSession() throws {
        let imported = try ImportedSession(HARImport.session(Array(Self.har.utf8), file: "shop.har"))
        defer { imported.scratch.remove() }
        for file in imported.scratch.list("session")
            + imported.scratch.list("session/fixtures").map({ "fixtures/" + $0 })
        {
            let bytes = imported.text(file)
            for secret in Self.secrets {
                #expect(!bytes.contains(secret), "\(secret) is in \(file)")
            }
        }
        #expect(imported.checkProblems.isEmpty)
        let session = try imported.session
        #expect(session.redact.contains("Authorization"))
        #expect(session.redact.contains("Cookie"))
        #expect(session.redact.contains("X-Api-Key"))
        #expect(session.redact.contains("password"))
        #expect(imported.text("session.json").contains("\"Authorization\": \"${env:SHOP_AUTHORIZATION}\""))
    }

    @Test func routesAreTemplatedAndTheirParamsHaveTheFirstValuesSeen() throws {
        let imported = try ImportedSession(HARImport.session(Array(Self.har.utf8), file: "shop.har"))
        defer { imported.scratch.remove() }
        let session = try imported.session
        #expect(
            session.routes.map { "\($0.method) \($0.path)" } == [
                "GET /v1/products", "GET /v1/products/{id}", "POST /v1/login", "GET /v1/products/{id}/image",
            ])
        let product = try session.build("getV1ProductsById")
        #expect(product.url == "https://api.shop.test/v1/products/3")
        let list = try session.build("getV1Products")
        #expect(list.params.first { $0.name == "page" }?.value == "2")
        #expect(imported.result.notCarried.contains("1 page asset left out (app.js): --all keeps them"))
    }

    @Test func pageAssetsAreLeftOutUnlessAllAreAskedFor() throws {
        let har = """
            { "log": { "version": "1.2", "creator": { "name": "t", "version": "1" }, "entries": [
            \(Self.entry("GET", "https://shop.test/", mime: "text/html; charset=utf-8", text: "<html></html>")),
            \(Self.entry("GET", "https://shop.test/static/app.js", mime: "application/javascript", text: "x()")),
            \(Self.entry("GET", "https://shop.test/static/site.css", mime: "text/css", text: "a{}")),
            \(Self.entry("GET", "https://shop.test/img/logo.png", mime: "image/png", text: "AA==", encoding: "base64")),
            \(Self.entry("GET", "https://shop.test/fonts/a.woff2", mime: "", text: "")),
            \(Self.entry("GET", "https://shop.test/api/cart", text: #"{"items":[]}"#)),
            \(Self.entry("GET", "https://shop.test/api/items/4/photo", mime: "image/jpeg", text: "AA==", encoding: "base64"))
            ] } }
            """
        let result = try HARImport.session(Array(har.utf8), file: "shop.har")
        let routes = try ImportedSession(result).session.routes.map(\.path)
        #expect(routes == ["/api/cart", "/api/items/{id}/photo"])
        #expect(
            result.notCarried.contains("5 page assets left out (/, app.js, site.css, logo.png, …): --all keeps them"))
        let all = try ImportedSession(HARImport.session(Array(har.utf8), file: "shop.har", keepAssets: true))
        #expect(try all.session.routes.count == 7)
        // Nothing but assets: an error that says what to do, not an empty session.
        let onlyAssets = """
            { "log": { "version": "1.2", "creator": { "name": "t", "version": "1" }, "entries": [
            \(Self.entry("GET", "https://shop.test/static/app.js", mime: "application/javascript", text: "x()"))
            ] } }
            """
        #expect(throws: ImportError.self) { try HARImport.session(Array(onlyAssets.utf8), file: "p.har") }
    }

    @Test("--content-type keeps only responses of the types named: a format, a whole type or a family")
    func contentTypeFilter() throws {
        let har = """
            { "log": { "version": "1.2", "creator": { "name": "t", "version": "1" }, "entries": [
            \(Self.entry("GET", "https://shop.test/", mime: "text/html; charset=utf-8", text: "<html></html>")),
            \(Self.entry("GET", "https://shop.test/static/app.js", mime: "application/javascript", text: "x()")),
            \(Self.entry("GET", "https://shop.test/api/cart", text: #"{"items":[]}"#)),
            \(Self.entry("GET", "https://shop.test/api/problem", mime: "application/problem+json", text: "{}")),
            \(Self.entry("GET", "https://shop.test/api/feed", mime: "application/atom+xml", text: "<feed/>")),
            \(Self.entry("GET", "https://shop.test/api/items/4/photo", mime: "image/jpeg", text: "AA==", encoding: "base64"))
            ] } }
            """
        func paths(_ types: [String]) throws -> [String] {
            let result = try HARImport.session(Array(har.utf8), file: "shop.har", contentTypes: types)
            return try ImportedSession(result).session.routes.map(\.path).sorted()
        }
        #expect(try paths(["json"]) == ["/api/cart", "/api/problem"])
        #expect(try paths(["text/html"]) == ["/"])
        #expect(try paths(["image/*", "xml"]) == ["/api/feed", "/api/items/{id}/photo"])
        let json = try HARImport.session(Array(har.utf8), file: "shop.har", contentTypes: ["json"])
        #expect(
            json.notCarried.contains(
                "4 entries of other types left out (application/atom+xml, application/javascript, image/jpeg, "
                    + "text/html): --content-type chose json"))
        // A type no response has: the types the recording has, to choose from.
        #expect {
            try HARImport.session(Array(har.utf8), file: "shop.har", contentTypes: ["text/csv"])
        } throws: { error in
            "\(error)".contains(
                "no response is of type text/csv (the recording has text/html ×1, "
                    + "application/javascript ×1, application/json ×1")
        }
        #expect(!HARImport.mediaType("application/jsonp", isOf: "json"))
        #expect(!HARImport.mediaType("text/html", isOf: "text/h"))
    }

    @Test("a HAR of many entries keeps every token out, each param once in first-seen order, and names routes apart")
    func manyEntries() throws {
        let n = 300
        var entries: [String] = []
        for i in 0..<n {
            let token = "tok-\(100_000 + i)-secret"
            entries.append(
                #"{"request":{"method":"GET","url":"https://api.shop.test/search?q\#(i % 50)=v&page=\#(i)","headers":[{"name":"Authorization","value":"Bearer \#(token)"}],"queryString":[{"name":"q\#(i % 50)","value":"v"},{"name":"page","value":"\#(i)"}]},"response":{"status":200,"headers":[{"name":"Content-Type","value":"application/json"}],"content":{"mimeType":"application/json","text":"{\"echo\":\"\#(token)\"}"}}}"#
            )
            // Paths that differ only in punctuation name their routes alike: getItemsAB, getItemsAB2, …
            if i < 30 {
                let sep = String(repeating: "-", count: i + 1)
                entries.append(
                    #"{"request":{"method":"GET","url":"https://api.shop.test/items/a\#(sep)b"},"response":{"status":204}}"#
                )
            }
        }
        let har = #"{"log":{"version":"1.2","entries":["# + entries.joined(separator: ",") + "]}}"
        let imported = try ImportedSession(HARImport.session(Array(har.utf8), file: "many.har"))
        defer { imported.scratch.remove() }
        for i in 0..<n { #expect(!imported.allText.contains("tok-\(100_000 + i)-secret")) }
        let session = try imported.session
        let search = try #require(session.route(named: "getSearch"))
        #expect(search.params.map(\.name) == ["q0", "page"] + (1..<50).map { "q\($0)" })
        let names = session.routes.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names.count == 31)
        #expect(imported.checkProblems.isEmpty)
    }

    @Test func recordedExchangesAnswerInMockMode() async throws {
        let imported = try ImportedSession(HARImport.session(Array(Self.har.utf8), file: "shop.har"))
        defer { imported.scratch.remove() }
        let desk = try await imported.run("getV1ProductsById", edits: [.set(name: "id", value: "7")])
        #expect(desk.response.status == 200)
        #expect(String(decoding: desk.response.body, as: UTF8.self).contains(#""name": "Desk""#))
        let image = try await imported.run("getV1ProductsByIdImage")
        #expect(image.response.body == [0x89, 0x50, 0x4E, 0x47, 0, 1, 2])
        #expect(imported.scratch.list("session/fixtures/bodies").allSatisfy { $0.hasSuffix(".bin") })
        #expect(!imported.scratch.list("session/fixtures/bodies").isEmpty)
        let login = try await imported.run("postV1Login")
        #expect(String(decoding: login.response.body, as: UTF8.self).contains(#""refresh_token": "<redacted>""#))
    }

    @Test func notAHARSaysWhere() {
        #expect(throws: ImportError.self) { try HARImport.session(Array("{\"entries\": []}".utf8), file: "x.har") }
        do {
            _ = try HARImport.session(Array("{\"log\": {\n  \"entries\": [1,}".utf8), file: "x.har")
            Issue.record("a malformed HAR was accepted")
        } catch {
            #expect(error.description.hasPrefix("x.har:2:"))
        }
    }
}
