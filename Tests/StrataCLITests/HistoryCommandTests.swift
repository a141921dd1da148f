import Foundation
import StrataTestSupport
import Testing

/// `strata history` and `strata run --replay N`: every run is kept, listed, and shown again without sending.
@Suite struct HistoryCommandTests {
    @Test("each run is kept; history lists number, time, route, status, size and source, newest first")
    func listsRuns() throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        #expect(try StrataBinary.run(["run", dir.path, "listProducts", "-p", "page=2"]).status == 0)
        #expect(try StrataBinary.run(["run", dir.path, "listProducts"]).status == 0)
        let r = try StrataBinary.run(["history", dir.path])
        #expect(r.status == 0)
        let rows = r.stdout.split(separator: "\n").map(String.init)
        #expect(rows.count == 2)
        #expect(rows[0].hasPrefix("#2  "))
        #expect(rows[1].hasPrefix("#1  "))
        for row in rows {
            #expect(row.contains("  listProducts  200  "))
            #expect(row.hasSuffix(" B  mock"))
        }
        let json = try StrataBinary.run(["history", dir.path, "listProducts", "--json"])
        let entries = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(entries.map { $0["number"] as? Int } == [2, 1])
        #expect(entries.first?["url"] as? String == "https://api.example.com/v1/products?page=1")
        #expect(dir.read(".strata/.gitignore")?.contains("*") == true)
    }

    @Test("an unknown route is an error with a suggestion; an empty history says how it fills")
    func unknownRouteAndEmpty() throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let empty = try StrataBinary.run(["history", dir.path])
        #expect(empty.status == 0)
        #expect(empty.stdout.isEmpty)
        #expect(empty.stderr.contains("no history yet"))
        let r = try StrataBinary.run(["history", dir.path, "listProduct"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("did you mean 'listProducts'"))
    }

    @Test("run --replay N shows the entry through parse and map without sending; an unknown N exits 1")
    func replays() throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        #expect(try StrataBinary.run(["run", dir.path, "listProducts", "-p", "page=2"]).status == 0)
        // The fixture changes afterwards: a replay still shows what was received.
        try dir.write("fixtures/products.json", "{}")
        let r = try StrataBinary.run(["run", dir.path, "listProducts", "--replay", "1", "--show", "mapped"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("Lamp"))
        #expect(r.stderr.contains("· history #1 (mock) "))
        #expect(try StrataBinary.run(["history", dir.path]).stdout.split(separator: "\n").count == 1)
        let missing = try StrataBinary.run(["run", dir.path, "listProducts", "--replay", "5"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no history entry #5 (entries kept: #1–#1"))
        let other = try StrataBinary.run(["run", dir.path, "product", "--replay", "1"])
        #expect(other.status == 1)
        #expect(
            other.stderr == "strata: history entry #1 is of route 'listProducts', not 'product' ('product' has no "
                + "entries yet)\n")
        try dir.write("fixtures/products.json", #"{ "/products/1": [ { "response": { "body": { "id": 1 } } } ] }"#)
        #expect(try StrataBinary.run(["run", dir.path, "product"]).status == 0)
        let kept = try StrataBinary.run(["run", dir.path, "product", "--replay", "1"])
        #expect(
            kept.stderr.hasPrefix(
                "strata: history entry #1 is of route 'listProducts', not 'product' (entries "
                    + "of 'product': #2)"))
        let live = try StrataBinary.run(["run", dir.path, "listProducts", "--replay", "1", "--source", "live"])
        #expect(live.status == 2)
        #expect(
            live.stderr.hasPrefix(
                "strata: --replay shows a kept exchange: it cannot be combined with -p, --curl, --code, "
                    + "--cookies or --source\n"))
        let bad = try StrataBinary.run(["run", dir.path, "listProducts", "--replay", "x"])
        #expect(bad.status == 2)
    }

    @Test("a secret sent with a run is never in the history files")
    func secretNotKept() throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        #expect(
            try StrataBinary.run(["run", dir.path, "listProducts"], environment: ["SHOP_KEY": "s3cret-key-42"]).status
                == 0)
        let files = dir.list(".strata/history")
        #expect(files == ["1.body", "1.json"])
        for name in files { #expect(dir.read(".strata/history/" + name)?.contains("s3cret-key-42") == false) }
    }
}
