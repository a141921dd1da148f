import Foundation
import Strata
import StrataTestSupport
import Testing

/// Inputs whose shape once made Strata do quadratic work. Each is big enough that the old code took many seconds
/// in a debug build and small enough that linear code finishes in a fraction of one; the timing itself is measured
/// by `strata-bench adversarial`. They run one at a time so they never hold every thread of the shared pool.
@Suite(.serialized) struct AdversarialInputTests {
    @Test("an element with 20 000 attributes parses; a repeated one is still reported at its name")
    func manyXMLAttributes() throws {
        var s = "<r"
        for i in 0..<20_000 { s += " a\(i)=\"\(i)\"" }
        let tree = try XMLFormat().parse(Array((s + "/>").utf8))
        let r = try #require(tree.node(at: "$.r"))
        #expect(tree.childCount(r) == 20_000)
        #expect(tree.string(at: "$.r.@a19999") == "19999")

        let duplicate = s + " a7=\"x\"/>"
        let error = try #require(XMLFormat().error(duplicate))
        #expect(error.message == "duplicate attribute 'a7'")
        #expect(error.offset == duplicate.utf8.count - 8)
    }

    @Test("an XML name of 40 000 bytes that are not UTF-8 decodes to \\x escapes")
    func invalidUTF8XMLName() throws {
        let name = [UInt8(ascii: "a")] + [UInt8](repeating: 0xFF, count: 40_000)
        let tree = try XMLFormat().parse(Array("<".utf8) + name + Array(">x</".utf8) + name + Array(">".utf8))
        let element = try #require(tree.child(Tree.root, at: 0))
        let key = tree.key(element)
        let escaped = key == "a" + String(repeating: "\\xFF", count: 40_000)
        #expect(escaped)
    }

    @Test("a form value of 40 000 bytes that are not UTF-8 decodes to \\x escapes")
    func invalidUTF8FormValue() throws {
        let tree = try FormFormat().parse(Array("v=".utf8) + [UInt8](repeating: 0xFE, count: 40_000) + Array("é".utf8))
        let escaped = tree.string(at: "$.v") == String(repeating: "\\xFE", count: 40_000) + "é"
        #expect(escaped)
    }

