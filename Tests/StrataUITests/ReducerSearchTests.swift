import Foundation
import Strata
import StrataUI
import TermGrid
import Testing

@Suite("Reducer: one search in every pane that shows text (Raw bytes, Parsed, Mapped values)")
struct ReducerSearchTests {
    func ranDemo() async throws -> ExplorerProgram {
        let program = try await ExplorerFixtures.program(try ExplorerFixtures.demo())
        try await ExplorerFixtures.press(program, "r")
        return program
    }

    /// The text of the body bytes the search matched.
    func matched(_ state: ExplorerState) -> String? {
        guard let match = state.search?.match, let body = state.response.document?.body else { return nil }
        return String(decoding: body[match], as: UTF8.self)
    }

    /// `/ Sitwell Enter` was a search in Raw that found the word: `S` would serve, `i` open the issues, `w` unwrap,
    /// `e`... none of them ran.
    func expectSitwellFoundInRaw(_ state: ExplorerState, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!state.traffic.isServing && !state.traffic.isStarting, sourceLocation: sourceLocation)
        #expect(state.overlay == nil, sourceLocation: sourceLocation)
        #expect(state.raw.wrap, sourceLocation: sourceLocation)
        #expect(state.focus == .raw, sourceLocation: sourceLocation)
        #expect(matched(state) == "Sitwell", sourceLocation: sourceLocation)
    }

    @Test("/ in Raw searches the raw bytes: the word typed is the search, never commands (issue 31)")
    func rawSearchTakesTheWord() async throws {
        let program = try await ranDemo()
        try await ExplorerFixtures.press(program, "1 / =Sitwell Enter")
        let state = program.state
        expectSitwellFoundInRaw(state)
        let screen = ExplorerFixtures.screen(program)
        #expect(screen.contains("/Sitwell"))
        // The match is highlighted where Raw shows it.
        let buffer = ExplorerView.render(state)
        let raw = try #require(state.layout.raw)
        let row = try #require((raw.top..<raw.bottom).first { buffer.line($0).contains("\"Sitwell\"") })
        #expect((raw.left..<raw.right).contains { buffer[$0, row].style == Theme.searchMatch })
        // The only match: n wraps round to it.
        try await ExplorerFixtures.press(program, "n")
        #expect(matched(program.state) == "Sitwell")
        #expect(program.state.notice?.text == "search wrapped to the top")
    }

    @Test("a search written /…/ is a regular expression (I-Regexp), in Raw and Parsed alike")
    func regex() async throws {
        let program = try await ranDemo()
        try await ExplorerFixtures.press(program, "1 / =/S[a-z]+l/ Enter")
        #expect(matched(program.state) == "Sitwell")
        try await ExplorerFixtures.press(program, "/ C-u =/\"price\": Space =[0-9]+\\.99/ Enter")
        #expect(matched(program.state) == "\"price\": 499.99")
        try await ExplorerFixtures.press(program, "2 / C-u =/Ch[a-z]+r/ Enter")
        let tree = try #require(program.state.response.document?.tree)
        #expect(tree.path(program.state.parsed.selected).description == "$.products[1].name")
        #expect(program.state.focus == .parsed)
        try await ExplorerFixtures.press(program, "/ C-u =/a(b/ Enter")
        #expect(program.state.notice?.kind == .error)
        #expect(program.state.notice?.text.hasPrefix("not a regular expression: regex:") == true)
    }

    @Test("Raw searches a body that does not parse")
    func rawSearchWithoutTree() throws {
        var state = try ExplorerFixtures.demoState()
        let request = try #require(state.draft?.request)
        let body = Array("{\"a\": 1,\n oops \"needle\"".utf8)
        let response = Response(
            status: 200, headers: [:], body: body, duration: .zero, origin: .live(url: "", redirects: []))
        let document = ResponseDocument(
            request: request, response: response, outcome: ParseOutcome(parser: "json", tree: nil, error: nil),
            lines: LineIndex(body))
        state.run = RunState(id: 1, routeName: "listProducts", summary: "GET /products", source: .mock)
        _ = state.update(.responseParsed(id: 1, document: document))
        try press(&state, "1 / =needle Enter")
        #expect(matched(state) == "needle")
        try press(&state, "2 / C-u =needle Enter")
        #expect(state.notice?.text == "nothing to search in Parsed: the body did not parse (1 shows Raw)")
    }

    @Test("/ in Mapped searches the mapped names and values and selects the value")
    func mappedSearch() async throws {
        let program = try await ranDemo()
        try await ExplorerFixtures.press(program, "3 / =sitwell Enter")
        let state = program.state
        #expect(state.focus == .mapped)
        #expect(state.overlay == nil && !state.traffic.isServing)
        let document = try #require(state.response.document?.mapping)
        #expect(document.path(of: state.mapped.selected) == "[1].maker.name")
        #expect(ExplorerFixtures.screen(program).contains("/sitwell"))
        try await ExplorerFixtures.press(program, "/ C-u =/^Ergo/ Enter")
        #expect(document.path(of: program.state.mapped.selected) == "[1].name")
        try await ExplorerFixtures.press(program, "/ C-u =nowhere Enter")
        #expect(program.state.notice?.text == "no match for \"nowhere\"")
    }

    @Test("N goes back, wrapping to the bottom, for text and regular expressions, in Raw and Mapped")
    func backward() async throws {
        let program = try await ranDemo()
        let body = try #require(program.state.response.document?.body)
        func line(_ state: ExplorerState) -> Int? {
            state.search?.match.map { match in body[..<match.lowerBound].filter { $0 == 0x0A }.count + 1 }
        }
        try await ExplorerFixtures.press(program, "1 / =office Enter")
        #expect(line(program.state) == 4)
        try await ExplorerFixtures.press(program, "N")
        #expect(line(program.state) == 8)
        #expect(program.state.notice?.text == "search wrapped to the bottom")
        try await ExplorerFixtures.press(program, "N")
        #expect(line(program.state) == 6)
        try await ExplorerFixtures.press(program, "/ C-u =/\"[a-z]+_date\"/ Enter")
        #expect(line(program.state) == 3)
        try await ExplorerFixtures.press(program, "N")
        #expect(matched(program.state) == "\"release_date\"")
        #expect(line(program.state) == 7)
        try await ExplorerFixtures.press(program, "3 g / C-u =office Enter")
        let document = try #require(program.state.response.document?.mapping)
        #expect(document.path(of: program.state.mapped.selected) == "[0].tags[1]")
        try await ExplorerFixtures.press(program, "N")
        #expect(document.path(of: program.state.mapped.selected) == "[2].tags[0]")
        #expect(program.state.notice?.text == "search wrapped to the bottom")
    }

    @Test("a regular-expression search runs in bounded steps too, and finds a match across a step's end")
    func regexIsStepped() throws {
        var text = "{\"pad\": \""
        // The search starts at byte 1; "needle" starts on the last byte the second step starts matches at.
        text += String(repeating: "x", count: ExplorerState.regexSearchBudget * 2 - 13)
        text += "\", \"needle\": 1}"
        let tree = try JSONParser().parse(Array(text.utf8))
        var state = try ExplorerFixtures.demoState(showing: tree)
        var effects = try press(&state, "2 / =/ne+dle/ Enter")
        var steps = 1
        while case .continueSearch? = effects.first {
            effects = state.update(.searchStep)
            steps += 1
        }
        #expect(steps == 2)
        #expect(tree.path(state.parsed.selected).description == "$.needle")
    }

    @Test("/ in the Request pane searches the response pane focused last: the word typed never runs as commands")
    func slashInRequestSearchesTheResponse() async throws {
        let program = try await ranDemo()
        // Raw was focused last, then the Request pane took the focus.
        try await ExplorerFixtures.press(program, "1 BTab")
        #expect(program.state.focus == .request)
        try await ExplorerFixtures.press(program, "/ =Sitwell Enter")
        expectSitwellFoundInRaw(program.state)
        // Tab passes Parsed and Mapped on its way to the Request pane: the search goes to Mapped, focused last.
        try await ExplorerFixtures.press(program, "Tab Tab Tab Tab / C-u =Upright Enter")
        #expect(program.state.focus == .mapped)
        #expect(program.state.search?.matchedValue != nil)
        // From the Traffic request pane as well.
        try await ExplorerFixtures.press(program, "T 1 BTab")
        #expect(program.state.focus == .trafficRequest)
        try await ExplorerFixtures.press(program, "/ C-u =Lumen Enter")
        #expect(program.state.focus == .raw)
        #expect(matched(program.state) == "Lumen")
    }

    @Test("/ before any response opens the search too, and says there is nothing to search yet")
    func slashBeforeAResponse() throws {
        var state = try ExplorerFixtures.demoState()
        let effects = try press(&state, "Tab / =Sitwell Enter")
        #expect(effects.isEmpty)
        #expect(!state.traffic.isStarting)
        #expect(state.notice?.text == "nothing to search: run a request first (r)")
    }

    @Test("a key with no meaning in the pane is swallowed with a hint")
    func unboundKeysHint() throws {
        var state = try ExplorerFixtures.demoState()
        try press(&state, "Tab x")
        #expect(state.focus == .request)
        #expect(state.notice?.text == "x does nothing in Request (? lists the keys)")
    }
}
