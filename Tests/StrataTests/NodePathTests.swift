import Strata
import Testing

/// One path builder for parsed nodes, mapped values and mapping issues.
@Suite("Node paths")
struct NodePathTests {
    static let oddJSON = #"""
        {"odd key": [1, {"a.b": true, "": null, "é-x": "v", "1st": 0, "q\"uote": []}], "k": 1, "k": [2, 3]}
        """#

    @Test("every node's path leads back to it: odd keys, duplicate keys, repeated elements and fields")
    func pathsLeadBack() throws {
        let trees = [
            try JSONParser().parse(Array(Self.oddJSON.utf8)),
            try XMLFormat().parse(#"<feed><entry id="1"/><entry><t>x</t></entry><odd-key>y</odd-key><entry/></feed>"#),
            try FormFormat().parse("a=1&a=2&b%20c=3&a=4"),
        ]
        for tree in trees {
            for i in tree.indices {
                let path = tree.path(i)
                #expect(tree.node(at: path) == i, "\(tree.format.name): \(path) is not node \(i)")
                #expect(TreePath(parsing: path.description) == path, "\(tree.format.name): \(path) does not read back")
            }
        }
        let json = trees[0]
        #expect(json.path(json.at(#"$["odd key"][1]["a.b"]"#)).description == #"$["odd key"][1]["a.b"]"#)
        #expect(json.path(json.at("$.k#1[1]")).description == "$.k#1[1]")
        let xml = trees[1]
        #expect(xml.path(xml.at("$.feed.entry#2")).description == "$.feed.entry#2")
    }

    @Test("an occurrence too large for an Int makes a path malformed, in a lookup and in a mapping's field")
    func occurrenceOutOfRange() throws {
        // Found by review after the mapper fuzzer's integer overflow: the digits after `#` overflowed and crashed
        // `strata check` on a session whose field was `$.a#99999999999999999999`.
        #expect(TreePath(parsing: "$.a#9223372036854775807")?.description == "$.a#9223372036854775807")
        for text in ["$.a#9223372036854775808", "$.a#99999999999999999999", #"$["a"]#99999999999999999999"#] {
            #expect(TreePath(parsing: text) == nil, "\(text)")
            #expect(FieldPath(text) == nil, "\(text)")
        }
        let tree = try JSONParser().parse(Array(#"{"a": 1}"#.utf8))
        #expect(tree.node(at: "$.a#99999999999999999999") == nil)
    }

    @Test("a mapped value's path is its source node's path when names are the keys")
    func mappedAgreesWithParsed() throws {
        let config = #"""
            {"mappings": {"Shop": {"properties": {
                "odd key": "[int]",
                "by-name": {"type": "dictionary", "values": "[int]"}
            }}}, "map": "Shop"}
            """#
        let data = #"{"odd key": [1, 2, 3], "by-name": {"x y": [4], "": [5, 6], "é": [7], "a.b": [8]}}"#
        let result = MappingFixture.map(config: config, data: data)
        #expect(result.issues.isEmpty, "\(result.issues)")
        var checked = 0
        for value in result.values {
            guard let source = value.source else { continue }
            #expect(result.path(of: value.id) == result.tree.path(source).relativeDescription)
            checked += 1
        }
        #expect(checked == result.values.count)
        let eight = try #require(result.values.first { $0.content == .int(8) })
        #expect(result.path(of: eight.id) == #"by-name["a.b"][0]"#)
        // A memo's positions give the same text as walking.
        #expect(result.path(of: eight.id, position: { result.siblingIndex($0) }) == result.path(of: eight.id))
    }

    @Test("mapping issues carry the parsed path, also past the 64th element and for duplicate keys")
    func issuePathsAgree() {
        let items = (0..<100).map { #"{"id": \#($0), "odd key": 1, "id": 2}"# }.joined(separator: ",")
        let result = MappingFixture.map(
            config:
                #"{"mappings": {"Item": {"properties": {"id": "int"}}}, "map": {"class": "[Item]", "keyPath": "list"}}"#,
            data: #"{"list": [\#(items)]}"#)
        let unmapped = result.issues.filter { $0.kind == .unmappedField }
        #expect(unmapped.count >= 100)
        for issue in unmapped {
            guard let node = issue.node else { continue }
            #expect(issue.path == result.tree.path(node).description)
        }
        #expect(unmapped.contains { $0.path == #"$.list[99]["odd key"]"# })
    }
}
