import Foundation
import StrataTestSupport
import Testing

@Suite struct CheckCommandTests {
    /// What check says of the variables the shop session reads, and where they go.
    static let readsShopVariables =
        "reads environment variables SHOP_URL, SHOP_KEY into its requests (to ${env:SHOP_URL:-https://api.example.com/v1})"

    @Test("a valid session prints the variables it reads into requests, then a one-line OK summary, and exits 0")
    func ok() throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let r = try StrataBinary.run(["check", dir.path])
        #expect(r.status == 0)
        #expect(
            r.stdout == "\(Self.readsShopVariables)\nOK: Shop — 3 routes, 1 fixture file, 3 pairs\n")
    }

    @Test("check maps every fixture pair that answers a route with a map; errors exit 0, or 1 with --strict")
    func mapsFixtures() throws {
        let dir = try ScratchDirectory(
            ShopSession.files().merging([
                "fixtures/bad.json":
                    #"{ "/products/7": [ { "response": { "body": { "id": "x7", "name": "Vase" } } } ] }"#
            ]) { $1 })
        defer { dir.remove() }
        let r = try StrataBinary.run(["check", dir.path])
        #expect(r.status == 0)
        #expect(
            r.stdout == """
                \(dir.path)/fixtures/bad.json:1:20: pair #1 of '/products/7' (route 'product'): typeMismatch $.id \
                Product.id: expected int, found string "x7" — fix the data, or declare Product.id as string
                \(Self.readsShopVariables)
                OK: Shop — 3 routes, 2 fixture files, 4 pairs
                mapping 4 fixture pairs: 1 error, 0 warnings, 0 info

                """)
        let strict = try StrataBinary.run(["check", dir.path, "--strict"])
        #expect(strict.status == 1)
        #expect(strict.stdout == r.stdout)
    }

    @Test("a fixture body that does not parse is reported at its pair")
    func unparsedFixtureBody() throws {
        let dir = try ScratchDirectory(
            ShopSession.files().merging([
                "fixtures/bad.json": #"""
                { "/products/7": [ { "response": { "headers": { "Content-Type": "application/json" }, "body": "{oops" } } ] }
                """#
            ]) { $1 })
        defer { dir.remove() }
        let r = try StrataBinary.run(["check", dir.path, "--strict"])
        #expect(r.status == 1)
        #expect(
            r.stdout.hasPrefix(
                "\(dir.path)/fixtures/bad.json:1:20: pair #1 of '/products/7' (route 'product'): the body does not parse (json): "
            ))
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

    @Test(
        "--severity picks which mapping issues are listed (errors and warnings by default); the count line stays whole")
    func severityFilter() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let blog = root.appendingPathComponent("Sessions/jsonapi-blog").path
        let all = try StrataBinary.run(["check", blog])
        #expect(all.status == 0)
        #expect(all.stdout.contains("warning: pair #1 of '/posts'"))
        let errors = try StrataBinary.run(["check", blog, "--severity", "error"])
        #expect(errors.status == 0)
        #expect(!errors.stdout.contains("warning:"))
        #expect(errors.stdout.contains("0 errors, 2 warnings"))
        let bad = try StrataBinary.run(["check", blog, "--severity", "loud"])
        #expect(bad.status == 2)
        // Info issues are counted by default and listed with --severity info.
        let demo = root.appendingPathComponent("Sessions/demo").path
        let quiet = try StrataBinary.run(["check", demo])
        #expect(!quiet.stdout.contains("info:"))
        #expect(quiet.stdout.hasSuffix("mapping 7 fixture pairs: 1 error, 0 warnings, 10 info\n"))
        let everything = try StrataBinary.run(["check", demo, "--severity", "info"])
        let infos = everything.stdout.split(separator: "\n").filter { $0.contains(": info: pair #") }
        #expect(infos.count == 10)
        #expect(infos.contains { $0.hasSuffix(#"coerced $.total Order.total: string "24.50" read as decimal 24.50"#) })
        #expect(everything.stdout.hasSuffix("mapping 7 fixture pairs: 1 error, 0 warnings, 10 info\n"))
    }
}
