import Foundation
import StrataTestSupport
import Testing

/// How every command reads its command line: `--`, unknown commands and options, and help from the option tables.
@Suite struct CommandLineTests {
    /// The commands with a `--help` of their own.
    static let commands = [
        "parse", "routes", "run", "check", "diff", "drift", "test", "record", "screenshot", "serve", "import",
    ]

    @Test("arguments after -- are positionals, even when they look like options")
    func doubleDash() throws {
        let dir = try ScratchDirectory(["--json": "[1]"])
        defer { dir.remove() }
        let r = try StrataBinary.run(["parse", "--", "--json"], in: URL(fileURLWithPath: dir.path))
        #expect(r.status == 0)
        #expect(r.stdout == "$ [] 1\n  [0]: 1\n")
        let help = try StrataBinary.run(["parse", "--", "--help"], in: URL(fileURLWithPath: dir.path))
        #expect(help.status == 1)
        #expect(help.stderr == "strata: cannot read '--help': no such file\n")
        let routes = try StrataBinary.run(["routes", "--", "--json"], in: URL(fileURLWithPath: dir.path))
        #expect(routes.status == 1)
        #expect(routes.stderr.hasPrefix("strata: cannot load session"))
    }

    @Test("a first word that is neither a command nor a path is a usage error naming the commands")
    func unknownCommand() throws {
        let r = try StrataBinary.run(["init"])
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("strata: 'init' is neither a command nor a session folder (commands: parse, "))
        let named = r.stderr.split(separator: "\n").first.map(String.init) ?? ""
        for command in ["routes", "run", "check", "record", "screenshot", "serve", "import"] {
            #expect(named.contains(" \(command)"))
        }
        #expect(r.stderr.contains(")\nusage: strata [SESSION]"))
        let typo = try StrataBinary.run(["chek", "Sessions/demo"])
        #expect(typo.status == 2)
        #expect(
            typo.stderr.hasPrefix("strata: 'chek' is neither a command nor a session folder; did you mean 'check'?"))
    }

    @Test("an unknown option suggests the nearest one; a flag given a value is an error")
    func unknownOption() throws {
        let r = try StrataBinary.run(["parse", "--jsno", "a.json"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("strata: unknown option '--jsno'; did you mean '--json'?\nusage: strata parse "))
        let valued = try StrataBinary.run(["parse", "--json=yes", "a.json"])
        #expect(valued.status == 2)
        #expect(valued.stderr.hasPrefix("strata: --json takes no value\n"))
    }

    @Test("--show with --json is a usage error: --json already holds every view")
    func showWithJSON() throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let r = try StrataBinary.run(["run", dir.path, "listProducts", "--json", "--show", "parsed"])
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(
            r.stderr.hasPrefix(
                "strata: --show and --json cannot be combined: --json prints every view in one object\nusage: strata run "
            ))
    }

    @Test("COMMAND --help lists every option with one line each, and README's command list shows the same lines")
    func helpListsEveryOption() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        for command in Self.commands {
            let r = try StrataBinary.run([command, "--help"])
            #expect(r.status == 0)
            let parts = r.stdout.components(separatedBy: "\n\n")
            try #require(parts.count == 3, "\(command) --help: usage, summary, options")
            let usage = String(parts[0].dropFirst("usage: ".count))
            let lines = parts[2].split(separator: "\n").map(String.init)
            // Every option the usage line names has its own line, and every line has a description.
            let named = usage.split(separator: " ").compactMap { word -> String? in
                let w = word.trimmingCharacters(in: CharacterSet(charactersIn: "[]|."))
                return w.hasPrefix("-") ? String(w.split(separator: "=").first ?? "") : nil
            }
            for option in named {
                #expect(
                    lines.contains { $0.contains(" \(option) ") || $0.contains(" \(option),") }, "\(command) \(option)")
            }
            #expect(lines.last?.hasPrefix("  -h, --help ") == true)
            for line in lines {
                #expect(line.split(separator: " ", omittingEmptySubsequences: true).count >= 3, "\(line)")
            }
            let entry = usage + "\n" + lines.dropLast().joined(separator: "\n") + "\n"
            #expect(readme.contains(entry), "README's command list lacks or differs from `strata \(command) --help`")
        }
    }

    @Test("help COMMAND is COMMAND --help; help for something else is a usage error with a did-you-mean")
    func helpCommand() throws {
        let a = try StrataBinary.run(["help", "run"])
        let b = try StrataBinary.run(["run", "--help"])
        #expect(a.status == 0)
        #expect(a.stdout == b.stdout)
        let typo = try StrataBinary.run(["help", "serv"])
        #expect(typo.status == 2 && typo.stdout.isEmpty)
        #expect(typo.stderr.hasPrefix("strata: no help for 'serv'; did you mean 'serve'? (commands: parse, "))
        #expect(typo.stderr.hasSuffix("\nusage: strata help [COMMAND]\n"))
    }

    @Test("screenshot --size out of range says the limit")
    func screenshotSizeLimit() throws {
        let r = try StrataBinary.run(["screenshot", "--size", "2000x10", "--out", "/nonexistent/shot"])
        #expect(r.status == 2)
        #expect(
            r.stderr.hasPrefix(
                "strata: --size must be COLUMNSxROWS, each 1 to 1000, such as 120x40 or 80x24, not '2000x10'\n"))
    }

    @Test("run refuses options it would ignore: --cookies without a live send")
    func cookiesNeedLive() throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let r = try StrataBinary.run(["run", dir.path, "listProducts", "--cookies", dir.url("jar.txt")])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("strata: --cookies applies to live sends (add --source live): fixtures answer "))
        #expect(!FileManager.default.fileExists(atPath: dir.url("jar.txt")))
    }
}
