import Foundation
import Strata
import StrataUI
import TermGrid

/// `strata screenshot SESSION [--size 120x40] [--keys KEYS] --out PATH`: Render the explorer headless to PATH.txt
/// and PATH.svg.
enum ScreenshotCommand {
    static let usage =
        "strata screenshot SESSION [--size 120x40] [--keys KEYS] [--edit SESSION_JSON [--then KEYS]] [--traffic FILE] [--env NAME] --out PATH"
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
        OptionSpec(
            "--traffic", value: "FILE",
            help:
                "serve first and let FILE's requests arrive (one a line: METHOD TARGET, then tab-separated 'Name: value' headers and a JSON body), answered in-process as strata serve would"
        ),
        OptionSpec("--out", "-o", value: "PATH", help: "where to write PATH.txt and PATH.svg (required)"),
        environmentOption,
    ]

    static func run(_ args: inout Arguments) throws -> Int32 {
        let sizeText = try args.option("--size") ?? "120x40"
        let keysText = try args.option("--keys") ?? ""
        guard let out = try args.option("--out") else { throw UsageError("--out PATH is required") }
        let positionals = try args.positionals(max: 1)
        guard let size = parseSize(sizeText) else {
            throw UsageError("--size must be COLUMNSxROWS, each 1 to 1000, such as 120x40 or 80x24, not '\(sizeText)'")
        }
        let keys: [Key]
        do {
            keys = try Key.parse(tmuxKeys: keysText)
        } catch {
            throw UsageError("--keys: \(error.description)")
        }
        let session = try loadSession(
            ExploreCommand.sessionPath(positionals.first), environment: args.option("--env"))
        let edited = try args.option("--edit").map { path throws(CommandError) in try loadSession(path) }
        let thenText = try args.option("--then") ?? ""
        if edited == nil, !thenText.isEmpty { throw UsageError("--then needs --edit") }
        let then: [Key]
        do {
            then = try Key.parse(tmuxKeys: thenText)
        } catch {
            throw UsageError("--then: \(error.description)")
        }
        let traffic = try args.option("--traffic").map { path throws(CommandError) in try readTraffic(path) } ?? []
        let (buffer, _) = try Screenshot.capture(
            session: session, size: size, keys: keys, environment: ProcessInfo.processInfo.environment,
            edited: edited, then: then, traffic: traffic)
        do {
            let files = try Screenshot.write(buffer, to: out)
            Output.print("wrote \(files.joined(separator: " and "))")
        } catch {
            throw CommandError("cannot write \(out).txt / \(out).svg: \(error.localizedDescription)")
        }
        return 0
    }

    /// The requests of a `--traffic` file: `METHOD TARGET`, then tab-separated `Name: value` headers and a JSON body
    /// (a field starting with `{` or `[`, sent as `application/json`); blank lines and `#` comments skipped.
    static func readTraffic(_ path: String) throws(CommandError) -> [ServeRequest] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw CommandError("--traffic: cannot read \(path)")
        }
        var requests: [ServeRequest] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let fields = line.split(separator: "\t").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let first = fields.first, !first.isEmpty, !first.hasPrefix("#") else { continue }
            let words = first.split(separator: " ", maxSplits: 1).map(String.init)
            guard words.count == 2 else {
                throw CommandError("\(path):\(number + 1):1: expected METHOD TARGET, found '\(first)'")
            }
            let target = words[1]
            let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            var headers = HTTPHeaders()
            var body: [UInt8] = []
            for field in fields.dropFirst() {
                if field.hasPrefix("{") || field.hasPrefix("[") {
                    body = Array(field.utf8)
                    if headers["Content-Type"] == nil { headers["Content-Type"] = "application/json" }
                } else if let colon = field.firstIndex(of: ":") {
                    headers.append(
                        name: String(field[..<colon]),
                        value: field[field.index(after: colon)...].trimmingCharacters(in: .whitespaces))
                } else {
                    throw CommandError(
                        "\(path):\(number + 1): expected a 'Name: value' header or a JSON body, found '\(field)'")
                }
            }
            requests.append(
                ServeRequest(
                    method: words[0], path: parts[0], query: parts.count > 1 ? parts[1] : "", headers: headers,
                    body: body))
        }
        return requests
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
