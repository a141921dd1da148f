import Foundation
import StrataTestSupport
import Testing

/// A session that names programs, or would send environment variables to its own base URL, is untrusted until
/// `strata trust SESSION`; trust lives in `$XDG_CONFIG_HOME/strata/trusted`, a scratch folder here.
@Suite(.enabled(if: StrataBinary.url != nil, "the strata binary is not built next to the tests"))
struct TrustCommandTests {
    /// A session whose `csv` parser is a program that leaves `ran` in the session folder and prints JSON.
    static let parsing: [String: String] = [
        "session.json": """
        { "name": "P", "routes": [ { "name": "prices", "path": "/prices", "contentType": "csv" } ],
          "parsers": { "csv": { "command": ["sh", "tools/csv.sh"], "produces": "json", "timeout": 300 } } }
        """,
        "tools/csv.sh": "touch ran; echo '{\"read\": true}'\n",
        "fixtures/prices.json": #"{ "/prices": [ { "response": { "body": "a,b\n1,2\n" } } ] }"#,
    ]

    /// A scratch session and a scratch config folder; `strata` runs with XDG_CONFIG_HOME pointing at the latter.
    struct Setup {
        let dir: ScratchDirectory
        var session: String { dir.url("s") }
        var config: String { dir.url("config") }

        init(_ files: [String: String] = TrustCommandTests.parsing) throws {
            dir = try ScratchDirectory(Dictionary(uniqueKeysWithValues: files.map { ("s/" + $0.key, $0.value) }))
        }

        func strata(_ arguments: [String], _ environment: [String: String?] = [:], stdin: String = "") throws
            -> StrataBinary.Result
        {
            try StrataBinary.run(
                arguments, stdin: Data(stdin.utf8), environment: ["XDG_CONFIG_HOME": config].merging(environment) { $1 }
            )
        }

        /// Whether the session's program has run.
        var ran: Bool { dir.read("s/ran") != nil }
    }

