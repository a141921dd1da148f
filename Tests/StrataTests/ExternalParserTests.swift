import Foundation
import Strata
import StrataTestSupport
import Testing

/// External parsers a session declares: the body to the program's stdin, its stdout parsed as `produces`.
@Suite struct ExternalParserTests {
    /// A session whose `shout` parser upper-cases the body with a script of the session, plus `parsers` entries.
    ///
    /// `shout` may take 300 s: under a sanitizer on a loaded machine, starting `sh` has taken over the default 10 s.
    static func session(_ extra: String = "") -> [String: String] {
        [
            "session.json": """
            {
              "name": "P",
              "routes": [ { "name": "get", "path": "/x", "contentType": "shout" } ],
              "parsers": {
                "shout": { "command": ["sh", "tools/shout.sh"], "produces": "json", "timeout": 300 }\(extra)
              }
            }
            """,
            "tools/shout.sh": "tr a-z A-Z\n",
        ]
    }

    /// `body` parsed as route type `parser` by the session of `files`, trusted.
    static func parse(_ body: String, with parser: String, in files: [String: String]) throws -> ParseOutcome {
        let dir = try ScratchDirectory(files)
        defer { dir.remove() }
        var session = try Session.load(from: dir.path)
        session.isTrusted = true
        let response = Response(
            status: 200, headers: HTTPHeaders(), body: Array(body.utf8), duration: .zero,
            origin: .fixture(file: "f", number: 1, delay: .zero))
        let route = Route(name: "r", method: "GET", path: "/x", contentType: parser)
        return ResponsePipeline(session: session).parse(response, for: route)
    }

    @Test("the program's output is parsed as the format it produces; the body is untouched")
    func parsesOutput() throws {
        let outcome = try Self.parse(#"{"name": "ada"}"#, with: "shout", in: Self.session())
        #expect(outcome.error == nil)
        #expect(outcome.parser == "shout")
        let tree = try #require(outcome.tree)
        #expect(tree.format == .json)
        #expect(tree.string(tree.node(at: "$.NAME")!) == "ADA")
    }

    @Test("an untrusted session's parser is not run: the body is text, and the note names the command and the fix")
    func untrusted() throws {
        let dir = try ScratchDirectory(
            Self.session(
                #", "mark": { "command": ["sh", "-c", "touch ran; echo {}"], "produces": "json", "timeout": 300 }"#))
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        #expect(!session.isTrusted)
        #expect(session.withholdsPrograms)
        let response = Response(
            status: 200, headers: HTTPHeaders(), body: Array("a,b".utf8), duration: .zero,
            origin: .fixture(file: "f", number: 1, delay: .zero))
        let route = Route(name: "r", method: "GET", path: "/x", contentType: "mark")
        let outcome = ResponsePipeline(session: session).parse(response, for: route)
        #expect(outcome.parser == "text")
        #expect(outcome.withheldParser == "mark")
        #expect(outcome.tree?.canonicalJSON() == #""a,b""#)
        #expect(
            outcome.note
                == "shown as text: \(dir.path) runs programs named in session.json (parsers: shout = sh tools/shout.sh; "
                + "mark = sh -c 'touch ran; echo {}'); trust it with: strata trust \(dir.path)")
        // Chosen by media type too; and the program never ran.
        let byType = ResponsePipeline(session: session).registry.parse(Array("x".utf8), contentType: "text/mark")
        #expect(byType.withheldParser == "mark")
        #expect(dir.read("ran") == nil)
        var trusted = session
        trusted.isTrusted = true
        #expect(ResponsePipeline(session: trusted).parse(response, for: route).parser == "mark")
        #expect(dir.read("ran") != nil)
    }

    @Test(
        "a failing program, bad output and a timeout are clear errors with the program's stderr",
        arguments: [
            (
                #", "fail": { "command": ["sh", "-c", "echo boom >&2; exit 2"], "produces": "json", "timeout": 300 }"#,
                "fail",
                "parser 'fail' (sh -c echo boom >&2; exit 2) failed with exit status 2; it said: boom"
            ),
            (
                #", "bad": { "command": ["sh", "-c", "echo not json; echo careful >&2"], "produces": "json", "timeout": 300 }"#,
                "bad",
                "parser 'bad' (sh -c echo not json; echo careful >&2) printed output that is not valid json: "
            ),
            (
                #", "slow": { "command": ["sh", "-c", "exec sleep 30"], "produces": "json", "timeout": 0.2 }"#, "slow",
                "parser 'slow' (sh -c exec sleep 30) did not finish within 0.2 s and was stopped"
            ),
        ])
    func failures(entry: String, name: String, message: String) throws {
        let outcome = try Self.parse("{}", with: name, in: Self.session(entry))
        #expect(outcome.tree == nil)
        let error = try #require(outcome.error)
        #expect(error.message.hasPrefix(message), "\(error.message)")
        if name == "bad" { #expect(error.message.hasSuffix("; it said: careful")) }
    }

    @Test("a timeout stops what the program started too: a child holding its output does not keep us waiting")
    func timeoutStopsTheGroup() throws {
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        let pidFile = dir.url("child.pid")
        let entry =
            #", "stuck": { "command": ["sh", "-c", "sleep 300 & echo $! > \#(pidFile); wait"], "produces": "json", "timeout": 0.5 }"#
        let outcome = try Self.parse("{}", with: "stuck", in: Self.session(entry))
        #expect(outcome.error?.message.contains("did not finish within 0.5 s and was stopped") == true)
        let pid = try #require(
            Int32(
                (try String(contentsOfFile: pidFile, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)))
        // Gone, or a zombie waiting for its new parent to reap it: either way it runs no more.
        let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        let state = stat?.split(separator: ")").last?.split(separator: " ").first
        #expect(stat == nil || state == "Z", "the child \(pid) still runs: \(stat ?? "")")
    }

    @Test("a program that prints without end is stopped at the output limit with a clear error")
    func endlessOutput() throws {
        let entry = #", "yes": { "command": ["yes"], "produces": "json", "timeout": 300 }"#
        let outcome = try Self.parse("{}", with: "yes", in: Self.session(entry))
        #expect(outcome.tree == nil)
        #expect(outcome.error?.message == "parser 'yes' (yes) printed more than 64 MiB and was stopped")
    }

    @Test("session.json mistakes in parsers are located, with a did-you-mean for unknown keys")
    func sessionMistakes() throws {
        let dir = try ScratchDirectory(
            Self.session(
                #", "x": { "comand": ["a"], "produces": "json" }, "y": { "command": ["a"], "produces": "toml" }"#))
        defer { dir.remove() }
        let (_, problems) = Session.loadReportingProblems(from: dir.path)
        let lines = problems.map { $0.description.replacingOccurrences(of: dir.path + "/", with: "") }
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("session.json:5:"))
        #expect(lines[0].contains("parser 'x' has no \"command\""))
        #expect(lines[1].contains("unknown key 'comand' in parser 'x'; did you mean 'command'?"))
        #expect(lines[2].contains("parser 'y' produces 'toml', which Strata cannot read"))
    }
}
