import Foundation
import Strata
import StrataUI
import TermGrid

/// `strata screenshot SESSION [--size 120x40] [--keys KEYS] --out PATH`: Render the explorer headless to PATH.txt
/// and PATH.svg.
enum ScreenshotCommand {
    static let usage =
        "strata screenshot SESSION [--size 120x40] [--keys KEYS] [--edit SESSION_JSON [--then KEYS]] [--env NAME] --out PATH"
    static let summary = "Render the explorer headless to PATH.txt and PATH.svg."
    static let arguments = [
        PositionalSpec(name: "SESSION", help: "a session folder (default: the bundled demo)")
    ]
    static let options = [
        OptionSpec("--size", value: "COLSxROWS", help: "the terminal size (default 120x40, at most 1000x1000)"),
        OptionSpec("--keys", value: "KEYS", help: "keys to press first, tmux style: 'r Tab Down C-u Enter'"),
        OptionSpec(
            "--edit", value: "SESSION_JSON",
            help: "after --keys, reload with this session file as if session.json had been edited (changes marked)"),
        OptionSpec("--then", value: "KEYS", help: "keys to press after --edit"),
        OptionSpec("--out", "-o", value: "PATH", help: "where to write PATH.txt and PATH.svg (required)"),
        environmentOption,
    ]

    static func run(_ args: inout Arguments) throws -> Int32 {
        let sizeText = try args.option("--size") ?? "120x40"
        let keysText = try args.option("--keys") ?? ""
        guard let out = try args.option("--out") else { throw UsageError("--out PATH is required") }
        let positionals = try args.positionals(max: 1)
        guard let size = parseSize(sizeText) else {
            throw UsageError("--size must be COLUMNSxROWS such as 120x40 or 80x24, not '\(sizeText)'")
        }
        let keys: [Key]
        do {
            keys = try Key.parse(tmuxKeys: keysText)
        } catch {
            throw UsageError("--keys: \(error.description)")
        }
        let session = try ExploreCommand.loadSession(positionals.first, environment: args.option("--env"))
        let edited = try args.option("--edit").map { path throws(CommandError) in try loadSession(path) }
        let thenText = try args.option("--then") ?? ""
        if edited == nil, !thenText.isEmpty { throw UsageError("--then needs --edit") }
        let then: [Key]
        do {
            then = try Key.parse(tmuxKeys: thenText)
        } catch {
            throw UsageError("--then: \(error.description)")
        }
        let (buffer, _) = try Screenshot.capture(
            session: session, size: size, keys: keys, environment: ProcessInfo.processInfo.environment,
            edited: edited, then: then)
        do {
            let files = try Screenshot.write(buffer, to: out)
            Output.print("wrote \(files.joined(separator: " and "))")
        } catch {
            throw CommandError("cannot write \(out).txt / \(out).svg: \(error.localizedDescription)")
        }
        return 0
    }

    /// `120x40` → 120 columns, 40 rows (at least 1×1, at most 1000×1000).
    static func parseSize(_ text: String) -> Size? {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...1000).contains(w),
            (1...1000).contains(h)
        else { return nil }
        return Size(width: w, height: h)
    }
}
