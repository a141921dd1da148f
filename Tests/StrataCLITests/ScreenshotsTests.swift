import Foundation
import StrataTestSupport
import Testing

/// The committed screenshots in Screenshots/ match what the current code renders, so they never go stale.
///
/// Regenerate them with `scripts/screenshots` after changing the UI or the example sessions.
@Suite struct ScreenshotsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    struct Shot: CustomStringConvertible, Sendable {
        var name: String
        var session: String
        var size: String
        var keys: String
        /// An edited session.json to reload with after `keys`, and keys to press then ("" when none).
        var edit = ""
        var then = ""
        /// A file of requests that arrive while the explorer serves ("" when none).
        var traffic = ""

        var description: String { name }
    }

    static let shots: [Shot] = {
        let manifest = root.appendingPathComponent("Screenshots/screenshots.tsv")
        guard let text = try? String(contentsOf: manifest, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count >= 4 else { return nil }
            var shot = Shot(name: f[0], session: f[1], size: f[2], keys: f[3])
            if f.count >= 6, f[5] != "-" { shot.edit = f[5] }
            if f.count >= 7, f[6] != "-" { shot.then = f[6] }
            if f.count >= 8, f[7] != "-" { shot.traffic = f[7] }
            return shot
        }
    }()

    @Test("the manifest lists the screenshots the README promises")
    func manifestIsComplete() {
        let names = Set(Self.shots.map(\.name))
        for required in [
            "routes", "explore", "edit-param", "issues", "near-miss", "jsonapi", "xml", "help", "narrow",
            "diff-after-edit", "traffic", "checks", "code", "bookshelf", "dynamic-mock",
        ] {
            #expect(names.contains(required), "Screenshots/screenshots.tsv has no '\(required)'")
        }
    }

    @Test("each committed screenshot is what the code renders now", arguments: shots)
    func screenshotIsCurrent(_ shot: Shot) throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strata-shot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent(shot.name).path
        var args = ["screenshot", shot.session, "--size", shot.size, "--out", out]
        if shot.keys != "-" { args += ["--keys", shot.keys] }
        if !shot.edit.isEmpty { args += ["--edit", shot.edit] }
        if !shot.then.isEmpty { args += ["--then", shot.then] }
        if !shot.traffic.isEmpty { args += ["--traffic", shot.traffic] }
        let run = try StrataBinary.run(args, in: Self.root)
        try #require(run.status == 0, "strata screenshot failed: \(run.stderr)")
        let rendered = try String(contentsOfFile: out + ".txt", encoding: .utf8)
        let committedURL = Self.root.appendingPathComponent("Screenshots/\(shot.name).txt")
        let committed = try String(contentsOf: committedURL, encoding: .utf8)
        #expect(
            rendered == committed,
            "Screenshots/\(shot.name).txt is stale: run scripts/screenshots and commit the result")
        #expect(
            FileManager.default.fileExists(
                atPath: Self.root.appendingPathComponent("Screenshots/\(shot.name).svg").path))
    }
}