    @Test("printing a JSON string of 40 000 bytes that are not UTF-8 shows each as \\xFF")
    func invalidUTF8JSONString() throws {
        let bytes = [0x22] + [UInt8](repeating: 0xFF, count: 40_000) + Array(#"\n\u00e9\ud800"#.utf8) + [0x22]
        let tree = try JSONParser().parse(bytes)
        let decoded = tree.string(Tree.root) == String(repeating: "\\xFF", count: 40_000) + "\né\\uD800"
        #expect(decoded)
        let printed = TreePrinter().string(tree)
        #expect(printed.utf8.count > 160_000)
        #expect(printed.hasSuffix(#"\\xFF\\xFF\né\\uD800""# + "\n"))
    }

    @Test("a 100 KB one-line JSON file in fixtures/ is read once per request, its problems at the right columns")
    func largeJSONFileInFixtures() throws {
        var s = #"{"/one":[{"response":{"status":200}}],"data":["#
        for i in 0..<2_000 { s += (i > 0 ? "," : "") + #"{"id":\#(i),"name":"usér \#(i)","tags":["a","b"]}"# }
        s += "]}"
        let dir = try ScratchDirectory(["fixtures/users.json": s])
        let set = FixtureSet.load(directory: dir.url("fixtures"))
        #expect(set.pairs.count == 1)
        // Each item: "id", "name", "tags" unknown and no "response"; plus the key "data" itself.
        #expect(set.diagnostics.count == 1 + 2_000 * 4)
        let bytes = Array(s.utf8)
        let last = set.diagnostics[set.diagnostics.count - 1]
        let lastItem = bytes.lastIndex(of: UInt8(ascii: "{"))!
        let expected = TextPosition.lineColumn(of: lastItem, in: bytes)
        #expect(last.message.contains("has no 'response'"))
        #expect((last.line, last.column) == (expected.line, expected.column))
    }

    @Test("a fixture response with 20 000 headers loads, and header lookups stay correct")
    func manyResponseHeaders() throws {
        var s = #"{"/one":[{"response":{"status":200,"headers":{"#
        for i in 0..<20_000 { s += (i > 0 ? "," : "") + #""X-H\#(i)":"v\#(i)""# }
        s += #"},"body":{"a":1}}}]}"#
        let dir = try ScratchDirectory(["fixtures/one.json": s])
        let set = FixtureSet.load(directory: dir.url("fixtures"))
        var headers = try #require(set.pairs.first).headers
        #expect(headers.count == 20_000)
        #expect(headers["x-h19999"] == "v19999")
        headers["Content-Type"] = "application/json"
        #expect(headers.fields.last == HTTPHeaders.Field(name: "Content-Type", value: "application/json"))
    }

    @Test("setting 20 000 distinct headers by name keeps order and case-insensitive replacement")
    func manyHeaderSets() {
        var headers = HTTPHeaders()
        for i in 0..<20_000 { headers["X-Header-\(i)"] = "\(i)" }
        #expect(headers.count == 20_000)
        headers["x-header-7"] = "seven"
        #expect(headers.fields[7] == HTTPHeaders.Field(name: "x-header-7", value: "seven"))
        headers.append(name: "X-HEADER-7", value: "again")
        #expect(headers.values("X-Header-7") == ["seven", "again"])
        headers["X-Header-7"] = "one"
        #expect(headers.count == 20_000)
        #expect(headers.fields[7] == HTTPHeaders.Field(name: "X-Header-7", value: "one"))
        headers["X-Header-7"] = nil
        #expect(headers.count == 19_999)
        #expect(headers["x-header-8"] == "8")
        #expect(headers.fields[7].name == "X-Header-8")
    }

    @Test("a session with 20 000 routes loads and numbers a broken route by its position")
    func manyRoutes() throws {
        var s = #"{"baseURL":"http://127.0.0.1:1","routes":["#
        for i in 0..<20_000 { s += (i > 0 ? ",\n" : "\n") + #"{"name":"r\#(i)","path":"/p/\#(i)"}"# }
        s += ",\n{\"path\":\"/nameless\"}]}"
        let (session, problems) = Session.loadReportingProblems(
            from: try ScratchDirectory(["session.json": s]).url("session.json"))
        #expect(session?.routes.count == 20_000)
        #expect(session?.route(named: "r19999")?.path == "/p/19999")
        #expect(problems.map(\.message) == ["route #20001 has no 'name'"])
    }

    @Test("checking 3 000 routes against a fixture path for each finds the one stray path and the wrong method")
    func checkManyRoutesAndFixturePaths() throws {
        var session = #"{"baseURL":"http://127.0.0.1:1","routes":["#
        var fixtures = "{"
        for i in 0..<3_000 {
            session += (i > 0 ? ",\n" : "\n") + #"{"name":"r\#(i)","path":"/p/\#(i)"}"#
            fixtures += (i > 0 ? ",\n" : "\n") + #""/p/\#(i)":[{"response":{"status":200}}]"#
        }
        session += #",{"name":"item","path":"/items/{id}","params":{"id":"1"}}]}"#
        fixtures += #","/items/7":[{"request":{"method":"POST"},"response":{"status":201}}],"/nowhere":[]}"#
        let dir = try ScratchDirectory(["session.json": session, "fixtures/all.json": fixtures])
        let check = SessionCheck.run(path: dir.path)
        #expect(check.diagnostics.count == 2)
        #expect(
            check.diagnostics.first?.message
                == "pair #1 of '/items/7' is for POST, but the routes for this path send GET")
        #expect(check.diagnostics.last?.message.hasPrefix("fixture path '/nowhere' matches no route's path") == true)
    }
}
