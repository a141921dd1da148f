import Foundation
import Strata
import StrataTestSupport
import StrataUI
import TermGrid
import Testing

/// The JSONPath query prompt in the Parsed pane: `$` opens it, matches are highlighted, counted and stepped
/// through with n / N, Esc clears it, a new query cancels a run still going.
@Suite("Reducer: JSONPath queries in the Parsed pane")
struct ReducerQueryTests {
    func ranDemo() async throws -> ExplorerProgram {
        let program = try await ExplorerFixtures.program(try ExplorerFixtures.demo())
        try await ExplorerFixtures.press(program, "r")
        return program
    }

    @Test("$ opens a prompt holding $; Enter runs the query and selects the first match")
    func runsAndSelects() async throws {
        let program = try await ranDemo()
        try await ExplorerFixtures.press(program, "2 $")
        #expect(program.state.editor?.purpose == .query)
        #expect(program.state.editor?.field.text == "$")
        try await ExplorerFixtures.press(program, "=..price Enter")
        let tree = try #require(program.state.response.document?.tree)
        let query = try #require(program.state.query)
        #expect(!query.isRunning)
        #expect(query.matches.count == 3)
        #expect(query.status == "1/3")
        #expect(tree.path(program.state.parsed.selected).description == "$.products[0].price")
        #expect(ExplorerFixtures.screen(program).contains("─ 1/3 $..pri"))
    }

    @Test("a query too long for the pane's title is left out whole (never cut); the title gives up its details first")
    func longQueryIsNotCut() async throws {
        let program = try await ranDemo()
        try await ExplorerFixtures.press(program, "2 $ =..price Enter")
        // Short enough once the title drops "json · N nodes".
        #expect(ExplorerFixtures.screen(program).contains("┌ Parsed ─"))
        #expect(ExplorerFixtures.screen(program).contains("1/3 $..price"))
        try await ExplorerFixtures.press(program, "$ C-u =$.products[?@.in_stock==true].maker.name Enter")
        let screen = ExplorerFixtures.screen(program)
        let title = try #require(screen.split(separator: "\n").first { $0.contains("┌ Parsed") })
        #expect(!title.contains("$.products"), "\(title)")
        #expect(!title.contains("…"))
        #expect(title.contains(program.state.query?.status ?? "?"))
    }

    @Test("n and N step through the matches and wrap; Esc clears the query")
    func stepsAndClears() async throws {
        let program = try await ranDemo()
        try await ExplorerFixtures.press(program, "2 $ =.products[?@.in_stock==true].name Enter")
        let tree = try #require(program.state.response.document?.tree)
        #expect(program.state.query?.matches.count == 1)
        try await ExplorerFixtures.press(program, "$ C-u =$.products[*].name Enter")
        #expect(tree.path(program.state.parsed.selected).description == "$.products[0].name")
        try await ExplorerFixtures.press(program, "n n")
        #expect(tree.path(program.state.parsed.selected).description == "$.products[2].name")
        #expect(program.state.query?.status == "3/3")
        try await ExplorerFixtures.press(program, "n")
        #expect(tree.path(program.state.parsed.selected).description == "$.products[0].name")
        #expect(program.state.notice?.text == "query wrapped to the top")
        try await ExplorerFixtures.press(program, "N")
        #expect(tree.path(program.state.parsed.selected).description == "$.products[2].name")
        try await ExplorerFixtures.press(program, "Escape")
        #expect(program.state.query == nil)
    }

    @Test("an invalid query keeps the prompt open at the error's column and says query:1:COL")
    func invalidQuery() throws {
        let tree = try JSONParser().parse(Array(#"{"a":[1,2]}"#.utf8))
        var state = try ExplorerFixtures.demoState(showing: tree)
        let effects = try press(&state, "2 $ =.a[?@>] Enter")
        #expect(effects.isEmpty)
        #expect(state.editor?.purpose == .query)
        #expect(state.editor?.field.text == "$.a[?@>]")
        #expect(state.editor?.field.cursor == 7)
        #expect(state.notice?.text == "query:1:8: expected a value, a query or a function, found ']'")
    }

    @Test("the query runs as an effect; a new query cancels the run still going and a stale result is ignored")
    func runsOffTheLoopAndCancels() throws {
        let tree = try JSONParser().parse(Array(#"{"a":[1,2],"b":3}"#.utf8))
        var state = try ExplorerFixtures.demoState(showing: tree)
        let first = try press(&state, "2 $ =.a[*] Enter")
        #expect(first == [.runQuery(id: 1, query: try JSONPathQuery("$.a[*]"), tree: tree)])
        #expect(state.query?.isRunning == true)
        let second = try press(&state, "$ C-u =$.b Enter")
        #expect(second == [.cancelQuery(id: 1), .runQuery(id: 2, query: try JSONPathQuery("$.b"), tree: tree)])
        _ = state.update(.queryFinished(id: 1, nodes: [2, 3]))
        #expect(state.query?.isRunning == true)
        _ = state.update(.queryFinished(id: 2, nodes: [4]))
        #expect(state.query?.matches == [4])
        #expect(state.parsed.selected == 4)
        #expect(try press(&state, "Escape").isEmpty)
        #expect(state.query == nil)
    }

    @Test("a backtracking pattern over a long string (issue 35) finishes off the loop with its answer")
    func backtrackingPatternFinishes() async throws {
        let long = String(repeating: "a", count: 5_001)
        let tree = try JSONParser().parse(Array(#"{"s":["\#(long)","\#(long)b"]}"#.utf8))
        let state = try ExplorerFixtures.demoState(showing: tree)
        let program = ExplorerProgram(
            state: state, backend: MemoryBackend(width: 120, height: 40),
            host: ExplorerHost(session: state.session, fixedDurations: true))
        let (first, second) = (try #require(tree.node(at: "$.s[0]")), try #require(tree.node(at: "$.s[1]")))
        try await ExplorerFixtures.press(program, "2 $ C-u =$.s[?search(@,'(a*)*b')] Enter")
        #expect(program.state.query?.isRunning == false)
        #expect(program.state.query?.matches == [second])
        try await ExplorerFixtures.press(program, "$ C-u =$.s[?match(@,'(a|a)*')] Enter")
        #expect(program.state.query?.matches == [first])
    }

    @Test("the query stays and runs again on the next response")
    func rerunsOnNewResponse() async throws {
        let program = try await ranDemo()
        try await ExplorerFixtures.press(program, "2 $ =..name Enter")
        #expect(program.state.query?.matches.count == 6)
        try await ExplorerFixtures.press(program, "r")
        #expect(program.state.query?.query.text == "$..name")
        #expect(program.state.query?.isRunning == false)
        #expect(program.state.query?.matches.count == 6)
    }
}
