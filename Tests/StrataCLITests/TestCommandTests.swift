import Foundation
import Strata
import StrataTestSupport
import Testing

/// `strata test`: routes checked against their expectations, a summary, the exit code CI reads, JUnit XML.
@Suite(.enabled(if: StrataBinary.url != nil, "the strata binary is not built next to the tests"))
struct TestCommandTests {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sessions/checkout")

    /// A copy of Sessions/checkout in a scratch folder (a run keeps what it found in the session's `.strata`).
    static func checkoutCopy() throws -> ScratchDirectory {
        let dir = try ScratchDirectory()
        for name in ["session.json", "fixtures/checkout.json"] {
            try dir.write(
                name, String(decoding: try Data(contentsOf: checkout.appendingPathComponent(name)), as: UTF8.self))
        }
        return dir
    }

    @Test("the checkout session: each route, each check, the summary; exit 1 for product's price")
    func checkout() throws {
        let dir = try Self.checkoutCopy()
        defer { dir.remove() }
        let r = try StrataBinary.run(["test", dir.path])
        #expect(r.status == 1, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.first?.hasPrefix(
                "✓ products  GET https://checkout.example.com/api/products?category=lamps · 200 OK · ") == true)
        #expect(lines.contains("    ✓ header Content-Type contains \"json\""))
        #expect(lines.contains { $0.hasPrefix("· login  POST https://checkout.example.com/api/login · 200 OK") })
        #expect(lines.contains("    ✗ $.price is a number: got \"89.00\""))
        #expect(lines.last == "4 routes: 3 passed, 1 failed · 22 checks, 1 failed")
        // What the run found is kept for the explorer, out of git.
        let kept = try Session.load(from: dir.path)
        #expect(LastChecks.read(session: kept)["product"]?.passed == false)
        #expect(LastChecks.read(session: kept)["products"]?.passed == true)
        #expect(dir.read(".strata/.gitignore")?.contains("*") == true)
    }

    @Test("routes named run in that order; all passing exits 0")
    func namedRoutes() throws {
        let dir = try Self.checkoutCopy()
        defer { dir.remove() }
        let r = try StrataBinary.run(["test", dir.path, "missing", "products"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let routes = r.stdout.split(separator: "\n").filter { $0.hasPrefix("✓") || $0.hasPrefix("✗") }
        #expect(routes.map { $0.split(separator: " ")[1] } == ["missing", "products"])
        #expect(r.stdout.hasSuffix("2 routes: 2 passed · 14 checks\n"))
    }

    @Test("--junit writes the report CI reads; the file is written whole")
    func junit() throws {
        let dir = try Self.checkoutCopy()
        defer { dir.remove() }
        let report = dir.url("reports/junit.xml")
        try FileManager.default.createDirectory(atPath: dir.url("reports"), withIntermediateDirectories: true)
        let r = try StrataBinary.run(["test", dir.path, "--junit", report])
        #expect(r.status == 1)
        let xml = try #require(dir.read("reports/junit.xml"))
        #expect(xml.contains("<testsuites name=\"strata test\" tests=\"4\" failures=\"1\" errors=\"0\" skipped=\"0\""))
        #expect(xml.contains("<testcase classname=\"Checkout (strata test)\" name=\"product\""))
        #expect(dir.list("reports") == ["junit.xml"], "no temporary file is left")
    }

    @Test("mistakes: an unknown route (did you mean), a session with no expectations, a bad --source")
    func mistakes() throws {
        let dir = try Self.checkoutCopy()
        defer { dir.remove() }
        let unknown = try StrataBinary.run(["test", dir.path, "prodcut"])
        #expect(unknown.status == 1)
        #expect(
            unknown.stderr.contains("no route 'prodcut' in session 'Checkout (strata test)'; did you mean 'product'?"))
        let plain = try ScratchDirectory(ShopSession.files())
        defer { plain.remove() }
        let none = try StrataBinary.run(["test", plain.path])
        #expect(none.status == 1)
        #expect(none.stderr.contains("no route of 'Shop' has expectations: add \"expect\" to a route"))
        let source = try StrataBinary.run(["test", dir.path, "--source", "fixtures"])
        #expect(source.status == 2)
    }

    @Test("--source live checks what the API answers: a change in the live body fails the run")
    func live() throws {
        let answer = Locked(#"{"items": [{"id": 1}, {"id": 2}]}"#)
        let server = try LoopbackServer { _ in .json(answer.withLock { $0 }) }
        defer { server.stop() }
        let dir = try ScratchDirectory([
            "session.json": """
            { "name": "Live", "baseURL": "\(server.baseURL)",
              "routes": [ { "name": "items", "path": "/items", "params": { "page": "1" },
                "expect": { "status": 200, "headers": { "Content-Type": { "contains": "json" } },
                            "body": { "$.items[*].id": { "type": "integer" }, "$.items[*]": { "count": 2 } } } } ] }
            """
        ])
        defer { dir.remove() }
        let passing = try StrataBinary.run(["test", dir.path, "--source", "live"])
        #expect(passing.status == 0, "\(passing.stdout)\(passing.stderr)")
        #expect(server.requests.map(\.target) == ["/items?page=1"])
        answer.withLock { $0 = #"{"items": [{"id": "1"}]}"# }
        let failing = try StrataBinary.run(["test", dir.path, "--source", "live"])
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("    ✗ $.items[*].id is an integer: got \"1\""))
        #expect(failing.stdout.contains("    ✗ $.items[*] selects 2 nodes: selected 1"))
    }

    @Test("--source live refuses to send an environment variable to an untrusted session's address, naming the route")
    func untrusted() throws {
        let dir = try ScratchDirectory([
            "session.json": """
            { "name": "Stranger", "baseURL": "http://127.0.0.1:9", "redact": ["key"],
              "routes": [ { "name": "items", "path": "/items", "params": { "key": "${env:STRANGER_KEY}" },
                "expect": { "status": 200 } } ] }
            """
        ])
        defer { dir.remove() }
        let r = try StrataBinary.run(["test", dir.path, "--source", "live"], environment: ["STRANGER_KEY": "k-123"])
        #expect(r.status == 1)
        #expect(
            r.stdout.contains("✗ items  GET http://127.0.0.1:9/items?key=<redacted>\n    error: not sent: "),
            "\(r.stdout)")
        #expect(!r.stdout.contains("k-123"))
    }
}
