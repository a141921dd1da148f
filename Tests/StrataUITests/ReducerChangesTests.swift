import Foundation
import Strata
import StrataTestSupport
import StrataUI
import TermGrid
import Testing

/// After R or E the Mapped pane marks what the new mapping changed, `]` / `[` go through the changes, and the
/// issue list marks issues new or fixed; the list filters by severity and shows counts by severity.
@Suite("Reducer: changes after a reload, issue groups and the severity filter")
struct ReducerChangesTests {
    /// A program on a scratch copy of the demo that has run listProducts; the copy's directory to edit.
    func ranScratchDemo() async throws -> (ExplorerProgram, ScratchDirectory) {
        let scratch = try ScratchDirectory()
        let demo = ExplorerFixtures.demoPath
        for file in ["session.json", "edited-session.json", "fixtures/products.json", "fixtures/orders.json"] {
            try scratch.write(file, bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: demo + "/" + file))))
        }
        let program = try await ExplorerFixtures.program(try Session.load(from: scratch.path))
        try await ExplorerFixtures.press(program, "r")
        return (program, scratch)
    }

    /// Replaces session.json with the demo's edited copy (releaseDate as string, warranty years mapped) and reloads.
    func edit(_ program: ExplorerProgram, _ scratch: ScratchDirectory) async throws {
        try scratch.write("session.json", try #require(scratch.read("edited-session.json")))
        try await ExplorerFixtures.press(program, "R")
    }

    @Test("a first mapping marks nothing; ] says changes come after R or E")
    func nothingBeforeReload() async throws {
        let (program, scratch) = try await ranScratchDemo()
        defer { scratch.remove() }
        #expect(program.state.response.document?.mapping?.changes == nil)
        try await ExplorerFixtures.press(program, "3 ]")
        #expect(program.state.notice?.text.contains("after R (reload) or E (edit)") == true)
    }

    @Test("after a reload, changed types and new values are marked and the notice sums them up")
    func marksAfterReload() async throws {
        let (program, scratch) = try await ranScratchDemo()
        defer { scratch.remove() }
        try await edit(program, scratch)
        let mapping = try #require(program.state.response.document?.mapping)
        let changes = try #require(mapping.changes)
        let outline = try #require(mapping.outline)
        let marked = changes.stops.map { mapping.path(of: $0) }
        #expect(marked.contains("[0].releaseDate"))
        #expect(marked.contains("[2].releaseDate"))
        #expect(marked.contains("[1].warrantyYears"))
        let years = try #require(changes.stops.first { mapping.path(of: $0) == "[1].warrantyYears" })
        #expect(changes.marks[years] == .added)
        let date = try #require(changes.stops.first { mapping.path(of: $0) == "[0].releaseDate" })
        #expect(changes.marks[date] == .typeChanged(was: "date"))
        let invalid = try #require(changes.stops.first { mapping.path(of: $0) == "[2].releaseDate" })
        #expect(changes.marks[invalid] == .typeChanged(was: "invalid"))
        #expect(outline.count > 0)
        #expect(program.state.notice?.text.contains("changed (] next)") == true)
        #expect(program.state.notice?.text.contains("issue") == true)
    }

    @Test("] and [ go through the changes in order and wrap around")
    func jumpThroughChanges() async throws {
        let (program, scratch) = try await ranScratchDemo()
        defer { scratch.remove() }
        try await edit(program, scratch)
        let stops = try #require(program.state.response.document?.mapping?.changes?.stops)
        try await ExplorerFixtures.press(program, "3 g ]")
        #expect(program.state.mapped.selected == stops[0])
        try await ExplorerFixtures.press(program, "]")
        #expect(program.state.mapped.selected == stops[1])
        try await ExplorerFixtures.press(program, "[ [")
        #expect(program.state.mapped.selected == stops[stops.count - 1])
        #expect(program.state.notice?.text.hasPrefix("change \(stops.count) of \(stops.count): ") == true)
    }

    @Test("the issue list marks the fixed issues (bad date, unmapped warranty years) after the edit")
    func fixedIssues() async throws {
        let (program, scratch) = try await ranScratchDemo()
        defer { scratch.remove() }
        try await edit(program, scratch)
        try await ExplorerFixtures.press(program, "i")
        let rows = program.state.issueRows
        let fixed = rows.filter { $0.status == .fixed }.map(\.group.kind)
        #expect(fixed.contains(.badDate))
        #expect(fixed.contains(.unmappedField))
        let screen = ExplorerFixtures.screen(program)
        #expect(screen.contains("✓ fixed"))
        // Enter on a fixed issue explains instead of jumping.
        let k = try #require(rows.firstIndex { $0.status == .fixed })
        try await ExplorerFixtures.press(program, "g " + String(repeating: "Down ", count: k) + "Enter")
        #expect(program.state.overlay != nil)
        #expect(program.state.notice?.text.contains("fixed") == true)
    }

    @Test("a new issue is marked new in the list")
    func newIssue() async throws {
        let (program, scratch) = try await ranScratchDemo()
        defer { scratch.remove() }
        let text = try #require(scratch.read("session.json"))
        try scratch.write(
            "session.json", text.replacingOccurrences(of: "\"name\": \"string\"", with: "\"name\": \"int\""))
        try await ExplorerFixtures.press(program, "R i")
        // Product.name and Maker.name both became int.
        let new = program.state.issueRows.filter { $0.status == .new }
        #expect(new.map(\.group.kind) == [.typeMismatch, .typeMismatch])
        let product = try #require(new.first { $0.group.property == "Product.name" })
        #expect(product.group.count == 3)
        #expect(product.group.pattern == "$.products[*].name")
        #expect(ExplorerFixtures.screen(program).contains("×3  new"))
    }

    @Test("e, w and a filter the list by severity; the title says what is hidden; counts read 1 error · 3 info")
    func severityFilter() async throws {
        let program = try await ExplorerFixtures.program(try ExplorerFixtures.demo())
        try await ExplorerFixtures.press(program, "r")
        var screen = ExplorerFixtures.screen(program)
        #expect(screen.contains("Mapped Product"))
        #expect(screen.contains("─ 1 error · 3 info ┐"))
        try await ExplorerFixtures.press(program, "i e")
        #expect(program.state.issueFilter == .error)
        #expect(program.state.issueRows.map(\.group.kind) == [.badDate])
        screen = ExplorerFixtures.screen(program)
        #expect(screen.contains("Mapping issues 1 error · 3 info · showing errors"))
        #expect(screen.contains("e errors"))
        try await ExplorerFixtures.press(program, "w")
        #expect(program.state.issueRows.count == 1)
        try await ExplorerFixtures.press(program, "a")
        #expect(program.state.issueRows.count == 4)
    }

    @Test("the edited demo session is reached by screenshot --edit, and the diff screen is golden")
    func diffGolden() async throws {
        let session = try ExplorerFixtures.demo()
        let edited = try Session.load(from: ExplorerFixtures.demoPath + "/edited-session.json")
        let keys = try Key.parse(tmuxKeys: "r 3")
        let then = try Key.parse(tmuxKeys: "] ]")
        let result = try await offPool {
            Unchecked(
                try Screenshot.capture(
                    session: session, size: Size(width: 120, height: 40), keys: keys, edited: edited, then: then))
        }
        expectGolden(result.value.buffer, named: "changes-120x40")
    }
}
