import Foundation
import Strata
import StrataTestSupport
import StrataUI
import TermGrid
import Testing

/// The explorer shows each route's last result against its expectations: a mark in the route list, the status
/// line after a run, and `X`.
@Suite("Explorer: each route's checks")
struct ReducerChecksTests {
    static let checkoutPath = ExplorerFixtures.root + "/Sessions/checkout"

    /// A copy of Sessions/checkout in a scratch folder.
    static func checkoutCopy() throws -> ScratchDirectory {
        let dir = try ScratchDirectory()
        for name in ["session.json", "fixtures/checkout.json"] {
            try dir.write(name, try String(contentsOfFile: checkoutPath + "/" + name, encoding: .utf8))
        }
        return dir
    }

    /// The route row of `name` on the screen.
    static func row(_ program: ExplorerProgram, _ name: String) -> String? {
        ExplorerFixtures.screen(program).split(separator: "\n").first { $0.contains(" \(name) ") }
            .map { String($0.prefix(26)) }
    }

    @Test("r checks the response: ✓ or ✗ beside the route, the status line says how it went, X lists the checks")
    func runMarksTheRoute() async throws {
        let program = try await ExplorerFixtures.program(try Session.load(from: Self.checkoutPath))
        #expect(Self.row(program, "products") == "│  products          GET │")
        try await ExplorerFixtures.press(program, "Down r")
        #expect(program.state.checkReports["products"]?.passed == true)
        #expect(program.state.notice?.text == "✓ 9 checks passed")
        #expect(Self.row(program, "products") == "│▸ products       ✓  GET │")
        try await ExplorerFixtures.press(program, "Down Down r")
        #expect(
            program.state.notice?.text == #"✗ 1 of 3 checks failed: $.price is a number: got "89.00" (X lists them)"#)
        #expect(program.state.notice?.kind == .error)
        #expect(Self.row(program, "product") == "│▸ product        ✗  GET │")
        try await ExplorerFixtures.press(program, "X")
        #expect(
            program.state.overlay
                == .message(
                    title: "Checks · product · 1 of 3 checks failed",
                    lines: ["✓ status is 200", #"✗ $.price is a number: got "89.00""#, "✓ maps with no errors"],
                    scroll: 0))
    }

    @Test("X before a run lists what will be checked; on a route without expectations it says how to add them")
    func checksBeforeARun() async throws {
        let program = try await ExplorerFixtures.program(try Session.load(from: Self.checkoutPath))
        try await ExplorerFixtures.press(program, "X")
        #expect(program.state.overlay == nil)
        #expect(
            program.state.notice?.text
                == "login has no expectations: add \"expect\" to the route in session.json (docs/testing.md)")
        try await ExplorerFixtures.press(program, "Down Down X")
        guard case .message(let title, let lines, _)? = program.state.overlay else {
            Issue.record("expected the checks of cart, got \(String(describing: program.state.overlay))")
            return
        }
        #expect(title == "Checks · cart · not run yet: r runs the route")
        #expect(lines.first == "· status is 200")
    }

    @Test("a response from the History list or a stream cut short is not checked")
    func onlyWholeSends() throws {
        var state = ExplorerState(
            session: try Session.load(from: Self.checkoutPath), size: Size(width: 120, height: 40))
        _ = try press(&state, "Down")
        let request = try #require(state.draft?.request)
        let body = Array(#"{"products": []}"#.utf8)
        var response = Response(
            status: 200, headers: [:], body: body, duration: .zero, origin: .live(url: "", redirects: []))
        response.partial = true
        let document = ResponseDocument(
            request: request, response: response,
            outcome: ParserRegistry.standard.parse(body, type: "json"), lines: LineIndex(body))
        state.run = RunState(id: 1, routeName: "products", summary: "GET /products", source: .live)
        let effects = state.update(.responseParsed(id: 1, document: document))
        #expect(!effects.contains { if case .checkExpectations = $0 { true } else { false } })
    }

    @Test("the explorer opens with the last results `strata test` kept, and keeps its own in .strata/checks.json")
    func lastChecksKept() async throws {
        let dir = try Self.checkoutCopy()
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        try LastChecks.keep(
            ["cart": ExpectationReport(results: [CheckResult(check: "status is 200", failure: "got 500")])],
            session: session)
        var state = ExplorerState(session: session, size: Size(width: 120, height: 40))
        state.keepCheckReports(LastChecks.read(session: session))
        var host = ExplorerHost(session: session)
        host.keepsChecks = true
        let program = ExplorerProgram(state: state, backend: MemoryBackend(width: 120, height: 40), host: host)
        try await ExplorerFixtures.press(program, "Down")
        #expect(Self.row(program, "cart") == "│  cart           ✗  GET │")
        try await ExplorerFixtures.press(program, "r")
        let kept = LastChecks.read(session: session)
        #expect(kept["products"]?.results.count == 9)
        #expect(kept["cart"]?.passed == false, "the other routes keep theirs")
        host.history?.settle()
    }

    @Test("headless runs (screenshots, tests) leave the session folder alone")
    func headlessKeepsNothing() async throws {
        let dir = try Self.checkoutCopy()
        defer { dir.remove() }
        let program = try await ExplorerFixtures.program(try Session.load(from: dir.path))
        try await ExplorerFixtures.press(program, "Down r")
        #expect(program.state.checkReports["products"] != nil)
        #expect(dir.list().sorted() == ["fixtures", "session.json"])
    }

    @Test("R checks the shown response again with the expectations as now written")
    func reloadChecksAgain() async throws {
        let dir = try Self.checkoutCopy()
        defer { dir.remove() }
        let program = try await ExplorerFixtures.program(try Session.load(from: dir.path))
        try await ExplorerFixtures.press(program, "Down Down Down r")
        #expect(program.state.checkReports["product"]?.passed == false)
        let text = try #require(dir.read("session.json"))
        try dir.write(
            "session.json",
            text.replacingOccurrences(
                of: #""$.price": { "type": "number" }"#, with: #""$.price": { "type": "string" }"#))
        try await ExplorerFixtures.press(program, "R")
        #expect(program.state.checkReports["product"]?.passed == true)
        #expect(
            program.state.notice?.text.hasSuffix("✓ 3 checks passed") == true, "\(program.state.notice?.text ?? "")")
    }
}
