import Foundation
import StrataTestSupport
import Testing

/// `strata diff`, run as a user runs it: exit 0 equal, 1 different, 2 when a document cannot be compared.
@Suite(.enabled(if: StrataBinary.url != nil, "the strata binary is not built next to the tests"))
struct DiffCommandTests {
    func run(_ args: [String], files: [String: String]) throws -> StrataBinary.Result {
        let dir = try ScratchDirectory(files)
        defer { dir.remove() }
        return try StrataBinary.run(["diff"] + args, in: URL(fileURLWithPath: dir.path))
    }

    @Test("equal documents exit 0 and say so")
    func equal() throws {
        let r = try run(["a.json", "b.json"], files: ["a.json": #"{"a":[1,2]}"#, "b.json": "{ \"a\": [1, 2.0] }"])
        #expect(r.status == 0)
        #expect(r.stdout == "no differences\n")
    }

    @Test("different documents exit 1 with one line per change and a summary")
    func different() throws {
        let r = try run(
            ["a.json", "b.xml"], files: ["a.json": #"{"r":{"a":"1","b":"2"}}"#, "b.xml": "<r><a>1</a><c>2</c></r>"])
        #expect(r.status == 1)
        #expect(r.stdout == "- $.r.b: string \"2\"\n+ $.r.c: string \"2\"\n1 added · 1 removed\n")
    }

    @Test("--json prints one object with equal, summary and changes")
    func json() throws {
        let r = try run(["--json", "a.json", "b.json"], files: ["a.json": #"{"a":1}"#, "b.json": #"{"a":"1"}"#])
        #expect(r.status == 1)
        let o = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(o["equal"] as? Bool == false)
        let changes = try #require(o["changes"] as? [[String: Any]])
        #expect(changes.first?["change"] as? String == "typeChanged")
    }

    @Test("a document that does not parse exits 2 with FILE:LINE:COL")
    func parseError() throws {
        let r = try run(["a.json", "b.json"], files: ["a.json": "{}", "b.json": "{\n  \"a\": tru\n}"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("b.json:2:"))
    }

    @Test("one document is a usage error (exit 2)")
    func usage() throws {
        let r = try run(["a.json"], files: ["a.json": "{}"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("usage: strata diff"))
    }
}
