import Foundation
import StrataTestSupport
import Testing

/// Nothing from a session file, a fixture, a server or the command line reaches the terminal unescaped: every CLI
/// output except a body asked for raw is shown through the explorer's visible-text rule.
@Suite struct TerminalSafetyTests {
    /// Sets the window title, writes the clipboard (OSC 52), clears the screen through a C1 CSI, and reverses text.
    static let evil = "\u{1B}]0;pwned\u{07}\u{1B}]52;c;cHduZWQ=\u{07}\u{9B}2J\u{9D}x\u{202E}"

    /// `evil` as the body of a JSON string literal: C0 escaped as JSON requires, the rest as raw UTF-8.
    static let evilJSON = "\\u001b]0;pwned\\u0007\\u001b]52;c;cHduZWQ=\\u0007\u{9B}2J\u{9D}x\u{202E}"

    /// A session whose name, route name, header value, fixture file name, response headers and body carry `evil`.
    /// With `unknownKey`, session.json also has an unknown key carrying `evil` (for `check`; it then does not load).
    static func evilSession(unknownKey: Bool = false) throws -> ScratchDirectory {
        let e = evilJSON
        let session = """
            {
              "name": "Shop\(e)",
              "baseURL": "https://api.example.com/v1\(e)",
              "headers": { "X-Evil": "v\(e)" },
              "routes": [
                { "name": "list\(e)", "method": "GET", "path": "/products", "params": { "q\(e)": "\(e)" },
                  "map": { "class": "Product", "keyPath": "products" } }
              ],
              "mappings": { "Product": { "properties": { "id": "int", "name\(e)": "string" } } }\(unknownKey ? ", \"unknown\(e)\": 1" : "")
            }
            """
        let fixture = """
            { "/products": [ { "response": { "status": 200,
                "headers": { "Content-Type": "application/json", "X-Evil\(e)": "h\(e)" },
                "body": { "products": [ { "id": "x\(e)", "name\(e)": "\(e)" } ], "k\(e)": "\(e)" } } } ] }
            """
        return try ScratchDirectory(["session.json": session, "fixtures/evil\(evil).json": fixture])
    }

    /// The characters that must never reach a terminal raw: ESC, C1 controls and bidi overrides and isolates.
    static func forbidden(_ text: String) -> [String] {
        text.unicodeScalars.compactMap { s in
            let v = s.value
            let bad =
                v == 0x1B || (0x80...0x9F).contains(v) || (0x202A...0x202E).contains(v)
                || (0x2066...0x2069).contains(v)
            return bad ? String(format: "U+%04X", v) : nil
        }
    }

    static func expectClean(_ r: StrataBinary.Result, _ what: String) {
        #expect(forbidden(r.stdout).isEmpty, "stdout of \(what): \(forbidden(r.stdout))")
        #expect(forbidden(r.stderr).isEmpty, "stderr of \(what): \(forbidden(r.stderr))")
    }

    @Test("session, route, fixture and header names and values, and error messages are escaped in every output")
    func everyOutputIsEscaped() throws {
        let dir = try Self.evilSession()
        defer { dir.remove() }
        let broken = try Self.evilSession(unknownKey: true)
        defer { broken.remove() }
        let route = "list" + Self.evil
        let runs: [(String, [String])] = [
            ("routes", ["routes", dir.path]),
            ("routes --json", ["routes", dir.path, "--json"]),
            ("check", ["check", dir.path]),
            ("check with an unknown key", ["check", broken.path]),
            ("a session that does not load", ["routes", broken.path]),
            ("run --show all", ["run", dir.path, route, "--show", "all"]),
            ("run --show parsed", ["run", dir.path, route, "--show", "parsed"]),
            ("run --show mapped", ["run", dir.path, route, "--show", "mapped"]),
            ("run --show issues", ["run", dir.path, route, "--show", "issues"]),
            ("run --json", ["run", dir.path, route, "--json"]),
            ("run --curl", ["run", dir.path, route, "--curl"]),
            ("an unknown route", ["run", dir.path, "nope" + Self.evil]),
            ("a -p error", ["run", dir.path, route, "-p", "\u{1B}]52;c;cHduZWQ\u{07}\u{9B}2J\u{202E}"]),
            ("an unknown option", ["run", dir.path, route, "--x" + Self.evil]),
            ("a bad --show", ["run", dir.path, route, "--show", Self.evil]),
            ("record: an unknown route", ["record", dir.path, "nope" + Self.evil]),
            ("screenshot: a session that does not load", ["screenshot", broken.path, "--out", dir.url("shot")]),
            ("an unknown command", [Self.evil]),
            ("a missing file", ["parse", "missing" + Self.evil + ".json"]),
            ("a missing session", ["routes", dir.path + "/no" + Self.evil]),
        ]
        for (what, args) in runs {
            let r = try StrataBinary.run(args)
            Self.expectClean(r, what)
        }
        // Sanity: the evil text really is in there, shown visibly.
        let all = try StrataBinary.run(["run", dir.path, route, "--show", "all"])
        #expect(all.stdout.contains("X-Evil: v␛]0;pwned␇␛]52;c;cHduZWQ=␇<9B>2J<9D>x"))
    }

    @Test("parse: strings and keys with controls print escaped in the tree and as \\u escapes in --json")
    func parseOutput() throws {
        let dir = try ScratchDirectory(["a.json": "{\"k\(Self.evilJSON)\": \"\(Self.evilJSON)\"}"])
        defer { dir.remove() }
        let tree = try StrataBinary.run(["parse", dir.url("a.json")])
        #expect(tree.status == 0)
        Self.expectClean(tree, "parse")
        #expect(tree.stdout.contains(#"\u001B]0;pwned\u0007"#))
        #expect(tree.stdout.contains("<9B>2J<9D>x"))
        let json = try StrataBinary.run(["parse", "--json", dir.url("a.json")])
        Self.expectClean(json, "parse --json")
        #expect(json.stdout.contains(#"\u009B2J\u009Dx\u202E""#))
        let decoded = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: String]
        #expect(decoded?.values.first == Self.evil, "--json stays lossless")
    }

    @Test(
        "on a terminal the raw body is made visible too: escapes from a server never reach it",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a pty"))
    func rawBodyOnATerminal() throws {
        let dir = try Self.evilSession()
        defer { dir.remove() }
        let strata = try #require(StrataBinary.url).path
        // script(1) runs the command on a pseudo-terminal and copies what it wrote to its own stdout.
        let command = "'\(strata)' run '\(dir.path)' 'list\(Self.evil)' 2>/dev/null"
        let r = try ChildProcess.run("/usr/bin/script", ["-qec", command, "/dev/null"])
        #expect(r.stdout.contains("<9B>2J"), "\(r.stdout)")
        #expect(Self.forbidden(r.stdout).isEmpty)
    }

    @Test("run --show raw prints the body exactly as received into a pipe: the user asked for it raw")
    func rawBodyStaysRaw() throws {
        let dir = try Self.evilSession()
        defer { dir.remove() }
        let r = try StrataBinary.run(["run", dir.path, "list" + Self.evil])
        #expect(r.stdout.contains("\u{9B}2J"))
        #expect(Self.forbidden(r.stderr).isEmpty, "the summary line on stderr is escaped")
    }
}
