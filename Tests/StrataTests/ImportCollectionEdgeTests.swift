import Foundation
import Strata
import StrataTestSupport
import Testing

/// Shapes that real exports hold (found by ImportCollectionCorpusTests), in excerpts written for these tests: a
/// client's custom method, a query param without a name, Insomnia's `pathParameters`, v5 gRPC and WebSocket items, a
/// v5 design document with requests.
@Suite struct ImportCollectionEdgeTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test("Postman: a request with a method no route sends is left out, said where; with only such requests, refused")
    func customMethod() throws {
        let collection = #"""
            { "info": { "name": "Methods", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json" },
              "item": [
                { "name": "Echo", "request": { "method": "ECHO", "url": "https://methods.test/echo" } },
                { "name": "Get", "request": { "method": "GET", "url": "https://methods.test/items" } } ] }
            """#
        let imported = try ImportedSession(PostmanImport.session(Self.bytes(collection), file: "methods.json"))
        defer { imported.scratch.remove() }
        #expect(imported.checkProblems == [])
        #expect(try imported.session.routes.map(\.name) == ["get"])
        let notes = imported.result.notCarried.joined(separator: "\n")
        #expect(notes.contains("methods.json:3:5 (Echo): method ECHO left out (a route sends GET, HEAD,"), "\(notes)")

        let only = #"""
            { "info": { "name": "Methods", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json" },
              "item": [ { "name": "Echo", "request": { "method": "ECHO", "url": "https://methods.test/echo" } } ] }
            """#
        do {
            _ = try PostmanImport.session(Self.bytes(only), file: "only.json")
            Issue.record("a collection of custom methods only imported")
        } catch {
            #expect(error.description.contains("no HTTP request to import"))
            #expect(error.description.contains("method ECHO left out"))
        }
    }

    @Test("Postman: a query param without a name (a trailing &, ?=value) is no param; one with a value is reported")
    func namelessQueryParam() throws {
        let collection = #"""
            { "info": { "name": "Search", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json" },
              "item": [
                { "name": "Find", "request": { "method": "GET",
                  "url": { "raw": "https://search.test/find?q=tea&", "host": ["search", "test"], "path": ["find"],
                           "query": [ { "key": "q", "value": "tea" }, { "key": "", "value": null } ] } } },
                { "name": "Odd", "request": { "method": "GET", "url": "https://search.test/odd?=orphan&k=v" } } ] }
            """#
        let imported = try ImportedSession(PostmanImport.session(Self.bytes(collection), file: "search.json"))
        defer { imported.scratch.remove() }
        #expect(imported.checkProblems == [])
        let session = try imported.session
        #expect(try session.build("find").url == "https://search.test/find?q=tea")
        #expect(try session.build("odd").url == "https://search.test/odd?k=v")
        let notes = imported.result.notCarried.filter { $0.contains("without a name") }
        #expect(notes.count == 1)
        #expect(notes.first?.contains("(Odd): a query param without a name (=orphan) left out") == true, "\(notes)")
    }

    @Test("Insomnia v4: a :name segment of the URL takes its value from pathParameters")
    func insomniaPathParameters() throws {
        let export = #"""
            { "_type": "export", "__export_format": 4, "resources": [
              { "_id": "wrk_1", "_type": "workspace", "parentId": null, "name": "Shop" },
              { "_id": "req_1", "_type": "request", "parentId": "wrk_1", "name": "Item", "method": "GET",
                "url": "https://shop.test/items/:itemId", "pathParameters": [ { "name": "itemId", "value": "42" } ] }
            ] }
            """#
        let imported = try ImportedSession(InsomniaImport.session(Self.bytes(export), file: "shop.json"))
        defer { imported.scratch.remove() }
        #expect(imported.checkProblems == [])
        #expect(try imported.session.build("item").url == "https://shop.test/items/42")
    }

    @Test("Insomnia v5: gRPC and WebSocket requests (by their ids) are counted, not made HTTP routes")
    func insomniaV5OtherKinds() throws {
        let yaml = """
            type: collection.insomnia.rest/5.0
            name: Mixed
            collection:
              - url: grpc.mixed.test:9000
                name: Stream
                meta:
                  id: greq_1
              - url: wss://mixed.test/socket
                name: Socket
                meta:
                  id: ws-req_1
              - url: https://mixed.test/items/:itemId
                name: Item
                meta:
                  id: req_1
                method: GET
                pathParameters:
                  - name: itemId
                    value: "7"
            """
        let imported = try ImportedSession(InsomniaImport.session(Self.bytes(yaml), file: "mixed.yaml"))
        defer { imported.scratch.remove() }
        #expect(imported.checkProblems == [])
        let session = try imported.session
        #expect(session.routes.map(\.name) == ["item"])
        #expect(try session.build("item").url == "https://mixed.test/items/7")
        let notes = imported.result.notCarried
        #expect(notes.contains("1 grpc request: HTTP only"), "\(notes)")
        #expect(notes.contains("1 websocket request: HTTP only"), "\(notes)")
        #expect(!notes.contains { $0.contains("a session has one base URL") }, "\(notes)")
    }

    @Test("Insomnia v5: a design document's requests are imported, its spec pointed to; one without requests refused")
    func insomniaDesignDocument() throws {
        let yaml = """
            type: spec.insomnia.rest/5.0
            name: Tokens
            collection:
              - name: auth
                children:
                  - url: "{{ _.base_url }}/auth/token"
                    name: Get token
                    method: GET
            environments:
              name: Base Environment
              data:
                base_url: https://tokens.test
            spec:
              contents:
                openapi: 3.0.4
              meta:
                id: spc_1
            """
        let imported = try ImportedSession(InsomniaImport.session(Self.bytes(yaml), file: "tokens.yaml"))
        defer { imported.scratch.remove() }
        #expect(imported.checkProblems == [])
        #expect(try imported.session.build("authGetToken").url == "https://tokens.test/auth/token")
        let notes = imported.result.notCarried.joined(separator: "\n")
        #expect(notes.contains("tokens.yaml:13:1: the design document's spec (import it with strata import openapi)"))

        let specOnly = "type: spec.insomnia.rest/5.0\nname: Tokens\nspec:\n  contents:\n    openapi: 3.0.4\n"
        do {
            _ = try InsomniaImport.session(Self.bytes(specOnly), file: "spec.yaml")
            Issue.record("a design document without requests imported")
        } catch {
            #expect(error.description.contains("holds no requests"))
        }
    }

    @Test(".http (httpyac): ?? status is the expect, other ?? checks and {{ }} script blocks are reported, not sent")
    func httpyacShapes() throws {
        let http = """
            @host = https://people.test

            GET {{host}}/people
            ?? status == 200

            ###
            POST {{host}}/people
            Content-Type: application/json
            {
              "name": "Ada"
            }
            ?? status == 201
            ?? body name == Ada

            ###
            DELETE {{host}}/people/1

            {{
              test.status(204);
            }}
            """
        let imported = try ImportedSession(HTTPFileImport.session(Self.bytes(http), file: "people.http"))
        defer { imported.scratch.remove() }
        #expect(imported.checkProblems == [])
        let session = try imported.session
        #expect(session.routes.map(\.name) == ["getPeople", "postPeople", "deletePeopleById"])
        #expect(try session.build("getPeople").url == "https://people.test/people", "?? is no query line")
        let routes = try #require(
            JSONSerialization.jsonObject(with: Data(imported.text("session.json").utf8)) as? [String: Any])["routes"]
        let expects = (routes as? [[String: Any]] ?? []).map { ($0["expect"] as? [String: Any])?["status"] as? Int }
        #expect(expects == [200, 201, nil])
        let post = try session.build("postPeople")
        #expect(post.body.flatMap { String(decoding: $0, as: UTF8.self) }?.contains("Ada") == true)
        #expect(try session.build("deletePeopleById").body == nil, "the script block is not the body")
        let notes = imported.result.notCarried.joined(separator: "\n")
        #expect(notes.contains("assertions (?? …) but ?? status == N: not carried over (1 request: people.http:7)"))
        #expect(notes.contains("script blocks ({{ … }}): Strata runs none (1 request: people.http:16)"), "\(notes)")
        #expect(!notes.contains("not a header"), "\(notes)")
    }
}
