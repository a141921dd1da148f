import Foundation
import StrataTestSupport
import Testing

/// `strata parse`, run as a user runs it: the real binary, its exit code, stdout and stderr.
@Suite(.enabled(if: StrataBinary.url != nil, "the strata binary is not built next to the tests"))
struct ParseCommandTests {
    /// Runs `strata parse ARGS` in a scratch directory holding `files` (text) and `binary` (bytes).
    func run(
        _ args: [String], stdin: String = "", files: [String: String] = [:], binary: [String: [UInt8]] = [:]
    ) throws -> StrataBinary.Result {
        let dir = try ScratchDirectory(files)
        defer { dir.remove() }
        for (name, bytes) in binary { try dir.write(name, bytes: bytes) }
        return try StrataBinary.run(["parse"] + args, stdin: Data(stdin.utf8), in: URL(fileURLWithPath: dir.path))
    }

    @Test("a JSON file prints as an indented tree and exits 0")
    func printsTree() throws {
        let r = try run(["books.json"], files: ["books.json": #"{"name":"HappyBook","catalogue":[{"title":"Swift"}]}"#])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(
            r.stdout == """
                $ {} 2
                  name: "HappyBook"
                  catalogue [] 1
                    [0] {} 1
                      title: "Swift"

                """)
    }

    @Test("--json prints canonical JSON, for XML too")
    func printsJSON() throws {
        let r = try run(
            ["--json", "feed.xml"], files: ["feed.xml": "<feed><entry id=\"1\">a</entry><entry>b</entry></feed>\n"])
        #expect(r.status == 0)
        #expect(r.stdout == ##"{"feed":{"entry":{"@id":"1","#text":"a"},"entry":"b"}}"## + "\n")
    }

    @Test("a parse error prints FILE:LINE:COL: message on stderr and exits 1")
    func parseError() throws {
        let r = try run(["bad.json"], files: ["bad.json": "{\n  \"a\": \n}\n"])
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr == "bad.json:3:1: expected a value, found '}'\n")
    }

    @Test("stdin is read with - or no file, and named - in errors")
    func standardInput() throws {
        let ok = try run(["-", "--json"], stdin: "[1, 2]")
        #expect(ok.status == 0)
        #expect(ok.stdout == "[1,2]\n")
        let implicit = try run([], stdin: "<a>x</a>")
        #expect(implicit.stdout == "$ {} 1\n  a: \"x\"\n")
        let bad = try run(["-"], stdin: "<a><b></a>")
        #expect(bad.status == 1)
        #expect(bad.stderr == "-:1:7: expected </b> to close <b> opened at 1:4, found </a>\n")
    }

    @Test("--quiet only validates: no output when valid, the error when not")
    func quiet() throws {
        let ok = try run(["--quiet", "a.json"], files: ["a.json": "[1]"])
        #expect(ok.status == 0)
        #expect(ok.stdout == "" && ok.stderr == "")
        let bad = try run(["a.json", "--quiet"], files: ["a.json": "[1,]"])
        #expect(bad.status == 1)
        #expect(bad.stdout == "")
        #expect(bad.stderr == "a.json:1:4: trailing comma before ']'\n")
    }

    @Test("--type wins over the extension, the extension over sniffing")
    func typeSelection() throws {
        let files = ["data.xml": #"{"a":1}"#, "data.dat": "<a>1</a>", "form.txt": "a=1&b=2"]
        let byExtension = try run(["data.xml"], files: files)
        #expect(byExtension.status == 1)
        #expect(byExtension.stderr == "data.xml:1:1: expected '<' to start the root element, found '{'\n")
        let forced = try run(["--type", "json", "data.xml"], files: files)
        #expect(forced.stdout == "$ {} 1\n  a: 1\n")
        let sniffed = try run(["data.dat"], files: files)
        #expect(sniffed.stdout == "$ {} 1\n  a: \"1\"\n")
        let text = try run(["form.txt"], files: files)
        #expect(text.stdout == "$: \"a=1&b=2\"\n")
        let form = try run(["--type=form", "form.txt"], files: files)
        #expect(form.stdout == "$ {} 2\n  a: \"1\"\n  b: \"2\"\n")
    }

    @Test("binary input prints as hex rows")
    func binary() throws {
        let r = try run(["blob.bin"], binary: ["blob.bin": [0x00, 0x01, 0x41, 0xFF]])
        #expect(r.status == 0)
        #expect(
            r.stdout == """
                $ {} 3
                  format: "binary"
                  bytes: 4
                  rows [] 1
                    [0]: "00000000  00 01 41 ff                                       |..A.|"

                """)
    }

