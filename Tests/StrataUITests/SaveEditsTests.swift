import Foundation
import Strata
import StrataTestSupport
import StrataUI
import TermGrid
import Testing

/// `Ctrl-S` in the Request pane writes the route's edits into session.json; they last past `q` and a reload.
@Suite("Saving a route's edits")
struct SaveEditsTests {
    func program(in dir: ScratchDirectory) async throws -> ExplorerProgram {
        var session = try Session.load(from: dir.path)
        session.isTrusted = true
        return try await ExplorerFixtures.program(session)
    }

    /// Focuses the Request pane of the first route and selects the param called `name`.
    func select(_ name: String, in program: ExplorerProgram) async throws {
        try await ExplorerFixtures.press(program, "Tab")
        for _ in 0..<10 where program.state.draft?.params[program.state.paramSelection].name != name {
            try await ExplorerFixtures.press(program, "Down")
        }
        #expect(program.state.draft?.params[program.state.paramSelection].name == name)
    }

    @Test("an edited value is written in place, the rest of session.json kept byte for byte, and is no edit after")
    func savesInPlace() async throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let before = try #require(dir.read("session.json"))
        let program = try await program(in: dir)
        try await select("page", in: program)
        try await ExplorerFixtures.press(program, "e BSpace =7 Enter C-s")
        #expect(program.state.notice?.text == "saved 1 edit of listProducts in session.json")
        let after = try #require(dir.read("session.json"))
        #expect(after == before.replacingOccurrences(of: #""page": "1""#, with: #""page": "7""#))
        #expect(program.state.edits["listProducts"]?.isEmpty != false)
        let page = try #require(program.state.draft?.params.first { $0.name == "page" })
        #expect(page.value == "7" && page.origin != .edited)
        try await ExplorerFixtures.press(program, "C-s")
        #expect(program.state.notice?.text.hasPrefix("listProducts has no edits to save") == true)
    }

    @Test("a secret's typed value stays an edit and out of the file, saying why")
    func secretStaysOut() async throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let before = try #require(dir.read("session.json"))
        let program = try await program(in: dir)
        try await select("api_key", in: program)
        try await ExplorerFixtures.press(program, "e C-u =typed-s3cret Enter C-s")
        #expect(dir.read("session.json") == before)
        #expect(
            program.state.notice?.text
                == "nothing saved; kept as edits: api_key: its value is a secret (keep it in an environment variable)")
        #expect(program.state.edits["listProducts"]?.isEmpty == false)
    }
}
