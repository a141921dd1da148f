import Foundation
import Strata
import StrataTestSupport
import StrataUI
import TermGrid
import Testing

@Suite("Reducer: the response panes, synced selection, search, issues and reloading")
struct ReducerResponseTests {
    /// The demo after running listProducts (page 1).
    func ranDemo(width: Int = 120, height: Int = 40) async throws -> ExplorerProgram {
        let program = try await ExplorerFixtures.program(try ExplorerFixtures.demo(), width: width, height: height)
        try await ExplorerFixtures.press(program, "r")
        return program
    }

    @Test("running shows Raw, Parsed and Mapped with the fixture's content")
    func runShowsThreePanes() async throws {
        let program = try await ranDemo()
        let screen = ExplorerFixtures.screen(program)
        #expect(screen.contains("┌ Raw 655 B"))
        #expect(screen.contains("\"products\": ["))
        #expect(screen.contains("▾ products [] 3"))
        #expect(screen.contains("▾ [Product] 3"))
        #expect(screen.contains("releaseDate  2024-03-01"))
        #expect(
            screen.contains("200 OK · application/json · 655 B · 0 ms · fixtures/products.json#1 · 1 error · 3 info"))
    }

    @Test("moving in Parsed selects the mapped value built from the node and scrolls Raw to its bytes")
    func parsedDrivesMappedAndRaw() async throws {
        let program = try await ranDemo()
        // Parsed: root, products, [0], id, name.
        try await ExplorerFixtures.press(program, "2 j j j j")
        let state = program.state
        let tree = try #require(state.response.document?.tree)
        #expect(tree.path(state.parsed.selected).description == "$.products[0].name")
        let outline = try #require(state.mappedOutline)
        #expect(outline.source(of: state.mapped.selected) == state.parsed.selected)
        #expect(outline.result.values[state.mapped.selected].name == "name")
        #expect(ExplorerFixtures.screen(program).contains("$.products[0].name"))
    }

    @Test("moving in Mapped selects its source in Parsed; Enter jumps there and focuses Parsed")
    func mappedDrivesParsed() async throws {
        let program = try await ranDemo()
        try await ExplorerFixtures.press(program, "3 j j j")
        let state = program.state
        let outline = try #require(state.mappedOutline)
        let value = outline.result.values[state.mapped.selected]
        #expect(value.name == "name")
        #expect(state.parsed.selected == value.source)
        try await ExplorerFixtures.press(program, "j j j Enter")
        #expect(program.state.focus == .parsed)
        let tree = try #require(program.state.response.document?.tree)
        #expect(tree.path(program.state.parsed.selected).description == "$.products[0].release_date")
    }

    @Test("fields no property reads are drawn dim in Parsed")
    func unmappedNodesAreDim() async throws {
        let program = try await ranDemo()
        try await ExplorerFixtures.press(program, "2 G")
        let buffer = ExplorerView.render(program.state)
        let layout = program.state.layout
        let parsed = try #require(layout.parsed)
        let row = try #require(
            (parsed.top..<parsed.bottom).first { buffer.line($0).contains("pagination {}") })
        let cells = (parsed.left..<parsed.right).map { buffer[$0, row] }
        #expect(cells.contains { $0.symbol == "p" && $0.style.modifiers.contains(.dim) })
    }

    @Test("/ searches keys and values from the selection; n and N move between matches and wrap")
    func search() async throws {
        let program = try await ranDemo()
        try await ExplorerFixtures.press(program, "2 / =office Enter")
        let tree = try #require(program.state.response.document?.tree)
        #expect(tree.path(program.state.parsed.selected).description == "$.products[0].tags[1]")
        try await ExplorerFixtures.press(program, "n")
        #expect(tree.path(program.state.parsed.selected).description == "$.products[1].tags[0]")
        try await ExplorerFixtures.press(program, "n n")
        #expect(tree.path(program.state.parsed.selected).description == "$.products[0].tags[1]")
        #expect(program.state.notice?.text == "search wrapped to the top")
        try await ExplorerFixtures.press(program, "N")
        #expect(tree.path(program.state.parsed.selected).description == "$.products[2].tags[0]")
        try await ExplorerFixtures.press(program, "/ C-u =NAME Enter")
        #expect(tree.path(program.state.parsed.selected).description.hasSuffix(".name"))
        try await ExplorerFixtures.press(program, "/ C-u =nowhere-to-be-found Enter")
        #expect(program.state.notice?.text == "no match for \"nowhere-to-be-found\"")
    }

    @Test("a long search runs in bounded steps that come back as actions")
    func searchIsStepped() async throws {
        var text = "{\"pad\": \""
        text += String(repeating: "x", count: ExplorerState.searchBudget * 2 + 100)
        text += "\", \"needle\": 1}"
        let tree = try JSONParser().parse(Array(text.utf8))
        var state = try ExplorerFixtures.demoState(showing: tree)
        var effects = try press(&state, "2 / =needle Enter")
        var steps = 1
        while case .continueSearch? = effects.first {
            effects = state.update(.searchStep)
            steps += 1
        }
        #expect(steps == 3)
        #expect(tree.path(state.parsed.selected).description == "$.needle")
    }

    @Test("Left folds and goes to the parent, Right unfolds and goes to the first child")
    func foldKeys() async throws {
        let program = try await ranDemo()
        try await ExplorerFixtures.press(program, "2 j j h")
        let state = program.state
        #expect(!state.parsed.folds.isExpanded(state.parsed.selected))
        #expect(ExplorerFixtures.screen(program).contains("▸ [0] {} 7"))
        try await ExplorerFixtures.press(program, "h")
        let tree = try #require(program.state.response.document?.tree)
        #expect(tree.path(program.state.parsed.selected).description == "$.products")
        try await ExplorerFixtures.press(program, "-")
        #expect(ExplorerFixtures.screen(program).contains("▸ products [] 3"))
        #expect(ExplorerFixtures.screen(program).contains("▸ pagination {} 3"))
        try await ExplorerFixtures.press(program, "l l")
        #expect(tree.path(program.state.parsed.selected).description == "$.products[0]")
        try await ExplorerFixtures.press(program, "+")
        #expect(program.state.parsed.folds == .allExpanded)
    }

    @Test("i lists the mapping issues; Enter selects the issue's value and its source node")
    func issues() async throws {
        let program = try await ranDemo()
        try await ExplorerFixtures.press(program, "i")
        let screen = ExplorerFixtures.screen(program)
        #expect(screen.contains("Mapping issues"))
        #expect(screen.contains("$.products[2].release_date"))
        let mapping = try #require(program.state.response.document?.mapping)
        let badDate = try #require(mapping.issues.firstIndex { $0.path == "$.products[2].release_date" })
        try await ExplorerFixtures.press(program, String(repeating: "Down ", count: badDate) + "Enter")
        #expect(program.state.overlay == nil)
        #expect(program.state.focus == .parsed)
        let tree = try #require(program.state.response.document?.tree)
        #expect(tree.path(program.state.parsed.selected).description == "$.products[2].release_date")
        let outline = try #require(program.state.mappedOutline)
        #expect(outline.result.values[program.state.mapped.selected].name == "releaseDate")
    }

    @Test("Raw: w toggles wrapping, H shows the status line and headers, Left/Right scroll unwrapped lines")
    func rawToggles() async throws {
        let program = try await ranDemo()
        try await ExplorerFixtures.press(program, "1 H")
        var screen = ExplorerFixtures.screen(program)
        #expect(screen.contains("HTTP 200 OK"))
        #expect(screen.contains("X-Total-Count: 5"))
        try await ExplorerFixtures.press(program, "H w")
        #expect(!program.state.raw.wrap)
        screen = ExplorerFixtures.screen(program)
        #expect(screen.contains("│ 3     { \"id\": 1, \"name\": \"Desk Lamp\"…│"))
        try await ExplorerFixtures.press(program, "l l")
        #expect(program.state.raw.column == 16)
        try await ExplorerFixtures.press(program, "h h h")
        #expect(program.state.raw.column == 0)
    }

    @Test("a body that does not parse shows the error in Parsed and the bytes in Raw")
    func parseError() async throws {
        let scratch = try ScratchDirectory(ShopSession.files())
        defer { scratch.remove() }
        try scratch.write(
            "fixtures/products.json",
            #"{ "/products": [ { "response": { "status": 200, "headers": { "Content-Type": "application/json" }, "body": "{\"a\": tru" } } ] }"#
        )
        let program = try await ExplorerFixtures.program(try Session.load(from: scratch.path))
        try await ExplorerFixtures.press(program, "r")
        let screen = ExplorerFixtures.screen(program)
        #expect(screen.contains("The body does not parse as json."))
        #expect(screen.contains("{\"a\": tru"))
        #expect(screen.contains("Nothing to map: the body did not"))
    }

    @Test("R reloads session.json keeping the route, edits and selection, and maps the last response again")
    func reloadKeepsSelectionAndRemaps() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let demo = ExplorerFixtures.demoPath
        for file in [
            "session.json", "fixtures/products.json", "fixtures/orders.json", "fixtures/catalog.json",
            "fixtures/catalog.xml",
        ] {
            try scratch.write(file, bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: demo + "/" + file))))
        }
        let program = try await ExplorerFixtures.program(try Session.load(from: scratch.path))
        try await ExplorerFixtures.press(program, "r 2 j j j j")
        let before = program.state.parsed.selected
        #expect(program.state.response.document?.mapping?.markedCount == 1)
        // Map the release date as a string: the bad date issue goes away.
        let text = try #require(scratch.read("session.json"))
        try scratch.write(
            "session.json",
            text.replacingOccurrences(of: "\"releaseDate\": \"date\"", with: "\"releaseDate\": \"string\""))
        try await ExplorerFixtures.press(program, "R")
        #expect(program.state.parsed.selected == before)
        #expect(program.state.response.document?.mapping?.markedCount == 0)
        #expect(program.state.notice?.text.hasPrefix("reloaded") == true)
        // A broken session is reported with file:line:col and the previous one is kept.
        try scratch.write("session.json", "{ \"name\": \"x\", \"routes\": [ { \"name\": 3 } ] }")
        try await ExplorerFixtures.press(program, "R")
        let (title, lines) = try #require(
            program.state.overlay?.message,
            "expected the diagnostics overlay, got \(String(describing: program.state.overlay))")
        #expect(title.contains("keeping the previous session"))
        #expect(lines.contains { $0.contains("session.json:1:") })
        #expect(program.state.session.routes.count == 4)
    }

    @Test("E asks for the editor on session.json and reloads after it exits; headless it explains instead")
    func editSession() async throws {
        var state = try ExplorerFixtures.demoState()
        let effects = try press(&state, "E")
        let path = try #require(effects.first?.editedFile, "expected an editFile effect")
        #expect(path.hasSuffix("Sessions/demo/session.json"))
        try #require(
            state.update(.editorFinished(problem: nil)).first?.loadedSession != nil,
            "expected a reload after the editor exits")
        #expect(state.update(.editorFinished(problem: "the editor 'false' exited with status 1")).isEmpty)
        #expect(state.notice?.kind == .error)
        let program = try await ExplorerFixtures.program(try ExplorerFixtures.demo())
        try await ExplorerFixtures.press(program, "E")
        #expect(program.state.notice?.text.contains("headless") == true)
    }

    @Test("clicking bytes in Raw selects the node they belong to")
    func clickInRaw() async throws {
        let program = try await ranDemo()
        let buffer = ExplorerView.render(program.state)
        let raw = try #require(program.state.layout.raw)
        let y = try #require((raw.top..<raw.bottom).first { buffer.line($0).contains("\"Desk Lamp\"") })
        let characters = Array(buffer.line(y))
        let x = try #require(
            (raw.left..<raw.right).first { x in
                x + 4 <= characters.count && String(characters[x..<(x + 4)]) == "Desk"
            })
        program.dispatch(.mouse(MouseEvent(.press(.left), x: x, y: y)))
        let tree = try #require(program.state.response.document?.tree)
        #expect(program.state.focus == .raw)
        #expect(tree.path(program.state.parsed.selected).description == "$.products[0].name")
    }

    @Test("clicking a parsed row selects it; clicking its marker folds it")
    func mouseInParsed() async throws {
        let program = try await ranDemo()
        let parsed = try #require(program.state.layout.parsed)
        program.dispatch(.mouse(MouseEvent(.press(.left), x: parsed.x + 5, y: parsed.y + 2)))
        #expect(program.state.focus == .parsed)
        let tree = try #require(program.state.response.document?.tree)
        #expect(tree.path(program.state.parsed.selected).description == "$.products")
        program.dispatch(.mouse(MouseEvent(.press(.left), x: parsed.x + 1 + 2, y: parsed.y + 2)))
        #expect(!program.state.parsed.folds.isExpanded(program.state.parsed.selected))
        program.dispatch(.mouse(MouseEvent(.wheelDown, x: parsed.x + 5, y: parsed.y + 3)))
        #expect(program.state.parsed.top == 0)
    }
}
