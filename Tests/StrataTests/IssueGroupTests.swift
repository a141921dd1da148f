import Foundation
import Strata
import Testing

/// Issues of one kind, property and path pattern are one row with a count; the severity filter and the counts.
@Suite struct IssueGroupTests {
    static let config = """
        {
          "mappings": { "Item": { "properties": { "id": "int", "price": "double" } } },
          "map": { "class": "Item" }
        }
        """

    /// `n` items, each with an unmapped `extra` field; item 1's price is a string that does not read as a number.
    static func items(_ n: Int) -> MappingResult {
        var elements: [String] = []
        for k in 0..<n {
            elements.append(#"{"id":\#(k),"price":\#(k == 1 ? "\"cheap\"" : "1.5"),"extra":true}"#)
        }
        return MappingFixture.map(config: config, data: "[" + elements.joined(separator: ",") + "]")
    }

    @Test("array positions become [*] and occurrence counts are dropped; quoted keys are kept as written")
    func pattern() {
        #expect(IssueGroup.pattern(of: "$.items[12].extra") == "$.items[*].extra")
        #expect(IssueGroup.pattern(of: "$[0][3]") == "$[*][*]")
        #expect(IssueGroup.pattern(of: "$.feed.entry#2.title") == "$.feed.entry.title")
        #expect(IssueGroup.pattern(of: #"$["a[1]"].b[2]"#) == #"$["a[1]"].b[*]"#)
        #expect(IssueGroup.pattern(of: #"$["q\"[1]"][0]"#) == #"$["q\"[1]"][*]"#)
        #expect(IssueGroup.pattern(of: "$") == "$")
    }

    @Test("500 items with one unmapped field give one info row of 500 with the first three paths")
    func unmappedFieldIsOneRow() {
        let r = Self.items(500)
        let groups = r.issueGroups()
        let unmapped = groups.filter { $0.kind == .unmappedField }
        #expect(unmapped.count == 1)
        #expect(unmapped[0].count == 500)
        #expect(unmapped[0].pattern == "$[*].extra")
        #expect(unmapped[0].examples == ["$[0].extra", "$[1].extra", "$[2].extra"])
        #expect(r.issues[unmapped[0].first].path == "$[0].extra")
        #expect(groups.map(\.count).reduce(0, +) == r.issues.count)
    }

    @Test("a group of one reads exactly like its issue")
    func singleGroupReadsLikeIssue() {
        let r = Self.items(3)
        let error = r.issueGroups().first { $0.severity == .error }
        #expect(error?.count == 1)
        #expect(error?.description == r.issues.first { $0.severity == .error }?.description)
    }

    @Test("the grouped text lists each group once, with its count and example paths")
    func groupedText() {
        let text = Self.items(4).groupedIssuesText()
        #expect(text.contains("info unmappedField $[*].extra Item ×4: "))
        #expect(text.contains("  $[0].extra, $[1].extra, $[2].extra, …\n"))
        #expect(text.components(separatedBy: "unmappedField").count == 2)
    }

    @Test("--severity error keeps errors only; warning keeps errors and warnings; info keeps everything")
    func severityFilter() {
        let r = Self.items(4)
        let errorsOnly = r.groupedIssuesText(.error)
        #expect(errorsOnly.contains("error typeMismatch $[1].price Item.price"))
        #expect(!errorsOnly.contains("unmappedField"))
        #expect(SeverityFilter.warning.admits(.warning))
        #expect(!SeverityFilter.warning.admits(.info))
        #expect(SeverityFilter.info.admits(.info))
        #expect(r.issuesJSONText(.error).components(separatedBy: "\"severity\"").count == 2)
    }

    @Test("counts by severity read 1 error · 4 info, most serious first, and leave out zeros")
    func counts() {
        let counts = IssueCounts(Self.items(4).issues)
        #expect(counts.text == "1 error · 4 info")
        #expect(counts.total(.error) == 1)
        #expect(counts.total() == 5)
        #expect(IssueCounts([]).text == "")
    }

    @Test("groups as JSON carry the pattern, the count and the examples")
    func groupsJSON() throws {
        let json = Self.items(5).issueGroupsJSONText()
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        let unmapped = try #require(array.first { $0["kind"] as? String == "unmappedField" })
        #expect(unmapped["count"] as? Int == 5)
        #expect(unmapped["pattern"] as? String == "$[*].extra")
        #expect((unmapped["examples"] as? [String])?.count == 3)
    }

    @Test("groups from the compact unmapped records equal groups of the same issues built in full")
    func compactGroupsAgreeWithBuiltIssues() throws {
        let config = """
            {
              "mappings": {
                "Shop": { "properties": { "items": "[Item]" } },
                "Item": { "properties": { "id": "int", "price": "double", "tags": "[Tag]" } },
                "Tag": { "properties": { "name": "string" } }
              },
              "map": { "class": "Shop", "keyPath": "shop" }
            }
            """
        var items: [String] = []
        for k in 0..<40 {
            let price = k == 7 ? #""cheap""# : "1.5"
            items.append(
                #"{"id":\#(k),"price":\#(price),"a b":1,"tags":[{"name":"t","x.y":[1]},{"name":"u","z":null}]}"#)
        }
        let data = #"{"shop":{"items":["# + items.joined(separator: ",") + #"],"owner":"o"},"meta":{"n":1}}"#
        let r = MappingFixture.map(config: config, data: data)
        let built = MappingIssues(Array(r.issues))
        #expect(r.issues == built)
        #expect(r.issues.groups() == built.groups())
        let patterns = r.issues.groups().filter { $0.kind == .unmappedField }.map(\.pattern)
        #expect(patterns.contains(#"$.shop.items[*]["a b"]"#))
        #expect(patterns.contains(#"$.shop.items[*].tags[*]["x.y"]"#))
        #expect(patterns.contains("$.shop.items[*].tags[*].z"))
        let quoted = try #require(r.issues.groups().first { $0.pattern == #"$.shop.items[*]["a b"]"# })
        #expect(quoted.count == 40)
        #expect(quoted.examples == (0..<3).map { #"$.shop.items[\#($0)]["a b"]"# })
        #expect(IssueCounts(r.issues) == IssueCounts(built))
    }

    /// The same keys of one class at two levels, escaped spellings of one key, then 40 keys and more groups than are remembered.
    @Test("grouping by recent keys gives the groups that each issue's own path gives")
    func recentKeysGroupLikePaths() throws {
        let config = """
            {
              "mappings": {
                "Item": { "properties": { "id": "int", "inner": { "type": "Item", "optional": true } } }
              },
              "map": { "class": "Item" }
            }
            """
        var items: [String] = []
        for k in 0..<60 {
            // Items 30 and on spread keys k0…k39 over themselves; "a" is written three ways throughout.
            let keys = k < 30 ? ["x", "y"] : (0..<20).map { "k\((k + $0 * 3) % 40)" }
            let spelled = [#""a""#, #""\u0061""#, #""\u0061""#][k % 3]
            let members = keys.map { #""\#($0)":\#(k)"# }.joined(separator: ",")
            items.append(
                #"{"id":\#(k),\#(spelled):1,\#(members),"inner":{"id":1,\#(members),\#(spelled):[1]}}"#)
        }
        let r = MappingFixture.map(config: config, data: "[" + items.joined(separator: ",") + "]")
        let built = MappingIssues(Array(r.issues))
        let groups = r.issues.groups()
        #expect(groups == built.groups())
        #expect(groups.count == 86)
        #expect(groups.first { $0.pattern == "$[*].inner.x" }?.count == 30)
        let a = try #require(groups.first { $0.pattern == "$[*].a" })
        #expect(a.count == 60)
        #expect(groups.first { $0.pattern == "$[*].inner.a" }?.count == 60)
        #expect(groups.map(\.count).reduce(0, +) == r.issues.count)
    }
}
