import Strata
import Testing

/// DXDAL's name matching: exact, then case styles, then singular ⇄ plural; explicit fields and key paths.
@Suite struct MappingNameMatchingTests {
    @Test(
        "keys that match a property name, and how well",
        arguments: [
            ("publicationDate", "publicationDate", NameMatching.Rank.exact),
            ("publication_date", "publicationDate", .caseStyle),
            ("first-name", "firstName", .caseStyle),
            ("FirstName", "firstName", .caseStyle),
            ("FIRST_NAME", "firstName", .caseStyle),
            ("@id", "id", .caseStyle),
            ("article", "articles", .number),
            ("categories", "category", .number),
            ("boxes", "box", .number),
            ("people", "person", .number),
        ])
    func matches(key: String, name: String, rank: NameMatching.Rank) {
        #expect(NameMatching.rank(key: key, name: name) == rank)
    }

    @Test("different words do not match", arguments: [("status", "statu"), ("address", "addres"), ("name", "names_x")])
    func nonMatches(key: String, name: String) {
        #expect(NameMatching.rank(key: key, name: name) == nil)
    }

    @Test("an exact key wins over a snake_case one, which wins over a plural one")
    func bestRankWins() {
        let set = MappingSet([
            ClassMapping(
                name: "A", properties: [PropertyMapping("userName", .string), PropertyMapping("tag", .string)])
        ])
        let tree = MappingFixture.tree(
            #"{"tags": "plural", "user_name": "snake", "userName": "exact", "tag": "exact"}"#)
        let r = Mapper(mappings: set).map(tree, with: RouteMapping(className: "A"))
        #expect(r.value(at: "userName")?.content == .string("exact"))
        #expect(r.value(at: "tag")?.content == .string("exact"))
        #expect(r.issues(.unmappedField).map(\.path) == ["$.tags", "$.user_name"])
    }

    @Test("explicit fields take their field before name matching, so two properties never share one")
    func explicitFieldsFirst() {
        let set = MappingSet([
            ClassMapping(
                name: "A",
                properties: [
                    PropertyMapping("name", .string, optional: true),
                    PropertyMapping("title", .string, field: "name"),
                ])
        ])
        let r = Mapper(mappings: set).map(MappingFixture.tree(#"{"name": "N"}"#), with: RouteMapping(className: "A"))
        #expect(r.value(at: "title")?.content == .string("N"))
        #expect(r.value(at: "name")?.content == .null)
    }

    @Test("field key paths go through objects and arrays; a broken path says where it stopped")
    func keyPaths() {
        let set = MappingSet([
            ClassMapping(
                name: "A",
                properties: [
                    PropertyMapping("first", .string, field: "items.0.name"),
                    PropertyMapping("odd", .int, field: #"$["a.b"][1]"#),
                    PropertyMapping("dotted", .int, field: #"c\.d"#),
                    PropertyMapping("gone", .string, field: "items.5.name"),
                ])
        ])
        let tree = MappingFixture.tree(#"{"items": [{"name": "x"}], "a.b": [0, 7], "c.d": 4}"#)
        let r = Mapper(mappings: set).map(tree, with: RouteMapping(className: "A"))
        #expect(r.value(at: "first")?.content == .string("x"))
        #expect(r.value(at: "odd")?.content == .int(7))
        #expect(r.value(at: "dotted")?.content == .int(4))
        #expect(
            r.issueLines == [
                "error missingField $.items[5].name A.gone: field path items.5.name: items has no \"5\" (it is "
                    + "array of 1) — add the field, or mark the property \"optional\": true"
            ])
    }

    @Test("objects with other shapes in the same array are matched on their own")
    func shapesVaryPerObject() {
        let set = MappingSet([
            ClassMapping(name: "U", properties: [PropertyMapping("firstName", .string), PropertyMapping("age", .int)])
        ])
        let tree = MappingFixture.tree(
            #"[{"first_name": "a", "age": 1}, {"age": 2, "firstName": "b"}, {"FirstName": "c", "Age": 3, "x": 0}]"#)
        let r = Mapper(mappings: set).map(tree, with: RouteMapping(className: "U"))
        #expect((0..<3).map { r.value(at: $0, "firstName")?.content } == [.string("a"), .string("b"), .string("c")])
        #expect((0..<3).map { r.value(at: $0, "age")?.content } == [.int(1), .int(2), .int(3)])
        #expect(r.issues.map(\.path) == ["$[2].x"])
    }

    @Test("a key that ends like another object's key, or the same keys spaced differently, is matched on its own")
    func layoutLookalikes() {
        let set = MappingSet([ClassMapping(name: "U", properties: [PropertyMapping("b", .int)])])
        // `"b":` ends the second object's key too, after an escaped quote; the third spaces its key differently.
        let tree = MappingFixture.tree(#"[{"b":1}, {"x\"b":2}, {"b" :  3}, { "b":4}, {"b":5,"c":6}, {}]"#)
        let r = Mapper(mappings: set).map(tree, with: RouteMapping(className: "U"))
        #expect(
            (0..<6).map { r.value(at: $0, "b")?.content } == [.int(1), .missing, .int(3), .int(4), .int(5), .missing])
        #expect(r.issues.filter { $0.kind == .unmappedField }.map(\.path) == [#"$[1]["x\"b"]"#, "$[4].c"])
        #expect(r.issues.filter { $0.kind == .missingField }.map(\.path) == ["$[1].b", "$[5].b"])
    }

    @Test("suggestions pick close names only")
    func suggestions() {
        #expect(Suggestion.nearest("Articel", in: ["Article", "Person"]) == "Article")
        #expect(Suggestion.nearest("copies", in: ["title", "body"]) == nil)
    }
}