    @Test("a binary property list file prints its values")
    func binaryPlist() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: ["n": 1], format: .binary, options: 0)
        let r = try run(["--json", "Info.plist"], binary: ["Info.plist": [UInt8](data)])
        #expect(r.status == 0)
        #expect(r.stdout == #"{"n":1}"# + "\n")
    }

    @Test("a .yaml file is read as YAML; --type yaml reads stdin; a YAML error is FILE:LINE:COL")
    func yaml() throws {
        let r = try run(["--json", "config.yaml"], files: ["config.yaml": "name: demo\nport: 0x1F\non: yes\n"])
        #expect(r.status == 0)
        #expect(r.stdout == #"{"name":"demo","port":31,"on":"yes"}"# + "\n")
        let piped = try run(["--type", "yaml", "--json", "-"], stdin: "- 1\n- ~\n")
        #expect(piped.stdout == "[1,null]\n")
        let bad = try run(["bad.yml"], files: ["bad.yml": "a: 1\nb: [1, 2\n"])
        #expect(bad.status == 1)
        #expect(bad.stderr == "bad.yml:3:1: did not find expected ',' or ']' (while parsing a flow sequence)\n")
    }

    @Test("an unknown --type is a usage error: exit 2 with the usage line")
    func unknownType() throws {
        let r = try run(["--type", "toml", "a.json"], files: ["a.json": "[]"])
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(
            r.stderr == """
                strata: unknown --type 'toml' (expected one of: json, yaml, plist, xml, form, ndjson, sse, hex, text; a session's own parsers need --session SESSION)
                usage: strata parse [--type json|yaml|plist|xml|form|ndjson|sse|hex|text|NAME] [--session SESSION] [FILE|-] [--query EXPR] [--json] [--quiet]

                """)
    }

    @Test(
        "other usage mistakes exit 2",
        arguments: [
            (["a.json", "b.json"], "strata: unexpected argument 'b.json'"),
            (["--bogus"], "strata: unknown option '--bogus'"),
            (["--type"], "strata: --type needs a value"),
        ])
    func usageErrors(args: [String], message: String) throws {
        let r = try run(args)
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix(message + "\nusage: strata parse "))
    }

    @Test("a missing file exits 1 with a clear message")
    func missingFile() throws {
        let r = try run(["nope.json"])
        #expect(r.status == 1)
        #expect(r.stderr == "strata: cannot read 'nope.json': no such file\n")
        let dir = try run(["."])
        #expect(dir.status == 1)
        #expect(dir.stderr == "strata: cannot read '.': it is a directory\n")
    }

    @Test("--help prints the usage and exits 0")
    func help() throws {
        let r = try run(["--help"])
        #expect(r.status == 0)
        #expect(
            r.stdout.hasPrefix(
                "usage: strata parse [--type json|yaml|plist|xml|form|ndjson|sse|hex|text|NAME] [--session SESSION] [FILE|-] "
                    + "[--query EXPR] [--json] [--quiet]\n"
            ))
    }

    @Test("100 000 nested elements or brackets are an error, not a crash")
    func deepInput() throws {
        let deepXML = String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)
        let xml = try run(["-"], stdin: deepXML)
        #expect(xml.status == 1)
        #expect(xml.stderr == "-:1:30001: elements nested deeper than 10000 levels\n")
        let json = try run(["--quiet"], stdin: String(repeating: "[", count: 100_000))
        #expect(json.status == 1)
        #expect(json.stderr == "-:1:10001: nesting deeper than 10000 levels\n")
    }
}
