import Foundation
import StrataTestSupport
import Testing

/// `--query` on `parse` and `run`: matching nodes with their normalized paths, JSON arrays, positioned errors.
@Suite(.enabled(if: StrataBinary.url != nil, "the strata binary is not built next to the tests"))
struct QueryCommandTests {
    func parse(_ args: [String], files: [String: String]) throws -> StrataBinary.Result {
        let dir = try ScratchDirectory(files)
        defer { dir.remove() }
        return try StrataBinary.run(["parse"] + args, in: URL(fileURLWithPath: dir.path))
    }

    static let books = #"{"books":[{"title":"Swift","price":30},{"title":"C","price":5}]}"#

    @Test("parse --query prints each match as its normalized path and value, the count on stderr")
    func parseQuery() throws {
        let r = try parse(["b.json", "--query", "$.books[?@.price > 10].title"], files: ["b.json": Self.books])
        #expect(r.status == 0)
        #expect(r.stdout == "$['books'][0]['title'] \"Swift\"\n")
        #expect(r.stderr == "1 match\n")
    }

    @Test("parse --query --json prints a JSON array of the values")
    func parseQueryJSON() throws {
        let r = try parse(["b.json", "--query", "$..price", "--json"], files: ["b.json": Self.books])
        #expect(r.status == 0)
        #expect(r.stdout == "[30,5]\n")
    }

    @Test("an XML body is queried by the same rules")
    func xmlQuery() throws {
        let r = try parse(
            ["f.xml", "--query", "$.feed.entry", "--json"],
            files: ["f.xml": "<feed><entry>a</entry><entry>b</entry></feed>"])
        #expect(r.stdout == #"["a","b"]"# + "\n")
    }

    @Test("an invalid query exits 2 with query:1:COL: message")
    func invalidQuery() throws {
        let r = try parse(["b.json", "--query", "$.books[?@.price >]"], files: ["b.json": Self.books])
        #expect(r.status == 2)
        #expect(r.stdout == "")
        #expect(r.stderr == "query:1:19: expected a value, a query or a function, found ']'\n")
        let typed = try parse(["b.json", "--query", "$[?length(@.*) > 1]"], files: ["b.json": Self.books])
        #expect(typed.status == 2)
        #expect(typed.stderr.hasPrefix("query:1:11: "))
    }

    @Test("run --query selects from the response body; --show cannot be combined with it")
    func runQuery() throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let r = try StrataBinary.run(["run", dir.path, "listProducts", "-p", "page=2", "--query", "$.products[0].name"])
        #expect(r.status == 0)
        #expect(r.stdout == "$['products'][0]['name'] \"Lamp\"\n")
        let clash = try StrataBinary.run(["run", dir.path, "listProducts", "--query", "$", "--show", "raw"])
        #expect(clash.status == 2)
    }
}
