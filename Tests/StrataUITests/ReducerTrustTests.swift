import Foundation
import Strata
import StrataTestSupport
import StrataUI
import TermGrid
import Testing

/// The explorer asks before it runs what an untrusted session names, or sends what the session reads from the
/// environment to an address of its choosing.
@Suite("Trusting a session in the explorer")
struct ReducerTrustTests {
    /// A session whose parser command would retitle the terminal if it reached it raw.
    static let json = #"""
        { "name": "Stranger", "baseURL": "https://stranger.example",
          "routes": [ { "name": "prices", "path": "/prices", "contentType": "csv" } ],
          "parsers": { "csv": { "command": ["sh", "-c", "printf '\u001b]0;pwned\u0007'"], "produces": "json" } } }
        """#

    static func stranger(_ text: String = json) throws -> Session {
        try Session.parse(Array(text.utf8), file: "Sessions/stranger/session.json", directory: "Sessions/stranger")
    }

    static let size = Size(width: 120, height: 40)

    static func key(_ c: Character) -> Action { .key(.character(c)) }

    @Test("a session naming programs opens with the question, its command shown with the escape made visible")
    func asksOnOpen() throws {
        let state = ExplorerState(session: try Self.stranger(), size: Self.size)
        guard case .trust(let question) = state.overlay else {
            Issue.record("no trust question: \(String(describing: state.overlay))")
            return
        }
        #expect(question.then == .nothing)
        #expect(question.programs == "parsers: csv = sh -c 'printf '\\''\u{1b}]0;pwned\u{07}'\\'''")
        let screen = ExplorerView.render(state).text(trimmingTrailingSpaces: true)
        #expect(screen.contains("Trust Sessions/stranger?"))
        #expect(screen.contains("Sessions/stranger names programs that run on this machine when a response is parsed:"))
        #expect(screen.contains("parsers: csv = sh -c 'printf '\\''␛]0;pwned"))
        #expect(!screen.contains("\u{1b}"))
        #expect(!screen.contains("\u{07}"))
        #expect(screen.contains("y trust  n not now"))
    }

    @Test("the bundled demo names no programs and opens with no question")
    func demoDoesNotAsk() throws {
        #expect(try ExplorerFixtures.demoState().overlay == nil)
    }

    @Test("y trusts the session at once and records it; n leaves its parsers unrun and says how to trust")
    func answers() throws {
        let session = try Self.stranger()
        var yes = ExplorerState(session: session, size: Self.size)
        #expect(yes.update(Self.key("y")) == [.recordTrust(session.trust)])
        #expect(yes.overlay == nil)
        #expect(yes.session.isTrusted)
        #expect(yes.session.withholdsPrograms == false)
        _ = yes.update(.trustRecorded(file: "/c/strata/trusted", problem: nil))
        #expect(
            yes.notice?.text
                == "trusted: its parsers run on the next response (recorded in /c/strata/trusted)")
        _ = yes.update(.trustRecorded(file: nil, problem: "nowhere to keep it (set XDG_CONFIG_HOME or HOME)"))
        #expect(
            yes.notice
                == Notice("trusted for this run only: nowhere to keep it (set XDG_CONFIG_HOME or HOME)", kind: .error))

        var no = ExplorerState(session: session, size: Self.size)
        #expect(no.update(Self.key("n")).isEmpty)
        #expect(no.overlay == nil)
        #expect(!no.session.isTrusted)
        #expect(no.notice?.text == "not trusted: bodies its parsers read are shown as text (R asks again)")
        // The route still runs; its body is shown as text.
        #expect(no.update(Self.key("r")).first?.sent != nil)
    }

    @Test("a reload trusted this run stays trusted; one that changes a command asks again")
    func reload() throws {
        let session = try Self.stranger()
        var state = ExplorerState(session: session, size: Self.size)
        _ = state.update(Self.key("y"))
        _ = state.update(.sessionLoaded(.success(session)))
        #expect(state.session.isTrusted)
        #expect(state.overlay == nil)
        let edited = try Self.stranger(Self.json.replacingOccurrences(of: "printf", with: "echo"))
        _ = state.update(.sessionLoaded(.success(edited)))
        #expect(!state.session.isTrusted)
        guard case .trust(let question) = state.overlay else {
            Issue.record("the edited command was not asked about")
            return
        }
        #expect(question.programs?.contains("echo") == true)
        #expect(question.fingerprint == edited.trust.fingerprint)
        #expect(question.fingerprint != session.trust.fingerprint)
    }

    @Test("a live send carrying a set variable to the session's address asks first: n sends nothing, y sends")
    func liveSendAsks() throws {
        var state = ExplorerState(
            session: try ExplorerFixtures.demo(), size: Self.size, environment: ["DEMO_SHOP_KEY": "s3cret"])
        // Mock sends go nowhere: nothing to ask.
        #expect(state.update(Self.key("r")).contains { $0.sent?.source == .mock })
        _ = state.update(.key(.escape))
        state.source = .live
        #expect(state.update(Self.key("r")).isEmpty)
        guard case .trust(let question) = state.overlay else {
            Issue.record("no question before the live send")
            return
        }
        #expect(question.then == .send)
        #expect(
            question.exposure
                == EnvironmentExposure(variables: ["DEMO_SHOP_KEY"], destination: "https://shop.example.com"))
        let screen = ExplorerView.render(state).text(trimmingTrailingSpaces: true)
        #expect(screen.contains("This live request sends the value of DEMO_SHOP_KEY from your environment to"))
        #expect(!screen.contains("s3cret"))

        #expect(state.update(Self.key("n")).isEmpty)
        #expect(state.run == nil)
        #expect(state.notice?.text == "not sent: the session is not trusted (r asks again)")

        _ = state.update(Self.key("r"))
        let effects = state.update(Self.key("y"))
        #expect(effects.first == .recordTrust(state.session.trust))
        #expect(effects.last?.sent?.source == .live)
        // Trusted: the next send goes at once.
        #expect(state.update(Self.key("r")).contains { $0.sent?.source == .live })
        #expect(state.overlay == nil)
    }

    @Test("serving live asks when the session's defaults carry a set variable; m while serving untrusted stops")
    func servingLiveAsks() throws {
        var state = ExplorerState(
            session: try ExplorerFixtures.demo(), size: Self.size, environment: ["DEMO_SHOP_KEY": "s3cret"])
        state.traffic.address = ServeAddress(host: "127.0.0.1", port: 0)
        _ = state.update(Self.key("S"))
        _ = state.update(.servingChanged(url: "http://127.0.0.1:41234", problem: nil, generation: 1))
        #expect(state.update(Self.key("m")) == [.stopServing])
        #expect(state.traffic.url == nil)
        #expect(
            state.notice?.text
                == "stopped serving: \(state.session.directory) is not trusted, and every request it forwards sends "
                + "environment variable DEMO_SHOP_KEY to https://shop.example.com, an address session.json chose; "
                + "trust it with: \(state.session.trustCommand) (S asks)")

        #expect(state.update(Self.key("S")).isEmpty)
        guard case .trust(let question) = state.overlay else {
            Issue.record("no question before serving live")
            return
        }
        #expect(question.then == .serve)
        let effects = state.update(Self.key("y"))
        #expect(effects.first == .recordTrust(state.session.trust))
        #expect(
            effects.last
                == .startServing(
                    address: state.traffic.address, source: .live, session: state.session,
                    generation: state.traffic.generation))
    }

    @Test("a live send whose address the user set (the base URL's variable) goes without a question")
    func userAddressDoesNotAsk() throws {
        var state = ExplorerState(
            session: try ExplorerFixtures.demo(), size: Self.size,
            environment: ["DEMO_SHOP_URL": "http://127.0.0.1:9", "DEMO_SHOP_KEY": "s3cret"])
        state.source = .live
        #expect(state.update(Self.key("r")).contains { $0.sent?.source == .live })
        #expect(state.overlay == nil)
    }

    @Test("y in a program records the trust in the host's store; then the parser runs on the next response")
    func programRecords() async throws {
        let dir = try ScratchDirectory([
            "s/session.json": """
            { "name": "P", "routes": [ { "name": "prices", "path": "/prices", "contentType": "csv" } ],
              "parsers": { "csv": { "command": ["sh", "-c", "echo '{\\"read\\": true}'"], "produces": "json", "timeout": 300 } } }
            """,
            "s/fixtures/prices.json": #"{ "/prices": [ { "response": { "body": "a,b" } } ] }"#,
        ])
        defer { dir.remove() }
        let session = try Session.load(from: dir.url("s"))
        let store = TrustStore(file: dir.url("config/strata/trusted"))
        let program = ExplorerProgram(
            state: ExplorerState(session: session, size: Self.size), backend: MemoryBackend(width: 120, height: 40),
            host: ExplorerHost(session: session, fixedDurations: true, trust: store))
        try await ExplorerFixtures.press(program, "n r")
        #expect(program.state.response.document?.outcome.withheldParser == "csv")
        #expect(program.state.response.document?.tree?.format == .text)
        #expect(
            program.state.notice?.text
                == "shown as text: \(dir.url("s")) is not trusted to run its parser 'csv' (R asks; or strata trust "
                + "\(dir.url("s")))")
        // R asks again.
        try await ExplorerFixtures.press(program, "R")
        guard case .trust = program.state.overlay else {
            Issue.record("R did not ask again")
            return
        }
        try await ExplorerFixtures.press(program, "y")
        #expect(store.trusts(session.trust))
        #expect(
            program.state.notice?.text == "trusted: its parsers run on the next response (recorded in \(store.file))")
        try await ExplorerFixtures.press(program, "r")
        #expect(program.state.response.document?.outcome.parser == "csv")
        // Reloaded, the session is trusted as the store says: no question.
        try await ExplorerFixtures.press(program, "R")
        #expect(program.state.overlay == nil)
        #expect(program.state.session.isTrusted)
    }
}
