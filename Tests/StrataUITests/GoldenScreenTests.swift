import Foundation
import Strata
import StrataTestSupport
import StrataUI
import TermGrid
import Testing

/// The main screens as golden text with style masks (`Goldens/*.txt`), at 120×40 and 80×24.
///
/// Re-record with `RECORD_SNAPSHOTS=1 swift test --filter GoldenScreenTests` (that run fails on purpose), read the
/// files, then run again.
@Suite("Golden screens")
struct GoldenScreenTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var size: Size
        var keys: String
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "start-120x40", size: Size(width: 120, height: 40), keys: ""),
        Case(name: "explore-120x40", size: Size(width: 120, height: 40), keys: "r Tab Tab Tab Down Down Down Down"),
        Case(
            name: "mapped-focus-120x40", size: Size(width: 120, height: 40), keys: "r 3 Down Down Down Down Down Down"),
        Case(name: "edit-param-120x40", size: Size(width: 120, height: 40), keys: "Tab Enter C-u =2"),
        Case(name: "add-param-120x40", size: Size(width: 120, height: 40), keys: "Tab a =sort Enter =pri"),
        Case(name: "headers-120x40", size: Size(width: 120, height: 40), keys: "Down Down Down Tab H r 1 H"),
        Case(name: "help-120x40", size: Size(width: 120, height: 40), keys: "?"),
        Case(name: "issues-120x40", size: Size(width: 120, height: 40), keys: "r i"),
        Case(name: "curl-120x40", size: Size(width: 120, height: 40), keys: "Down Down Down y"),
        Case(name: "near-miss-120x40", size: Size(width: 120, height: 40), keys: "Tab Enter C-u =3 Enter r"),
        Case(name: "search-120x40", size: Size(width: 120, height: 40), keys: "r 2 / =chair"),
        Case(name: "query-prompt-120x40", size: Size(width: 120, height: 40), keys: "r 2 $ =.products[?@.price>100]"),
        Case(name: "copy-menu-120x40", size: Size(width: 120, height: 40), keys: "r 2 j j j Y"),
        Case(name: "query-120x40", size: Size(width: 120, height: 40), keys: "r 2 $ =..maker.name Enter n"),
        Case(
            name: "history-120x40", size: Size(width: 120, height: 40),
            keys: "Down r Tab Enter C-u =404 Enter r L"),
        Case(
            name: "history-diff-120x40", size: Size(width: 120, height: 40),
            keys: "Down r Tab Enter C-u =404 Enter r L Down d"),
        Case(name: "start-80x24", size: Size(width: 80, height: 24), keys: ""),
        Case(name: "parsed-80x24", size: Size(width: 80, height: 24), keys: "r 2 Down Down"),
        Case(name: "mapped-80x24", size: Size(width: 80, height: 24), keys: "r 3"),
        Case(name: "raw-80x24", size: Size(width: 80, height: 24), keys: "r 1"),
        Case(name: "edit-param-80x24", size: Size(width: 80, height: 24), keys: "Tab Enter"),
        Case(name: "help-80x24", size: Size(width: 80, height: 24), keys: "?"),
    ]

    @Test("screen", arguments: cases)
    func screen(_ c: Case) async throws {
        let (buffer, _) = try await ExplorerFixtures.capture(try ExplorerFixtures.demo(), size: c.size, keys: c.keys)
        expectGolden(buffer, named: c.name)
    }

    /// Screens of the accounts session: environments, auth and bodies.
    static let accountsCases: [Case] = [
        Case(name: "accounts-env-picker-120x40", size: Size(width: 120, height: 40), keys: "v Down"),
        Case(name: "accounts-env-staging-120x40", size: Size(width: 120, height: 40), keys: "v Down Enter Down Tab H"),
        Case(name: "accounts-env-origin-120x40", size: Size(width: 120, height: 40), keys: "v Down Enter"),
        Case(
            name: "accounts-add-header-120x40", size: Size(width: 120, height: 40),
            keys: "Tab a =X-Trace Enter =t1 Enter Down"),
    ]

    @Test("accounts screen", arguments: accountsCases)
    func accountsScreen(_ c: Case) async throws {
        let (buffer, _) = try await ExplorerFixtures.capture(
            try ExplorerFixtures.accounts(), size: c.size, keys: c.keys)
        expectGolden(buffer, named: c.name)
    }

    @Test("the question a session naming a program opens with, its escape characters made visible")
    func trustQuestion() async throws {
        let (buffer, _) = try await ExplorerFixtures.capture(
            try ReducerTrustTests.stranger(), size: Size(width: 120, height: 40), keys: "")
        expectGolden(buffer, named: "trust-question-120x40")
    }

    @Test("the terminal shows exactly the rendered frame after diffed draws, resizes included")
    func drawnScreenMatchesRender() async throws {
        let backend = MemoryBackend(width: 120, height: 40)
        let session = try ExplorerFixtures.demo()
        let program = ExplorerProgram(
            state: ExplorerState(session: session, size: Size(width: 120, height: 40)),
            backend: backend, host: ExplorerHost(session: session, fixedDurations: true))
        for keys in ["r", "2 Down Down", "3 Down", "1 w", "Tab Enter =9"] {
            try await ExplorerFixtures.press(program, keys)
            program.draw()
            #expect(backend.screen == ExplorerView.render(program.state))
        }
        backend.resize(to: Size(width: 80, height: 24))
        _ = try program.terminal.nextEvent(timeout: .zero).map { event in
            if case .resize(let size) = event { program.dispatch(.resize(size)) }
        }
        program.draw()
        #expect(backend.screen == ExplorerView.render(program.state))
        #expect(program.state.isNarrow)
    }
}