    @Test("untrusted, run shows the body as text with one line saying why and how to trust; the program never runs")
    func runUntrusted() throws {
        let s = try Setup()
        defer { s.dir.remove() }
        let r = try s.strata(["run", s.session, "prices", "--show", "parsed"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == #"$: "a,b\n1,2\n""# + "\n")
        #expect(
            r.stderr.hasPrefix(
                "strata: warning: shown as text: \(s.session) runs programs named in session.json "
                    + "(parsers: csv = sh tools/csv.sh); trust it with: strata trust \(s.session)\n"))
        #expect(!s.ran)
    }

    @Test("parse --session uses the session's parsers by --type or extension, once trusted; before, the text and why")
    func parseWithSessionParsers() throws {
        let s = try Setup()
        defer { s.dir.remove() }
        try s.dir.write("prices.csv", bytes: Array("a,b\n1,2\n".utf8))
        let file = s.dir.url("prices.csv")
        let untrusted = try s.strata(["parse", "--session", s.session, file])
        #expect(untrusted.status == 0, "\(untrusted.stderr)")
        #expect(untrusted.stdout == #"$: "a,b\n1,2\n""# + "\n")
        #expect(untrusted.stderr.hasPrefix("strata: warning: shown as text: \(s.session) runs programs named in"))
        // Validating cannot pass on a parser that did not run.
        let quiet = try s.strata(["parse", "--session", s.session, "--type", "csv", "--quiet", file])
        #expect(quiet.status == 1)
        #expect(!s.ran)
        // Without --session, csv is no type, and the message says where such parsers come from.
        let bare = try s.strata(["parse", "--type", "csv", file])
        #expect(bare.status == 2)
        #expect(bare.stderr.hasPrefix("strata: unknown --type 'csv' (expected one of: json, "))
        #expect(bare.stderr.contains("; a session's own parsers need --session SESSION)"))

        #expect(try s.strata(["trust", s.session]).status == 0)
        let byExtension = try s.strata(["parse", "--session", s.session, "--json", file])
        #expect(byExtension.status == 0, "\(byExtension.stderr)")
        #expect(byExtension.stdout == #"{"read":true}"# + "\n")
        #expect(byExtension.stderr == "")
        #expect(s.ran)
        let byType = try s.strata(["parse", "--session", s.session, "--type", "csv", "-"], stdin: "x\n")
        #expect(byType.stdout == "$ {} 1\n  read: true\n")
    }

    @Test("strata trust records the session; then its parser runs; an edit to the command asks again")
    func trustThenRun() throws {
        let s = try Setup()
        defer { s.dir.remove() }
        let folder = URL(fileURLWithPath: s.session).resolvingSymlinksInPath().path
        let trusted = try s.strata(["trust", s.session])
        #expect(trusted.status == 0, "\(trusted.stderr)")
        #expect(
            trusted.stdout == """
                trusted \(folder)
                  runs parsers: csv = sh tools/csv.sh
                recorded in \(s.config)/strata/trusted; an edit to these asks again

                """)
        let file = try #require(s.dir.read("config/strata/trusted"))
        #expect(file.split(separator: "\n").last?.hasSuffix("  \(folder)") == true)
        let r = try s.strata(["run", s.session, "prices", "--show", "parsed"])
        #expect(r.stdout == "$ {} 1\n  read: true\n")
        #expect(!r.stderr.contains("warning"))
        #expect(s.ran)

        try s.dir.write(
            "s/session.json", Self.parsing["session.json"]!.replacingOccurrences(of: "\"sh\"", with: "\"bash\""))
        let edited = try s.strata(["run", s.session, "prices", "--show", "parsed"])
        #expect(edited.stderr.contains("(parsers: csv = bash tools/csv.sh); trust it with: strata trust"))
        #expect(
            try s.strata(["trust", "--list"]).stdout
                == "\(folder)  changed since it was trusted: strata trust \(folder) again\n")
    }

    @Test("check reports the parser it did not run as a warning and exits 0; trusted, it maps its output")
    func check() throws {
        let s = try Setup(
            Self.parsing.merging([
                "session.json": """
                { "name": "P", "routes": [ { "name": "prices", "path": "/prices", "contentType": "csv",
                    "map": { "class": "Prices" } } ],
                  "mappings": { "Prices": { "properties": { "seen": { "type": "bool", "optional": true } } } },
                  "parsers": { "csv": { "command": ["sh", "tools/csv.sh"], "produces": "json", "timeout": 300 } } }
                """
            ]) { $1 })
        defer { s.dir.remove() }
        let untrusted = try s.strata(["check", s.session, "--strict"])
        #expect(untrusted.status == 0, "\(untrusted.stdout)")
        #expect(
            untrusted.stdout == """
                \(s.session)/session.json:4:3: warning: parsers not run (1 fixture pair not mapped): \(s.session) runs \
                programs named in session.json (parsers: csv = sh tools/csv.sh); trust it with: strata trust \(s.session)
                OK: P — 1 route, 1 fixture file, 1 pair

                """)
        #expect(!s.ran)
        _ = try s.strata(["trust", s.session])
        let trusted = try s.strata(["check", s.session])
        #expect(
            trusted.stdout
                == "OK: P — 1 route, 1 fixture file, 1 pair\nmapping 1 fixture pair: 0 errors, 0 warnings, 1 info\n")
        #expect(s.ran)
    }

    @Test("without XDG_CONFIG_HOME trust goes to ~/.config/strata/trusted; --revoke and --list")
    func homeRevokeAndList() throws {
        let s = try Setup()
        defer { s.dir.remove() }
        let home: [String: String?] = ["XDG_CONFIG_HOME": nil, "HOME": s.dir.url("home")]
        let folder = URL(fileURLWithPath: s.session).resolvingSymlinksInPath().path
        #expect(
            try s.strata(["trust", "--list"], home).stdout
                == "no session is trusted (\(s.dir.url("home"))/.config/strata/trusted)\n")
        #expect(try s.strata(["trust", s.session], home).status == 0)
        #expect(s.dir.read("home/.config/strata/trusted")?.contains("  \(folder)\n") == true)
        #expect(try s.strata(["trust", "--list"], home).stdout == "\(folder)  trusted\n")
        #expect(try s.strata(["trust", s.session], home).stdout.hasPrefix("already trusted: \(folder)\n"))
        #expect(try s.strata(["trust", s.session, "--revoke"], home).stdout == "no longer trusted: \(folder)\n")
        #expect(try s.strata(["trust", s.session, "--revoke"], home).stdout == "\(folder) was not trusted\n")
        #expect(
            try s.strata(["run", s.session, "prices", "--show", "parsed"], home).stderr.contains(
                "warning: shown as text"))
        let nowhere = try s.strata(["trust", s.session], ["XDG_CONFIG_HOME": nil, "HOME": nil])
        #expect(nowhere.status == 1)
        #expect(nowhere.stderr == "strata: nowhere to keep trust: set XDG_CONFIG_HOME or HOME to an absolute path\n")
    }

    @Test("usage mistakes exit 2 with the usage line; a session that names nothing needs no trust")
    func usage() throws {
        let s = try Setup(["session.json": #"{ "baseURL": "https://x.example", "routes": [] }"#])
        defer { s.dir.remove() }
        for arguments in [
            ["trust"], ["trust", "--list", s.session], ["trust", "--list", "--revoke"], ["trust", "-x"],
        ] {
            let r = try s.strata(arguments)
            #expect(r.status == 2, "\(arguments)")
            #expect(r.stderr.hasSuffix("usage: strata trust SESSION [--revoke] | strata trust --list\n"))
        }
        let plain = try s.strata(["trust", s.session])
        #expect(
            plain.stdout == "\(s.session) names no programs and reads no environment variables: it needs no trust\n")
        #expect(s.dir.read("config/strata/trusted") == nil)
        #expect(
            try s.strata(["--help"]).stdout.contains("\n  trust                 Trust a session to run the programs"))
    }

    @Test("run, record and drift refuse a live send of an untrusted session carrying set variables to its base URL")
    func liveRefused() throws {
        let server = try LoopbackServer { .echo($0) }
        let s = try Setup([
            "session.json": """
            { "name": "E", "baseURL": "\(server.baseURL)", "headers": { "X-Token": "${env:E_TOKEN:-none}" },
              "routes": [ { "name": "me", "path": "/me" } ] }
            """
        ])
        defer {
            server.stop()
            s.dir.remove()
        }
        let env: [String: String?] = ["E_TOKEN": "t0psecret"]
        let origin = server.baseURL.split(separator: "/").prefix(2).joined(separator: "//")
        let refusal =
            "not sent: \(s.session) is not trusted, and this request sends environment variable E_TOKEN to "
            + "\(origin), an address session.json chose; trust it with: strata trust \(s.session)"
        let run = try s.strata(["run", s.session, "me", "--source", "live"], env)
        #expect(run.status == 1)
        #expect(run.stderr == "strata: \(refusal)\n")
        let record = try s.strata(["record", s.session, "me"], env)
        #expect(record.status == 1)
        #expect(record.stderr == "strata: \(refusal)\n")
        let drift = try s.strata(["drift", s.session, "me"], env)
        #expect(drift.stdout.contains("\n  not compared: \(refusal)\n"), "\(drift.stdout)")
        #expect(server.requests.isEmpty)
        #expect(s.dir.read("s/fixtures/me.json") == nil)
        // A mock send goes nowhere, so it is not refused; an unset variable sends nothing from the environment.
        #expect(try !s.strata(["run", s.session, "me"], env).stderr.contains("not trusted"))
        #expect(try s.strata(["run", s.session, "me", "--source", "live"], ["E_TOKEN": nil]).status == 0)
        #expect(server.requests.count == 1)

        _ = try s.strata(["trust", s.session])
        let trusted = try s.strata(["run", s.session, "me", "--source", "live", "--json"], env)
        #expect(trusted.status == 0, "\(trusted.stderr)")
        #expect(server.requests.last?.headers["X-Token"] == "t0psecret")
    }

    @Test("when the base URL is a variable the user set, the user chose the address: nothing is asked")
    func userChoseTheAddress() throws {
        let server = try LoopbackServer { .echo($0) }
        let s = try Setup([
            "session.json": """
            { "name": "E", "baseURL": "${env:E_URL:-https://e.example.com}", "params": { "key": "${env:E_KEY}" },
              "routes": [ { "name": "me", "path": "/me" } ] }
            """
        ])
        defer {
            server.stop()
            s.dir.remove()
        }
        let r = try s.strata(["run", s.session, "me", "--source", "live"], ["E_URL": server.baseURL, "E_KEY": "k"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(server.requests.map(\.target) == ["/me?key=k"])
        let elsewhere = try s.strata(["run", s.session, "me", "--source", "live"], ["E_URL": nil, "E_KEY": "k"])
        #expect(elsewhere.status == 1)
        #expect(elsewhere.stderr.contains("sends environment variable E_KEY to https://e.example.com, an address"))
    }

    @Test("the explorer started with --source live --serve refuses the same way, before it takes the terminal")
    func explorerServeRefused() throws {
        let s = try Setup([
            "session.json": """
            { "name": "E", "baseURL": "https://e.example.com", "params": { "key": "${env:E_KEY}" },
              "routes": [ { "name": "me", "path": "/me" } ] }
            """
        ])
        defer { s.dir.remove() }
        let r = try s.strata([s.session, "--source", "live", "--serve", "0"], ["E_KEY": "k"])
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "strata: not serving live: \(s.session) is not trusted, and every request it forwards sends "
                + "environment variable E_KEY to https://e.example.com, an address session.json chose; trust it "
                + "with: strata trust \(s.session)\n")
    }

    @Test(
        "serve --source live refuses to start for an untrusted session whose defaults read set variables",
        .needsLibmicrohttpd)
    func serveRefused() throws {
        let s = try Setup([
            "session.json": """
            { "name": "E", "baseURL": "https://e.example.com", "params": { "key": "${env:E_KEY}" },
              "routes": [ { "name": "me", "path": "/me" } ] }
            """
        ])
        defer { s.dir.remove() }
        for source in ["live", "record"] {
            let r = try s.strata(["serve", s.session, "--port", "0", "--source", source], ["E_KEY": "k"])
            #expect(r.status == 1)
            #expect(
                r.stderr
                    == "strata: not serving \(source): \(s.session) is not trusted, and every request it forwards sends "
                    + "environment variable E_KEY to https://e.example.com, an address session.json chose; trust it "
                    + "with: strata trust \(s.session)\n")
        }
    }
}
