import Foundation
import Strata
import StrataTestSupport
import StrataUI
import TermGrid
import Testing

/// A live answer, always the same, standing in for the API.
private struct StubLive: DataSource {
    var name: String { "live" }
    func send(_ request: BuiltRequest) async throws(TransportError) -> Response {
        Response(
            status: 201, headers: ["Content-Type": "application/json"],
            body: Array(#"{"id":"o-1","status":"new","echo":"s3cret"}"#.utf8), duration: .zero,
            origin: .live(url: request.url, redirects: []))
    }
}

/// `W` saves the shown live response as a fixture pair through the fixture writer; the mock source answers it next.
@Suite("Saving a response as a fixture")
struct SaveFixtureTests {
    func program(in dir: ScratchDirectory) throws -> ExplorerProgram {
        var session = try Session.load(from: dir.path)
        // The test's own session, trusted: its live sends carry SHOP_KEY without the trust question.
        session.isTrusted = true
        let size = Size(width: 120, height: 40)
        return ExplorerProgram(
            state: ExplorerState(session: session, size: size, environment: ["SHOP_KEY": "s3cret"]),
            backend: MemoryBackend(width: 120, height: 40),
            host: ExplorerHost(mock: MockSource(session: session), live: StubLive(), fixedDurations: true))
    }

    @Test("W writes the pair (secrets redacted), the mock answers it, and replacing one asks first")
    func savesAndAsks() async throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let program = try program(in: dir)
        try await ExplorerFixtures.press(program, "Down Down m r")
        #expect(program.state.response.document?.response.status == 201)
        try await ExplorerFixtures.press(program, "W")
        let notice = try #require(program.state.notice?.text)
        #expect(notice.hasPrefix("saved the pair in fixtures/"))
        let written = try #require(
            try FileManager.default.contentsOfDirectory(atPath: dir.url("fixtures")).first {
                $0.lowercased().contains("order")
            })
        let text = try #require(dir.read("fixtures/" + written))
        #expect(text.contains("\"o-1\""))
        #expect(!text.contains("s3cret"))

        // The mock source now answers the request from the new pair.
        try await ExplorerFixtures.press(program, "m r")
        guard case .fixture(let file, _, _)? = program.state.response.document?.response.origin else {
            Issue.record("the mock did not answer from a fixture")
            return
        }
        #expect(file.hasSuffix(written))
        try await ExplorerFixtures.press(program, "W")
        #expect(program.state.notice?.text.contains("it is a fixture already") == true)

        // Saving over an existing pair asks; n keeps it, y replaces it.
        try await ExplorerFixtures.press(program, "m r W")
        #expect(program.state.overlay == .confirmSave(file: "fixtures/" + written))
        try await ExplorerFixtures.press(program, "n")
        #expect(program.state.notice?.text == "not saved: the existing pair is kept")
        try await ExplorerFixtures.press(program, "W y")
        #expect(program.state.notice?.text.hasPrefix("replaced the pair in fixtures/") == true)
    }
}
