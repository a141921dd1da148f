import Foundation
import Strata
import Testing

/// The mapped tree as the explorer uses it: flat values, links both ways to the source, text and JSON output.
@Suite struct MappingResultTests {
    static let result = MappingIssueKindTests.map(
        article: #"{"title": "C", "publication_date": "7/6/2011", "copies": "x1", "price": 3}"#)

    @Test("every value knows its source node, and every source node finds its value")
    func linksBothWays() throws {
        let r = Self.result
        for v in r.values {
            guard let s = v.source else { continue }
            #expect(r.value(forSource: s) == v.id, "value \(r.path(of: v.id)) at \(r.tree.path(s))")
        }
        let copies = try #require(r.tree.node(at: "$.bookstore.catalogue[2].copies"))
        let id = try #require(r.value(forSource: copies))
        #expect(r.path(of: id) == "catalogue[2].copies")
        #expect(r[id].source == copies)
        #expect(r.issues(for: id).map(\.kind) == [.typeMismatch])
    }

    @Test("usage tells mapped, unmapped, passed-through and unreached source nodes apart")
    func usage() throws {
        let tree = MappingFixture.tree(
            #"{"meta": {"v": 1}, "bookstore": {"name": "X", "catalogue": [], "extra": {"a": 1}}}"#)
        let (set, route) = MappingFixture.load(MappingIssueKindTests.config)
        let r = Mapper(mappings: set).map(tree, with: route)
        func usage(_ path: String) -> MappingResult.SourceUsage { r.usage(of: tree.node(at: path)!) }
        #expect(usage("$.bookstore") == .value(0))
        #expect(usage("$.bookstore.name") == .value(r.child(of: 0, named: "name")!))
        #expect(usage("$.bookstore.extra") == .unmapped)
        #expect(usage("$.bookstore.extra.a") == .unmapped)
        #expect(usage("$") == .passed)
        #expect(usage("$.meta") == .notReached)
        #expect(usage("$.meta.v") == .notReached)
    }

    @Test("an any property keeps the raw subtree; nodes inside it are inside that value")
    func anyKeepsTheSubtree() throws {
        let set = MappingSet([ClassMapping(name: "A", properties: [PropertyMapping("extra", .any)])])
        let tree = MappingFixture.tree(#"{"extra": {"deep": [1, {"x": true}]}}"#)
        let r = Mapper(mappings: set).map(tree, with: RouteMapping(className: "A"))
        let extra = try #require(r.child(of: 0, named: "extra"))
        #expect(r.usage(of: tree.node(at: "$.extra.deep[1].x")!) == .inside(extra))
        #expect(r.jsonText() == #"{"$class":"A","extra":{"deep":[1,{"x":true}]}}"#)
        #expect(r.text() == "A\n  extra: {\"deep\":[1,{\"x\":true}]}\n")
    }

    @Test("values are stored in pre-order with parents and subtree ends, like Tree nodes")
    func flatPreOrder() {
        let r = Self.result
        for v in r.values {
            #expect(v.end > v.id)
            if let p = v.parent {
                #expect(p < v.id && r[p].end >= v.end)
                #expect(r.children(of: p).contains(v.id))
            }
        }
        #expect(r.root.parent == nil && r.root.end == r.values.count)
    }

    @Test("a folded object can be marked by the worst issue inside it")
    func subtreeSeverity() throws {
        let r = Self.result
        let catalogue = try #require(r.child(of: 0, named: "catalogue"))
        #expect(r.subtreeSeverity(of: 0) == .error)
        #expect(r.subtreeSeverity(of: catalogue) == .error)
        #expect(r.subtreeSeverity(of: r.children(of: catalogue)[0]) == nil)
    }

    @Test("text marks values with issues; JSON writes invalid values as null")
    func renderingMarksIssues() {
        let r = Self.result
        #expect(r.text().contains("\n      copies: \"x1\" ⚠ expected int\n"))
        #expect(
            r.jsonText().contains(#""title":"C","publicationDate":"2011-07-06T00:00:00Z","copies":null,"isbn":null}"#))
    }

    @Test("missing and null values render plainly in text")
    func missingAndNullRender() {
        let r = MappingIssueKindTests.map(article: #"{"title": null, "publication_date": "7/6/2011"}"#)
        #expect(r.text().contains("\n      title: nil ⚠ required\n"))
        #expect(r.text().contains("\n      copies: missing ⚠ expected int\n"))
    }

    @Test("pretty JSON indents by two spaces and keeps property order")
    func prettyJSON() {
        let set = MappingSet([
            ClassMapping(
                name: "A",
                properties: [
                    PropertyMapping("z", .int), PropertyMapping("a", .array(.string)),
                    PropertyMapping("d", .dictionary(values: .bool, keys: [:])), PropertyMapping("e", .array(.int)),
                ])
        ])
        let tree = MappingFixture.tree(#"{"a": ["x", "y"], "d": {"k": true}, "z": 1, "e": []}"#)
        let r = Mapper(mappings: set).map(tree, with: RouteMapping(className: "A"))
        #expect(
            r.jsonText(pretty: true) == """
                {
                  "$class": "A",
                  "z": 1,
                  "a": [
                    "x",
                    "y"
                  ],
                  "d": {
                    "k": true
                  },
                  "e": []
                }
                """)
    }

    @Test("issues as JSON carry severity, kind, path, property, expected, found and message")
    func issuesJSON() throws {
        let r = Self.result
        let data = Data(r.issuesJSONText().utf8)
        let decoded = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(decoded.count == 2)
        #expect(decoded[0]["severity"] as? String == "error")
        #expect(decoded[0]["kind"] as? String == "typeMismatch")
        #expect(decoded[0]["path"] as? String == "$.bookstore.catalogue[2].copies")
        #expect(decoded[0]["property"] as? String == "Article.copies")
        #expect(decoded[0]["expected"] as? String == "int")
        #expect(decoded[0]["found"] as? String == "string \"x1\"")
        #expect((decoded[0]["message"] as? String)?.hasPrefix("expected int, found string") == true)
        #expect(decoded[1]["kind"] as? String == "unmappedField")
        #expect(decoded[1]["expected"] is NSNull)
        #expect(r.count(.info) == 1 && r.count(.error) == 1 && r.hasErrors)
    }

    @Test("issue paths match Tree.path even in arrays too long to scan")
    func pathsInLongArrays() {
        let set = MappingSet([ClassMapping(name: "N", properties: [PropertyMapping("n", .int)])])
        var items = (0..<300).map { #"{"n": \#($0)}"# }
        items[257] = #"{"n": "bad"}"#
        let tree = MappingFixture.tree("[" + items.joined(separator: ",") + "]")
        let r = Mapper(mappings: set).map(tree, with: RouteMapping(className: "N"))
        #expect(r.issues.map(\.path) == ["$[257].n"])
        #expect(r.issues[0].path == tree.path(r.issues[0].node!).description)
    }

    @Test("mapping does not depend on which tree it came from: a mapper is reusable and Sendable")
    func mapperIsReusable() async {
        let (set, route) = MappingFixture.load(SeedDXDALTests.config)
        let mapper = Mapper(mappings: set)
        let tree = MappingFixture.tree(SeedDXDALTests.data)
        let texts = await withTaskGroup(of: String.self) { group in
            for _ in 0..<4 { group.addTask { mapper.map(tree, with: route).jsonText() } }
            return await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(Set(texts).count == 1)
    }
}
