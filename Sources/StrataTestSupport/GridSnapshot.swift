import Foundation
import Strata
import TermGrid
import Testing

/// Golden-text checks for screens: rows wrapped in `|...|` so trailing blanks show, styles as a letter mask.
///
/// Inline: `expectGrid(buffer, """ |┌ Routes ┐| ... """, styles: "...")`. From a file:
/// `expectSnapshot(buffer, named: "routes-pane")` compares with `__Snapshots__/<TestFile>/routes-pane.txt` beside
/// the test. Set `RECORD_SNAPSHOTS=1` to (re)write golden files: the recording run fails on purpose, so a
/// baseline is only accepted after someone reads it and reruns.
public enum GridSnapshot {
    /// Whether `RECORD_SNAPSHOTS=1` is set: golden files are rewritten and the checks fail.
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" }

    /// The buffer's rows, each wrapped in `|...|`, joined by newlines.
    public static func framed(_ buffer: Buffer) -> String {
        buffer.lines().map { "|\($0)|" }.joined(separator: "\n")
    }

    /// The style mask rows (see ``Buffer/styleMask(_:)``), each wrapped in `|...|`.
    public static func framedStyles(_ buffer: Buffer, legend: (Style) -> Character = Buffer.styleLetter) -> String {
        buffer.styleMask(legend).split(separator: "\n", omittingEmptySubsequences: false).map { "|\($0)|" }
            .joined(separator: "\n")
    }

    /// The snapshot file text: the framed rows, and when `includeStyles`, a `styles:` line and the framed mask.
    public static func snapshot(_ buffer: Buffer, includeStyles: Bool = true) -> String {
        var text = framed(buffer) + "\n"
        if includeStyles { text += "styles:\n" + framedStyles(buffer) + "\n" }
        return text
    }

    /// `expected` with surrounding blank lines and each line's indentation before the first `|` removed.
    public static func normalized(_ expected: String) -> String {
        expected.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line -> Substring in
                let trimmed = line.drop(while: { $0 == " " })
                return trimmed.first == "|" ? trimmed : line
            }
            .drop(while: { $0.allSatisfy { $0 == " " } })
            .reversed().drop(while: { $0.allSatisfy { $0 == " " } }).reversed()
            .joined(separator: "\n")
    }

    /// A line diff of `expected` against `actual` (`-` expected only, `+` actual only, two spaces: both), or nil
    /// when they are equal.
    public static func lineDiff(expected: String, actual: String) -> String? {
        guard expected != actual else { return nil }
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
        // Longest common subsequence table, from the end.
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var out: [String] = []
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            if i < a.count && j < b.count && a[i] == b[j] {
                out.append("  " + a[i])
                i += 1
                j += 1
            } else if j < b.count && (i == a.count || table[i][j + 1] >= table[i + 1][j]) {
                out.append("+ " + b[j])
                j += 1
            } else {
                out.append("- " + a[i])
                i += 1
            }
        }
        return out.joined(separator: "\n")
    }
}

/// Checks that `buffer` shows exactly the `|...|` rows of `expected` and, when given, the style mask `styles`
/// (rows with or without `|...|`). Prints a line diff on mismatch.
public func expectGrid(
    _ buffer: Buffer, _ expected: String, styles: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    let want = GridSnapshot.normalized(expected)
    let got = GridSnapshot.framed(buffer)
    if let diff = GridSnapshot.lineDiff(expected: want, actual: got) {
        Issue.record("screen differs (- expected, + actual):\n\(diff)", sourceLocation: sourceLocation)
    }
    if let styles {
        var wantStyles = GridSnapshot.normalized(styles)
        if !wantStyles.hasPrefix("|") {
            wantStyles = wantStyles.split(separator: "\n").map { "|\($0.drop(while: { $0 == " " }))|" }
                .joined(separator: "\n")
        }
        let gotStyles = GridSnapshot.framedStyles(buffer)
        if let diff = GridSnapshot.lineDiff(expected: wantStyles, actual: gotStyles) {
            Issue.record(
                "styles differ (- expected, + actual):\n\(diff)\nscreen:\n\(got)", sourceLocation: sourceLocation)
        }
    }
}

/// Checks `buffer` against the golden file `__Snapshots__/<test file name>/<name>.txt` next to the test file.
///
/// With `RECORD_SNAPSHOTS=1` in the environment the file is (re)written and the test fails, saying so; without a
/// golden file the test fails and says how to record one.
public func expectSnapshot(
    _ buffer: Buffer, named name: String, includeStyles: Bool = true, record: Bool = GridSnapshot.isRecording,
    filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    let testFile = URL(fileURLWithPath: filePath)
    let directory = testFile.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
    expectSnapshot(
        buffer, file: directory.appendingPathComponent(name + ".txt"), includeStyles: includeStyles, record: record,
        sourceLocation: sourceLocation)
}

/// Checks `buffer` against the golden `file` (its `|...|` rows, then its style mask); `record` rewrites the file
/// and fails, so a golden is only accepted after someone has read it.
public func expectSnapshot(
    _ buffer: Buffer, file: URL, includeStyles: Bool = true, record: Bool = GridSnapshot.isRecording,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let actual = GridSnapshot.snapshot(buffer, includeStyles: includeStyles)
    if record {
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try AtomicFile.write(actual, to: file.path)
            Issue.record(
                "recorded snapshot \(file.path); read it, then rerun without RECORD_SNAPSHOTS to accept it",
                sourceLocation: sourceLocation)
        } catch {
            Issue.record("cannot write snapshot \(file.path): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
        Issue.record(
            "no snapshot at \(file.path); run with RECORD_SNAPSHOTS=1 to record it, then review it:\n\(actual)",
            sourceLocation: sourceLocation)
        return
    }
    if let diff = GridSnapshot.lineDiff(expected: expected, actual: actual) {
        Issue.record(
            "screen differs from \(file.lastPathComponent) (- expected, + actual):\n\(diff)",
            sourceLocation: sourceLocation)
    }
}
