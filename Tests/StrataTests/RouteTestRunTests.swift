import Foundation
import Strata
import StrataTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `strata test`'s run: routes in order, the routes they read run first, secrets scrubbed from what is reported,
/// and the JUnit XML CI reads.
@Suite struct RouteTestRunTests {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sessions/checkout").path

    static func run(
        _ session: Session, _ names: [String]? = nil, vet: @escaping @Sendable (BuiltRequest) -> String? = { _ in nil }
    )
        async -> [RouteTestResult]
    {
        await RouteTests.run(
            names ?? session.testedRoutes, session: session, source: MockSource(session: session), environment: [:],
            vet: vet)
    }

    @Test("the bundled checkout session: login runs first for cart, product's price fails its type")
    func checkout() async throws {
        let session = try Session.load(from: Self.checkout)
        #expect(session.testedRoutes == ["products", "cart", "product", "missing"])
        let results = await Self.run(session)
        #expect(results.map(\.route) == ["products", "cart", "product", "missing"])
        #expect(results.map(\.failed) == [false, false, true, false])
        let product = try #require(results[2].report)
        #expect(product.failures.map(\.line) == [#"✗ $.price is a number: got "89.00""#])
        #expect(RouteTestSummary(results).text == "4 routes: 3 passed, 1 failed · 22 checks, 1 failed")
        #expect(!RouteTestSummary(results).succeeded)
    }

    @Test("a route reading another's response gets it from this run; the setup step is reported, not counted")
    func setupSteps() async throws {
        let session = try Session.load(from: Self.checkout)
        let told = Locked<[String]>([])
        let results = await RouteTests.run(
            ["cart"], session: session, source: MockSource(session: session), environment: [:],
            progress: { result in told.withLock { $0.append(result.lines[0]) } })
        #expect(results.map(\.route) == ["cart"])
        let lines = told.withLock { $0 }
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("· login  POST https://checkout.example.com/api/login · 200 OK · "))
        #expect(lines[0].hasSuffix("(run first: a tested route reads its response)"))
        #expect(lines[1].hasPrefix("✓ cart  GET https://checkout.example.com/api/cart · 200 OK"))
        #expect(RouteTestSummary(results).text == "1 route: 1 passed · 5 checks")
    }

    @Test("a route named without expectations is skipped; one with no answer could not run; neither sends twice")
    func skippedAndErrors() async throws {
        let session = try Session.load(from: Self.checkout)
        let results = await Self.run(
            session, ["login", "products"], vet: { $0.routeName == "products" ? "not sent: refused" : nil })
        #expect(results[0].outcome == .skipped("no expectations: add \"expect\" to the route in session.json"))
        #expect(results[1].outcome == .error("not sent: refused"))
        #expect(results[1].failed)
        let summary = RouteTestSummary(results)
        #expect(summary.text == "1 route: 0 passed, 1 could not run, 1 skipped · 0 checks")
    }

    @Test("what a server echoes of a secret is redacted in every check's report")
    func secretsScrubbed() async throws {
        let dir = try ScratchDirectory([
            "session.json": """
            { "name": "S", "baseURL": "https://api.example.com", "redact": ["token"],
              "routes": [ { "name": "me", "path": "/me", "params": { "token": "${env:S_TOKEN}" },
                "expect": { "body": { "$.echo": "nothing" }, "headers": { "X-Echo": "nothing" } } } ] }
            """,
            "fixtures/me.json": """
            { "/me": [ { "request": { "method": "GET" },
              "response": { "status": 200, "headers": { "X-Echo": "t0k3n-v4lue-123" }, "body": { "echo": "t0k3n-v4lue-123" } } } ] }
            """,
        ])
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        let results = await RouteTests.run(
            ["me"], session: session, source: MockSource(session: session), environment: ["S_TOKEN": "t0k3n-v4lue-123"])
        let lines = results[0].lines.joined(separator: "\n")
        #expect(!lines.contains("t0k3n-v4lue-123"), "\(lines)")
        #expect(lines.contains(#"✗ $.echo equals "nothing": got "<redacted>""#), "\(lines)")
        #expect(results[0].request == "GET https://api.example.com/me?token=<redacted>")
    }

    @Test(
        "JUnit XML: a test case per route tested, failures and errors with their checks, well-formed whatever the text")
    func junit() async throws {
        let session = try Session.load(from: Self.checkout)
        var results = await Self.run(session)
        results.append(RouteTestResult(route: "ctl\u{1}<&>", request: "GET /x", outcome: .error("bad \"byte\" \u{7}")))
        results.append(RouteTestResult(route: "skipped", request: "", outcome: .skipped("no expectations")))
        let xml = JUnitReport.xml(
            results, session: "Checkout & co", time: .milliseconds(1234), timestamp: Date(timeIntervalSince1970: 0))
        #expect(
            xml.hasPrefix(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"strata test\" tests=\"6\" failures=\"1\" errors=\"1\" skipped=\"1\" time=\"1.234\">"
            ))
        #expect(xml.contains("timestamp=\"1970-01-01T00:00:00Z\""))
        #expect(xml.contains("<testcase classname=\"Checkout &amp; co\" name=\"product\""))
        #expect(
            xml.contains(
                "<failure message=\"1 of 3 checks failed: ✗ $.price is a number: got &quot;89.00&quot;\" type=\"expectation\">"
            ))
        #expect(xml.contains("name=\"ctl\\u{1}&lt;&amp;&gt;\""))
        #expect(xml.contains("<error message=\"bad &quot;byte&quot; \\u{7}\" type=\"not run\">"))
        #expect(xml.contains("<skipped message=\"no expectations\"/>"))
        #expect(!xml.contains("name=\"login\""), "a setup step is no test case")
        // Our own XML reader and Foundation's both read it.
        let parsed = ParserRegistry.standard.parse(Array(xml.utf8), type: "xml")
        #expect(parsed.error == nil, "\(parsed.error.map { "\($0)" } ?? "")")
        #if canImport(FoundationXML)
            let document = try XMLDocument(data: Data(xml.utf8))
            let cases = try document.nodes(forXPath: "//testcase")
            #expect(cases.count == 6)
        #endif
    }
}
