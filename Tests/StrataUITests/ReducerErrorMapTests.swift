import Foundation
import Strata
import StrataTestSupport
import StrataUI
import TermGrid
import Testing

/// Issue 32 in the explorer: an error status maps with the route's errorMap or not at all (the Mapped pane says
/// why), and the issue list and status line show the mapping configuration's problems that concern the route.
@Suite("Reducer: errorMap and the mapping configuration's problems")
struct ReducerErrorMapTests {
    static let notMapped404 = "not mapped: 404 is an error status and the route has no errorMap"

    /// A program on a scratch copy of `ErrorMapSession` (session.json as `sessionJSON`) that has run route
    /// number `row` (from 0: item, gone, missing, posts); the copy's directory.
    func ran(row: Int, sessionJSON: String = ErrorMapSession.sessionJSON) async throws -> (
        ExplorerProgram, ScratchDirectory
    ) {
        let scratch = try ScratchDirectory(ErrorMapSession.files().merging(["session.json": sessionJSON]) { $1 })
        let program = try await ExplorerFixtures.program(try Session.load(from: scratch.path))
        try await ExplorerFixtures.press(program, String(repeating: "Down ", count: row) + "r")
        return (program, scratch)
    }

    @Test("a 404 on a route without errorMap is parsed, not mapped: the Mapped pane says why and how to map it")
    func notMappedPane() async throws {
        let (program, scratch) = try await ran(row: 1)
        defer { scratch.remove() }
        let document = try #require(program.state.response.document)
        #expect(document.tree != nil)
        #expect(document.mapping?.notMapped == Self.notMapped404)
        #expect(document.mapping?.result == nil)
        let screen = ExplorerFixtures.screen(program).replacingOccurrences(of: "│", with: " ")
        let words = screen.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("not mapped: 404 is an error status and the route has no errorMap"))
        #expect(words.contains(#"Add "errorMap": "ClassName" to the route in session.json"#))
        #expect(screen.contains("▾ {} 2"))
    }

    @Test("a 404 on a route with errorMap is mapped with its class")
    func errorMapPane() async throws {
        let (program, scratch) = try await ran(row: 2)
        defer { scratch.remove() }
        #expect(program.state.response.document?.mapping?.routeMapping?.className == "Problem")
        let screen = ExplorerFixtures.screen(program)
        #expect(screen.contains("Mapped Problem"))
        #expect(screen.contains("title   \"Not here\""))
    }

    @Test("i lists the configuration problems of the route's classes first, in check's words; the title counts them")
    func configurationProblemsListed() async throws {
        let (program, scratch) = try await ran(row: 0)
        defer { scratch.remove() }
        let file = scratch.path + "/session.json"
        #expect(ExplorerFixtures.screen(program).contains("2 errors · 3 configuration problems"))
        try await ExplorerFixtures.press(program, "i")
        let state = program.state
        #expect(state.issueTitle == "Mapping issues 2 errors · 3 configuration problems")
        let lines = state.configurationLines.map(\.plainText)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("\(file):13:43: bad date pattern for Item.when: "))
        #expect(lines[1] == #"\#(file):14:27: field "$" of Item.whole is not a key path; write a key or a.b.0.c"#)
        #expect(lines[2].hasPrefix(#"\#(file):15:25: unknown type "strin" for Item.kind; did you mean string?"#))
        #expect(lines == SessionCheck.run(path: scratch.path).diagnostics.map(\.description))
        let screen = ExplorerFixtures.screen(program)
        #expect(screen.contains("bad date pattern for Item.when"))
        #expect(screen.contains("$.when"))
        // The first row is still the first issue: Enter goes to it.
        try await ExplorerFixtures.press(program, "Enter")
        let tree = try #require(program.state.response.document?.tree)
        #expect(tree.path(program.state.parsed.selected).description == "$.when")
    }

    @Test("i on an error response that was not mapped lists the route's configuration problems and why")
    func notMappedWithProblems() async throws {
        let (program, scratch) = try await ran(row: 1)
        defer { scratch.remove() }
        try await ExplorerFixtures.press(program, "i")
        #expect(program.state.configurationLines.count == 4)
        #expect(program.state.configurationLines.last?.plainText == Self.notMapped404)
    }

    @Test("i on an error response that was not mapped, with nothing to list, says why in the notice")
    func notMappedNotice() async throws {
        let clean = ErrorMapSession.sessionJSON
            .replacingOccurrences(of: "dd.MM.yyyy at HH:mm", with: "dd.MM.yyyy 'at' HH:mm")
            .replacingOccurrences(of: #""field": "$", "#, with: "")
            .replacingOccurrences(of: "strin", with: "string")
        let (program, scratch) = try await ran(row: 1, sessionJSON: clean)
        defer { scratch.remove() }
        try await ExplorerFixtures.press(program, "i")
        #expect(program.state.overlay == nil)
        #expect(program.state.notice?.text == Self.notMapped404)
    }
}
