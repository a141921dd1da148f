import Foundation
import Strata
import Testing

/// Structural diffs by path, for parsed trees of any format and for mapped results.
@Suite struct TreeDiffTests {
    func tree(_ text: String, _ type: String = "json") throws -> Tree {
        try #require(ParserRegistry.standard.parse(Array(text.utf8), type: type).tree)
    }

    func lines(_ a: String, _ b: String) throws -> [String] {
        TreeDiff(try tree(a), try tree(b)).changes.map(\.line)
    }

    @Test("equal documents have no changes, whatever the key order and number spelling")
    func equal() throws {
        let diff = TreeDiff(try tree(#"{"a":1,"b":[true,null]}"#), try tree(#"{"b":[true,null],"a":1.0}"#))
        #expect(diff.isEqual)
        #expect(diff.summary == "no differences")
    }

    @Test("objects compare by key: added, removed, changed and type changed, each with its path")
    func objects() throws {
        #expect(
            try lines(#"{"a":1,"b":"x","c":true,"d":{"e":null}}"#, #"{"a":2,"b":3,"d":{"e":null,"f":[]}}"#) == [
                "~ $.a: number 1 → number 2",
                #"! $.b: string "x" → number 3"#,
                "- $.c: bool true",
                "+ $.d.f: empty array",
            ])
    }

    @Test("a removed member is listed where it was, after the member before it; a leading one first")
    func removalOrder() throws {
        #expect(
            try lines(#"{"x":1,"a":1,"b":2,"c":3}"#, #"{"a":1,"c":3,"d":4}"#) == [
                "- $.x: number 1", "- $.b: number 2", "+ $.d: number 4",
            ])
    }

    @Test("arrays compare by index: the extra elements of the longer one are added or removed")
    func arrays() throws {
        #expect(try lines("[1,2,3]", "[1,5]") == ["~ $[1]: number 2 → number 5", "- $[2]: number 3"])
        #expect(try lines("[]", #"[{"a":1}]"#) == ["+ $[0]: object with 1 field"])
    }

    @Test("a type change is one change: the subtrees below it are not compared")
    func typeChangeStops() throws {
        #expect(try lines(#"{"a":{"x":1,"y":2}}"#, #"{"a":[1,2]}"#) == ["! $.a: object with 2 fields → array of 2"])
    }

    @Test("paths come from the one path builder: odd keys quoted, repeated XML elements by occurrence")
    func paths() throws {
        #expect(try lines(#"{"odd key":1}"#, #"{"odd key":2}"#) == [#"~ $["odd key"]: number 1 → number 2"#])
        let a = try tree("<feed><entry>a</entry><entry>b</entry></feed>", "xml")
        let b = try tree("<feed><entry>a</entry><entry>c</entry></feed>", "xml")
        #expect(TreeDiff(a, b).changes.map(\.path) == ["$.feed.entry#1"])
    }

    @Test("a JSON document and an XML one with the same text values differ only where the values do")
    func acrossFormats() throws {
        let diff = TreeDiff(try tree(#"{"r":{"a":"1","b":"2"}}"#), try tree("<r><a>1</a><b>3</b></r>", "xml"))
        #expect(diff.changes.map(\.line) == [#"~ $.r.b: string "2" → string "3""#])
    }

    @Test("the JSON report says whether the trees are equal and counts each kind of change")
    func json() throws {
        let text = TreeDiff(try tree(#"{"a":1}"#), try tree(#"{"b":1}"#)).jsonText()
        let o = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(o["equal"] as? Bool == false)
        #expect((o["summary"] as? [String: Int])?["added"] == 1)
        #expect((o["summary"] as? [String: Int])?["removed"] == 1)
        let changes = try #require(o["changes"] as? [[String: Any]])
        #expect(changes.map { $0["path"] as? String } == ["$.a", "$.b"])
        #expect(changes.map { $0["change"] as? String } == ["removed", "added"])
    }

    @Test("mapped results compare by property and by mapped type, with relative paths")
    func mappedResults() {
        let config = """
            { "mappings": { "Item": { "properties": { "id": "int", "price": "double", "name": "string" } } },
              "map": { "class": "Item" } }
            """
        let before = MappingFixture.map(config: config, data: #"[{"id":1,"price":2.5,"name":"a"},{"id":2}]"#)
        let after = MappingFixture.map(config: config, data: #"[{"id":1,"price":3.5,"name":"a"},{"id":2,"price":1}]"#)
        let changes = TreeDiff(before, after).changes
        #expect(changes.map(\.path) == ["[0].price", "[1].price"])
        #expect(changes.map(\.kind) == [.changed, .typeChanged])
    }
}
