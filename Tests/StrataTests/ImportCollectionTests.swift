import Foundation
import Strata
import StrataTestSupport
import Testing

/// Postman collections, Insomnia exports and `.http` files made into sessions, from excerpts written for these
/// tests (ImportCollectionCorpusTests reads real exports): folders name routes, variables read the environment,
/// auth, bodies, examples as fixture pairs, environments, and no secret written.
@Suite struct ImportCollectionTests {
    static let bookshelf = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sessions/bookshelf")

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    // MARK: Postman

    @Test("Postman: the bundled bookshelf collection and its environment make the session in Sessions/bookshelf")
    func bookshelfIsCurrent() throws {
        let source = Self.bookshelf.appendingPathComponent("source")
        let collection = try Data(contentsOf: source.appendingPathComponent("bookshelf.postman_collection.json"))
        let environment = try Data(contentsOf: source.appendingPathComponent("staging.postman_environment.json"))
        let result = try PostmanImport.session(
            Array(collection), file: "source/bookshelf.postman_collection.json",
            environments: [("source/staging.postman_environment.json", Array(environment))])
        for file in result.files {
            let committed = try String(contentsOf: Self.bookshelf.appendingPathComponent(file.path), encoding: .utf8)
            #expect(
                committed == String(decoding: file.bytes, as: UTF8.self),
                "Sessions/bookshelf/\(file.path) is not what the import makes now: import it again (docs/import.md)")
        }
    }

    @Test("Postman: folders name the routes, variables read the environment, examples answer offline, 2xx first")
    func postmanSession() async throws {
        let source = Self.bookshelf.appendingPathComponent("source/bookshelf.postman_collection.json")
        let imported = try ImportedSession(
            PostmanImport.session(Array(try Data(contentsOf: source)), file: "bookshelf.postman_collection.json"))
        defer { imported.scratch.remove() }
        #expect(imported.checkProblems == [])
        let session = try imported.session
        #expect(session.routes.map(\.name) == ["booksListBooks", "booksGetBook", "booksAddBook", "accountSignIn"])
        #expect(session.routes.map(\.path) == ["/shelves/{shelf}/books", "/books/{bookId}", "/books", "/session"])
        #expect(
            imported.text("session.json").contains(
                #""baseURL": "${env:BOOKSHELF_BASE_URL:-https://bookshelf.example.com/api}""#))
        // The collection's bearer token is the session's auth; `noauth` on the Account folder keeps it off there.
        #expect(session.auth == nil)
        #expect(session.route(named: "booksListBooks")?.auth != nil)
        #expect(session.route(named: "accountSignIn")?.auth == nil)
        // The test script's status check is the route's expect.
        #expect(session.route(named: "booksListBooks")?.expectations?.checks.map(\.description) == ["status is 200"])
        // A disabled query param is left out; `:bookId` is a path param with its value.
        let list = try session.build("booksListBooks")
        #expect(list.url == "https://bookshelf.example.com/api/shelves/to-read/books?limit=2")
        #expect(try session.build("booksGetBook").url == "https://bookshelf.example.com/api/books/7")
        // Examples are fixture pairs: the 200 answers before the 404.
        #expect(try await imported.run("booksListBooks").response.status == 200)
        #expect(try await imported.run("booksGetBook").response.status == 200)
        #expect(try await imported.run("booksAddBook").response.status == 201)
        // The JSON body's variables are params the body names; the form's password reads the environment.
        let add = try session.build("booksAddBook", environment: ["BOOKSHELF_TITLE": "Dune"])
        #expect(add.bodyText == #"{"title":"Dune","shelf":"to-read","tags":["sci-fi","classic"]}"#)
        #expect(imported.text("session.json").contains(#""password": "${env:BOOKSHELF_PASSWORD}""#))
        #expect(session.redact.contains("password"))
        // The example's token is not written.
        #expect(imported.text("fixtures/accountSignIn.json").contains(#""token": "<redacted>""#))
        #expect(!imported.allText.contains("eyJhbGciOiJIUzI1NiJ9"))
    }

    @Test("Postman: auth kinds, form-data with a file, GraphQL, v2.0 forms, secrets never written")
    func postmanBodiesAndAuth() throws {
        let collection = #"""
            { "info": { "name": "Kinds", "schema": "https://schema.getpostman.com/json/collection/v2.0.0/collection.json" },
              "variable": [ { "key": "host", "value": "https://api.kinds.test" }, { "key": "apiKey", "value": "k-live-123" } ],
              "item": [
                { "name": "Upload", "request": { "method": "POST", "url": "{{host}}/files",
                    "auth": { "type": "basic", "basic": { "username": "ada", "password": "s3cret-pw" } },
                    "body": { "mode": "formdata", "formdata": [
                      { "key": "note", "value": "hello", "type": "text" },
                      { "key": "file", "type": "file", "src": "/Users/ada/Desktop/photo.png" },
                      { "key": "skip", "value": "x", "type": "text", "disabled": true } ] } } },
                { "name": "Query", "request": { "method": "POST", "url": "{{host}}/graphql",
                    "header": "X-Api-Key: {{apiKey}}\nX-Trace: t-1",
                    "body": { "mode": "graphql", "graphql": { "query": "{ me { id } }", "variables": "{\"a\": 1}" } } } },
                { "name": "Signed", "request": { "method": "GET", "url": "{{host}}/signed",
                    "auth": { "type": "awsv4", "awsv4": { "accessKey": "AKIA" } } } }
              ] }
            """#
        let imported = try ImportedSession(PostmanImport.session(Self.bytes(collection), file: "kinds.json"))
        defer { imported.scratch.remove() }
        let text = imported.text("session.json")
        #expect(!imported.allText.contains("s3cret-pw"))
        #expect(!imported.allText.contains("k-live-123"), "a variable an API-key header reads is a secret")
        #expect(text.contains(#""X-Api-Key": "${env:KINDS_API_KEY}""#))
        #expect(text.contains(#""password": "${env:KINDS_PASSWORD}""#))
        #expect(text.contains(#""file": "@files/photo.png""#))
        #expect(text.contains(#""note": "${note}""#))
        #expect(!text.contains("skip"))
        #expect(text.contains(#""query": "{ me { id } }""#))
        #expect(
            imported.result.notCarried.contains { $0.contains("awsv4") && $0.contains("not an auth Strata signs with") }
        )
        #expect(imported.result.made.contains { $0.contains("copy /Users/ada/Desktop/photo.png there") })
        // The one problem check finds is the file to copy.
        #expect(imported.checkProblems.count == 1)
        #expect(imported.checkProblems.first?.contains("'files/photo.png' does not exist") == true)
    }

    @Test("Postman: an environment file gives an environment; its secret values are never written")
    func postmanEnvironment() throws {
        let collection = #"""
            { "info": { "name": "Envs" }, "item": [ { "name": "Me", "request": { "method": "GET", "url": "{{base}}/me",
              "header": [ { "key": "Authorization", "value": "Bearer {{tok}}" } ] } } ] }
            """#
        let environment = #"""
            { "name": "Prod", "values": [ { "key": "base", "value": "https://prod.envs.test", "enabled": true },
              { "key": "tok", "value": "prod-token-999", "type": "secret", "enabled": true },
              { "key": "region", "value": "eu", "enabled": true } ] }
            """#
        let imported = try ImportedSession(
            PostmanImport.session(
                Self.bytes(collection), file: "envs.json", environments: [("prod.json", Self.bytes(environment))]))
        defer { imported.scratch.remove() }
        #expect(imported.checkProblems == [])
        #expect(!imported.allText.contains("prod-token-999"))
        let session = try imported.session
        #expect(session.environments.map(\.name) == ["prod"])
        #expect(try session.build("me").url == "https://prod.envs.test/me")
        // `Authorization: Bearer {{tok}}` is the route's bearer auth.
        #expect(imported.text("session.json").contains(#""token": "${env:ENVS_TOK}""#))
    }

    @Test("Postman: not a collection, or a v1 one, is an error at its place")
    func postmanMistakes() {
        #expect(throws: ImportError.self) {
            try PostmanImport.session(Self.bytes(#"{"requests": []}"#), file: "v1.json")
        }
        do {
            _ = try PostmanImport.session(Self.bytes("{\n  \"info\": {}, \"item\": 3 }"), file: "c.json")
        } catch {
            #expect(error.description.hasPrefix("c.json:1:1: not a Postman collection v2"))
        }
        #expect(throws: ImportError.self) { try PostmanImport.session(Self.bytes(#"{"item": []}"#), file: "e.json") }
    }

    // MARK: Insomnia

    @Test("Insomnia v4: folders, the base and sub environments, auth, bodies; other workspaces reported")
    func insomniaV4() async throws {
        let export = #"""
            { "_type": "export", "__export_format": 4, "resources": [
              { "_id": "wrk_1", "_type": "workspace", "parentId": null, "name": "Orders API" },
              { "_id": "wrk_2", "_type": "workspace", "parentId": null, "name": "Other" },
              { "_id": "env_base", "_type": "environment", "parentId": "wrk_1", "name": "Base",
                "data": { "base_url": "https://orders.test/v1", "auth": { "user": "ops" } } },
              { "_id": "env_stage", "_type": "environment", "parentId": "env_base", "name": "Staging",
                "data": { "base_url": "https://staging.orders.test/v1" } },
              { "_id": "fld_1", "_type": "request_group", "parentId": "wrk_1", "name": "Orders", "metaSortKey": 1,
                "environment": { "page_size": "20" } },
              { "_id": "req_2", "_type": "request", "parentId": "fld_1", "name": "Create order", "method": "POST",
                "metaSortKey": 2, "url": "{{ _.base_url }}/orders",
                "body": { "mimeType": "application/json", "text": "{\"sku\": \"{{ _.sku }}\", \"qty\": 2}" },
                "headers": [ { "name": "Content-Type", "value": "application/json" } ],
                "authentication": { "type": "basic", "username": "{{ _.auth.user }}", "password": "pw-123" } },
              { "_id": "req_1", "_type": "request", "parentId": "fld_1", "name": "List orders", "method": "GET",
                "metaSortKey": 1, "url": "{{ _.base_url }}/orders",
                "parameters": [ { "name": "limit", "value": "{{ _.page_size }}" }, { "name": "x", "value": "1", "disabled": true } ] },
              { "_id": "grpc_1", "_type": "grpc_request", "parentId": "wrk_1", "name": "Stream" }
            ] }
            """#
        let imported = try ImportedSession(InsomniaImport.session(Self.bytes(export), file: "orders.json"))
        defer { imported.scratch.remove() }
        #expect(imported.checkProblems == [])
        let session = try imported.session
        #expect(session.routes.map(\.name) == ["ordersListOrders", "ordersCreateOrder"], "by metaSortKey")
        #expect(try session.build("ordersListOrders").url == "https://orders.test/v1/orders?limit=20")
        #expect(session.environments.map(\.name) == ["staging"])
        #expect(!imported.allText.contains("pw-123"))
        #expect(imported.text("session.json").contains(#""user": "${env:ORDERS_AUTH_USER:-ops}""#))
        let notes = imported.result.notCarried.joined(separator: "\n")
        #expect(notes.contains("1 other workspaces (Other)"))
        #expect(notes.contains("1 grpc request: HTTP only"))
    }

    @Test("Insomnia v5: a collection file with folders' children and sub-environments")
    func insomniaV5() throws {
        let yaml = """
            type: collection.insomnia.rest/5.0
            name: Weather
            collection:
              - name: Forecast
                children:
                  - url: "{{ _.host }}/forecast"
                    name: Today
                    method: GET
                    parameters:
                      - name: city
                        value: Oslo
                environment:
                  units: metric
            environments:
              name: Base Environment
              data:
                host: https://weather.test
              subEnvironments:
                - name: Local
                  data:
                    host: http://localhost:8080
            """
        let imported = try ImportedSession(InsomniaImport.session(Self.bytes(yaml), file: "weather.yaml"))
        defer { imported.scratch.remove() }
        #expect(imported.checkProblems == [])
        let session = try imported.session
        #expect(session.routes.map(\.name) == ["forecastToday"])
        #expect(try session.build("forecastToday").url == "https://weather.test/forecast?city=Oslo")
        #expect(
            try session.applying(environment: "local").build("forecastToday").url
                == "http://localhost:8080/forecast?city=Oslo")
    }

    // MARK: .http

    @Test(".http: ### blocks, @variables, @name, continued URLs, Basic user password, forms, what is left out")
    func httpFile() throws {
        let http = """
            @host = https://notes.test
            @token = abc-secret-1

            ### List notes
            GET {{host}}/notes
                ?page=2
                &tag=work
            Accept: application/json

            ###
            # @name createNote
            POST {{host}}/notes HTTP/1.1
            Content-Type: application/json
            Authorization: Bearer {{token}}

            {
              "text": "buy milk",
              "pinned": true
            }

            > {%
              client.global.set("id", response.body.id);
            %}

            ###
            POST {{host}}/login
            Authorization: Basic ada hunter22
            Content-Type: application/x-www-form-urlencoded

            remember=yes&lang=en

            ###
            PUT {{host}}/notes/{{$uuid}}/attachment
            Content-Type: image/png

            < ./picture.png
            """
        let imported = try ImportedSession(HTTPFileImport.session(Self.bytes(http), file: "notes.http"))
        defer { imported.scratch.remove() }
        #expect(imported.checkProblems == [])
        let session = try imported.session
        #expect(session.routes.map(\.name) == ["listNotes", "createNote", "postLogin", "putNotesByValueAttachment"])
        #expect(try session.build("listNotes").url == "https://notes.test/notes?page=2&tag=work")
        let text = imported.text("session.json")
        #expect(!imported.allText.contains("abc-secret-1"), "a token an Authorization header reads is a secret")
        #expect(!imported.allText.contains("hunter22"))
        #expect(text.contains(#""token": "${env:NOTES_TOKEN}""#))
        #expect(text.contains(#""user": "ada""#))
        #expect(text.contains(#""remember": "yes""#))
        let notes = imported.result.notCarried.joined(separator: "\n")
        #expect(notes.contains("response handlers (> {% … %}): Strata runs none"))
        #expect(notes.contains("a body read from the file ./picture.png"))
        #expect(notes.contains("{{$uuid}}"))
    }

    @Test(".http: http-client.env.json environments; a private one's values are secrets, never written")
    func httpEnvironments() throws {
        let http = "GET {{base}}/ping\nX-Key: {{key}}\n"
        let env =
            #"{ "$shared": { "base": "https://shared.test" }, "dev": { "base": "http://localhost:3000" }, "prod": {} }"#
        let privateEnv = #"{ "dev": { "key": "dev-key-42" } }"#
        let imported = try ImportedSession(
            HTTPFileImport.session(
                Self.bytes(http), file: "ping.http",
                environments: [
                    ("http-client.env.json", Self.bytes(env)), ("http-client.private.env.json", Self.bytes(privateEnv)),
                ]))
        defer { imported.scratch.remove() }
        #expect(imported.checkProblems == [])
        let session = try imported.session
        #expect(session.environments.map(\.name).sorted() == ["dev", "prod"])
        #expect(try session.applying(environment: "prod").build("getPing").url == "https://shared.test/ping")
        #expect(try session.applying(environment: "dev").build("getPing").url == "http://localhost:3000/ping")
        #expect(!imported.allText.contains("dev-key-42"))
    }

    @Test(".http: a file with no request says so")
    func httpEmpty() {
        #expect(throws: ImportError.self) {
            try HTTPFileImport.session(Self.bytes("# just a comment\n"), file: "e.http")
        }
    }
}
