import Foundation
import StrataTestSupport
import Testing

@Suite struct CheckCommandTests {
    @Test("a valid session prints a one-line OK summary and exits 0")
    func ok() throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let r = try StrataBinary.run(["check", dir.path])
        #expect(r.status == 0)
        #expect(r.stdout == "OK: Shop — 3 routes, 1 fixture file, 3 pairs\n")
    }

    @Test("every problem in the session and its fixtures is listed as file:line:col, and the exit is 1")
    func problems() throws {
        let dir = try ScratchDirectory([
            "session.json": """
            {
              "name": "S",
              "routes": [ { "name": "get", "path": "/items/{id}", "params": { "id": "1" }, "mehtod": "GET" } ]
            }
            """,
            "fixtures/a.json": """
            {
              "/items/1": [ { "request": { "method": "POST" }, "response": { "bodyFile": "gone.json" } } ],
              "/other": [ { "response": { "status": 200 } } ]
            }
            """,
            "fixtures/b.json": "{ \"/items/2\": [ { \"response\": { \"status\": 200 } } ",
        ])
        defer { dir.remove() }
        let r = try StrataBinary.run(["check", dir.path])
        #expect(r.status == 1)
        let text = r.stdout.replacingOccurrences(of: dir.path + "/", with: "")
        #expect(text.contains("session.json:3:80: unknown key 'mehtod' in route 'get'; did you mean 'method'?"))
        #expect(text.contains("fixtures/a.json:2:78: bodyFile 'gone.json' of pair #1 of '/items/1' does not exist"))
        #expect(
            text.contains("fixtures/a.json:3:3: fixture path '/other' matches no route's path (routes: /items/{id})"))
        #expect(text.contains("fixtures/b.json:1:"))
        #expect(text.hasSuffix("problems found\n"))
    }

    @Test("when the session loads, fixture pairs for a method no route sends are reported")
    func methodMismatch() throws {
        let dir = try ScratchDirectory([
            "session.json": #"{ "routes": [ { "name": "get", "path": "/items/{id}", "params": { "id": "1" } } ] }"#,
            "fixtures/a.json": #"{ "/items/1": [ { "request": { "method": "POST" }, "response": {} } ] }"#,
        ])
        defer { dir.remove() }
        let r = try StrataBinary.run(["check", dir.path + "/session.json"])
        #expect(r.status == 1)
        #expect(
            r.stdout.replacingOccurrences(of: dir.path + "/", with: "") == """
                fixtures/a.json:1:17: pair #1 of '/items/1' is for POST, but the routes for this path send GET
                1 problem found

                """)
    }
}
