import Strata
import StrataUI
import TermGrid
import Testing

@Suite("The host's sources live as long as the program")
struct ExplorerHostTests {
    @Test("every mock send goes through the host's one source, so each fixture file is parsed once")
    func oneMockSourceAcrossSends() async throws {
        let session = try ExplorerFixtures.demo()
        // Files count as old at once (not only 2 s after a checkout), so their signatures alone are trusted.
        let mock = MockSource(session: session, cache: FixtureFileCache(recentSeconds: -3600))
        let program = ExplorerProgram(
            state: ExplorerState(session: session, size: Size(width: 120, height: 40)),
            backend: MemoryBackend(width: 120, height: 40), host: ExplorerHost(mock: mock, fixedDurations: true))
        try await ExplorerFixtures.press(program, "r")
        let files = mock.cache.count
        #expect(files > 1)
        #expect(mock.cache.parseCount == files)
        try await ExplorerFixtures.press(program, "r j r j r")
        #expect(program.state.responseRouteName == "catalogXML")
        #expect(mock.cache.parseCount == files, "no fixture file was parsed again")
        #expect(mock.cache.readCount == files, "old files' signatures suffice")
    }

    @Test("a fixture's delay is the shown duration in screenshots, read from the response itself")
    func fixedDurationFromTheResponse() async throws {
        let session = try ExplorerFixtures.demo()
        let program = try await ExplorerFixtures.program(session)
        try await ExplorerFixtures.press(program, "r")
        guard case .fixture(_, let number, let delay)? = program.state.response.document?.response.origin else {
            Issue.record("expected a fixture response")
            return
        }
        #expect(number == 1)
        #expect(program.state.response.document?.response.duration == delay)
    }
}
