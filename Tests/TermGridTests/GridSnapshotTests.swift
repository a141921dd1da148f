import Foundation
import StrataTestSupport
import Testing

@testable import TermGrid

@Suite struct GridSnapshotTests {
    @Test("rows are framed so trailing blanks show")
    func framing() {
        let buffer = Buffer(lines: ["ab", "c"])
        #expect(GridSnapshot.framed(buffer) == "|ab|\n|c |")
        #expect(GridSnapshot.snapshot(buffer) == "|ab|\n|c |\nstyles:\n|..|\n|..|\n")
    }

    @Test("the line diff marks missing and extra rows")
    func lineDiff() {
        #expect(GridSnapshot.lineDiff(expected: "a\nb\nc", actual: "a\nb\nc") == nil)
        #expect(GridSnapshot.lineDiff(expected: "a\nb\nc", actual: "a\nX\nc") == "  a\n+ X\n- b\n  c")
    }

    @Test("indented literals are normalised before comparing")
    func normalising() {
        #expect(GridSnapshot.normalized("\n    |ab|\n    |cd|\n") == "|ab|\n|cd|")
    }
}

@Suite struct GoldenFileTests {
    let buffer = Buffer(lines: ["┌ Routes ┐", "│ GET /a │"])

    func scratchTestFile() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("gridsnapshot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("ScratchTests.swift")
    }

    @Test("a missing golden file fails and recording writes it but still fails; then it passes")
    func recordingFlow() throws {
        let testFile = try scratchTestFile()
        defer { try? FileManager.default.removeItem(at: testFile.deletingLastPathComponent()) }
        withKnownIssue { expectSnapshot(buffer, named: "routes", record: false, filePath: testFile.path) }
        withKnownIssue { expectSnapshot(buffer, named: "routes", record: true, filePath: testFile.path) }
        let golden = testFile.deletingLastPathComponent()
            .appendingPathComponent("__Snapshots__/ScratchTests/routes.txt")
        #expect(try String(contentsOf: golden, encoding: .utf8) == GridSnapshot.snapshot(buffer))
        expectSnapshot(buffer, named: "routes", record: false, filePath: testFile.path)
        var changed = buffer
        changed.setString("POST", x: 2, y: 1)
        withKnownIssue { expectSnapshot(changed, named: "routes", record: false, filePath: testFile.path) }
    }

    @Test("a wrong inline grid or style mask fails")
    func inlineMismatch() {
        withKnownIssue { expectGrid(buffer, "|┌ Routes ┐|\n|│ GET /b │|") }
        withKnownIssue { expectGrid(buffer, "|┌ Routes ┐|\n|│ GET /a │|", styles: "bbbbbbbbbb\n..........") }
        expectGrid(buffer, "|┌ Routes ┐|\n|│ GET /a │|", styles: "..........\n..........")
    }
}
