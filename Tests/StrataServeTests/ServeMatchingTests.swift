import Foundation
import Strata
import StrataTestSupport
import Testing

@Suite(.needsLibmicrohttpd) struct ServeMatchingTests {
    static let fixtures = [
        "items.json": """
        {
          "/items": [
            { "request": { "method": "GET", "params": { "page": "2" } },
              "response": { "status": 200, "headers": { "X-Page": "2" }, "body": { "page": 2 } } },
            { "request": { "method": "GET", "params": { "page": "2", "sort": "name" } },
              "response": { "body": { "page": 2, "sorted": true } } },
            { "request": { "method": "GET" }, "response": { "body": "all items" } },
            { "request": { "method": "POST", "params": { "name": "lamp" } },
              "response": { "status": 201, "body": { "created": "lamp" } } },
            { "request": { "method": "PUT", "params": { "name": "desk", "count": "3" } },
              "response": { "status": 200, "body": { "updated": "desk" } } },
            { "request": { "method": "DELETE", "params": { "X-Role": "admin" } },
              "response": { "status": 204 } },
            { "request": { "method": "PATCH", "params": { "token": "<redacted>" } },
              "response": { "status": 200, "body": "patched" } }
          ],
          "/items/a%20b": [ { "response": { "body": "spaced" } } ]
        }
        """
    ]

    @Test("path, method and query params pick the pair; its status, headers and exact body bytes are served")
    func queryParams() async throws {
        let served = try ServedSession(fixtures: Self.fixtures)
        let page = try await served.fetch("/items?page=2")
        #expect(page.status == 200)
        #expect(page.header("X-Page") == "2")
        #expect(page.header("Content-Type") == "application/json")
        #expect(page.text == #"{ "page": 2 }"#)
        let all = try await served.fetch("/items")
        #expect(all.text == "all items")
    }

    @Test("the pair listing the most params wins")
    func mostParamsWin() async throws {
        let served = try ServedSession(fixtures: Self.fixtures)
        let sorted = try await served.fetch("/items?sort=name&page=2")
        #expect(sorted.text == #"{ "page": 2, "sorted": true }"#)
    }

    @Test("form body params and JSON body params match a pair's params")
    func bodyParams() async throws {
        let served = try ServedSession(fixtures: Self.fixtures)
        let form = try await served.fetch(
            "/items", method: "POST", headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: Data("name=lamp".utf8))
        #expect(form.status == 201)
        let json = try await served.fetch(
            "/items", method: "PUT", headers: ["Content-Type": "application/json"],
            body: Data(#"{"name": "desk", "count": 3}"#.utf8))
        #expect(json.status == 200)
        #expect(json.text == #"{ "updated": "desk" }"#)
    }

    @Test("a header param matches a request header")
    func headerParams() async throws {
        let served = try ServedSession(fixtures: Self.fixtures)
        let admin = try await served.fetch("/items", method: "DELETE", headers: ["X-Role": "admin"])
        #expect(admin.status == 204)
        let guest = try await served.fetch("/items", method: "DELETE", headers: ["X-Role": "guest"])
        #expect(guest.status == 404)
    }

    @Test("a <redacted> param matches any value; a percent-encoded path matches its decoded key")
    func redactedAndEncoded() async throws {
        let served = try ServedSession(fixtures: Self.fixtures)
        let patched = try await served.fetch("/items?token=abc", method: "PATCH")
        #expect(patched.text == "patched")
        let spaced = try await served.fetch("/items/a%20b")
        #expect(spaced.text == "spaced")
    }

    @Test("HEAD answers as GET would, without a body")
    func head() async throws {
        let served = try ServedSession(fixtures: Self.fixtures)
        let head = try await served.fetch("/items?page=2", method: "HEAD")
        #expect(head.status == 200)
        #expect(head.header("X-Page") == "2")
        #expect(head.body.isEmpty)
    }

    @Test("a 100 MB body file is served from disk with its exact size")
    func largeBodyFile() async throws {
        let served = try ServedSession(fixtures: [
            "big.json": #"{ "/big": [ { "response": { "bodyFile": "big.bin" } } ] }"#
        ])
        let size = 100 << 20
        let path = served.dir.url("fixtures/big.bin")
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
        let reply = try await served.fetch("/big")
        #expect(reply.status == 200)
        #expect(reply.body.count == size)
    }
}
