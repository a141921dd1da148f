import Foundation
import Strata
import StrataTestSupport
import Testing

@Suite struct FixtureLoadingTests {
    func load(_ files: [String: String]) throws -> (FixtureSet, ScratchDirectory) {
        let dir = try ScratchDirectory(files)
        return (FixtureSet.load(directory: dir.url("fixtures")), dir)
    }

    @Test("pairs are read with their method, params, status, headers, body kind and position")
    func readsPairs() throws {
        let (set, dir) = try load(ShopSession.files())
        defer { dir.remove() }
        #expect(set.diagnostics.isEmpty)
        #expect(set.pairs.count == 3)
        let first = set.pairs[0]
        #expect(first.method == "GET")
        #expect(first.params.map { "\($0.name)=\($0.value)" } == ["page=2"])
        #expect(first.headers == ["Content-Type": "application/json"])
        #expect(first.body == .json(Array(#"{ "products": [ { "id": 3, "name": "Lamp" } ] }"#.utf8)))
        #expect(first.location == dir.path + "/fixtures/products.json:3:5")
        #expect(set.pairs[1].method == nil || set.pairs[1].method == "GET")
        #expect(set.pairs[2].body == .file(name: "product-1.xml", path: dir.path + "/fixtures/product-1.xml"))
        #expect(set.pairs[2].status == 200)
    }

    @Test("a missing fixtures folder holds no pairs and no problems")
    func missingFolder() throws {
        let (set, dir) = try load(["session.json": "{}"])
        defer { dir.remove() }
        #expect(set.pairs.isEmpty && set.diagnostics.isEmpty && set.files.isEmpty)
    }

    @Test("problems are reported with file:line:col and broken pairs are left out")
    func problems() throws {
        let (set, dir) = try load([
            "fixtures/a.json": """
            {
              "/x": [
                { "request": { "method": "GET", "parms": {} }, "response": { "status": 200 } },
                { "response": { "status": "200", "bodyFile": "missing.bin", "delay": -5 } },
                { "response": { "body": {}, "bodyFile": "b" } },
                { "request": {} }
              ],
              "y": {}
            }
            """,
            "fixtures/b.json": "{ \"/z\": [ }",
        ])
        defer { dir.remove() }
        let lines = set.diagnostics.map { $0.description.replacingOccurrences(of: dir.path + "/fixtures/", with: "") }
        #expect(
            lines == [
                "a.json:3:37: unknown key 'parms' in the request of pair #1 of '/x'; did you mean 'params'? (known keys: method, params)",
                "a.json:4:31: 'status' of pair #2 of '/x' must be a whole number, found \"200\"",
                "a.json:4:50: bodyFile 'missing.bin' of pair #2 of '/x' does not exist (looked for missing.bin)",
                "a.json:4:74: 'delay' of pair #2 of '/x' must not be negative",
                "a.json:5:33: pair #3 of '/x' has both 'body' and 'bodyFile'; keep one",
                "a.json:6:5: pair #4 of '/x' has no 'response'",
                "a.json:8:3: fixture path 'y' must start with '/' (it is relative to the base URL)",
                "a.json:8:8: the pairs of 'y' must be an array, found an object",
                "b.json:1:11: expected a value, found '}'",
            ])
        #expect(set.pairs.isEmpty)
    }

    @Test("positions in a long one-line file are exact: many pairs, multi-byte text, a look back at a repeated path")
    func positionsOnOneLine() throws {
        var text = "{"
        for i in 0..<300 {
            let status = i % 100 == 7 ? #""bad""# : "200"
            text += #""/p\#(i)": [{"request": {"params": {"ü": "é\#(i)"}}, "response": {"status": \#(status)}}], "#
        }
        text += #""/p7": []}"#
        let (set, dir) = try load(["fixtures/one.json": text])
        defer { dir.remove() }
        let bytes = Array(text.utf8)
        /// `line:column` of the `n`th occurrence of `needle`, by the one-offset reference function.
        func position(_ needle: String, _ n: Int) -> String {
            let b = Array(needle.utf8)
            let offsets = (0...(bytes.count - b.count)).filter { Array(bytes[$0..<($0 + b.count)]) == b }
            let (line, column) = TextPosition.lineColumn(of: offsets[n], in: bytes)
            return "\(line):\(column)"
        }
        let lines = set.diagnostics.map { $0.description.replacingOccurrences(of: dir.path + "/fixtures/", with: "") }
        let status = ["/p7", "/p107", "/p207"].enumerated().map { n, path in
            "one.json:\(position(#""bad""#, n)): 'status' of pair #1 of '\(path)' must be a whole number, found \"bad\""
        }
        #expect(
            lines == status + [
                "one.json:\(position(#""/p7":"#, 1)): path '/p7' is listed twice in this file (first at "
                    + "\(position(#""/p7":"#, 0)))"
            ])
        #expect(set.pairs.count == 297)
        #expect(set.pairs[299 - 3].location.hasSuffix("one.json:\(position(#"{"request""#, 299))"))
    }
}
