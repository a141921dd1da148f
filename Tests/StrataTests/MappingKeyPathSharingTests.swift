import Strata
import Testing

/// A key path reads through a field without taking it: a sibling property matched by name still gets it.
@Suite struct MappingKeyPathSharingTests {
    @Test("a key path's first key still feeds the property named like it")
    func firstKeyIsShared() {
        let set = MappingSet([
            ClassMapping(
                name: "Page",
                properties: [
                    PropertyMapping("page", .int, field: "pagination.page_number"),
                    PropertyMapping("pagination", .dictionary(values: .int, keys: [:])),
                ])
        ])
        let tree = MappingFixture.tree(#"{"pagination": {"page_number": 2, "per_page": 20}}"#)
        let r = Mapper(mappings: set).map(tree, with: RouteMapping(className: "Page"))
        #expect(r.value(at: "page")?.content == .int(2))
        #expect(r.value(at: "pagination", "per_page")?.content == .int(20))
        #expect(r.issueLines == [])
    }

    @Test("an indexed key path beside the array it reads from")
    func indexedPathBesideArray() {
        let set = MappingSet([
            ClassMapping(
                name: "Park",
                properties: [
                    PropertyMapping("firstTrail", .string, field: "trails.0.name"),
                    PropertyMapping("trails", .array(.object("Trail"))),
                ]),
            ClassMapping(name: "Trail", properties: [PropertyMapping("name", .string)]),
        ])
        let tree = MappingFixture.tree(#"{"trails": [{"name": "Ridge"}, {"name": "Creek"}]}"#)
        let r = Mapper(mappings: set).map(tree, with: RouteMapping(className: "Park"))
        #expect(r.value(at: "firstTrail")?.content == .string("Ridge"))
        #expect(r.value(at: "trails", 1, "name")?.content == .string("Creek"))
        #expect(r.issueLines == [])
    }

    @Test("a key path's containers stay unreported when a property maps them whole")
    func noUnmappedInsideWholeMappedContainer() {
        let set = MappingSet([
            ClassMapping(
                name: "Page",
                properties: [
                    PropertyMapping("page", .int, field: "pagination.page_number"),
                    PropertyMapping("pagination", .dictionary(values: .int, keys: [:])),
                ])
        ])
        let tree = MappingFixture.tree(#"{"pagination": {"page_number": 2, "total": 9}}"#)
        let r = Mapper(mappings: set).map(tree, with: RouteMapping(className: "Page"))
        #expect(r.issues(.unmappedField).isEmpty)
    }
}

/// Loading warns where name matching can never reach a field.
@Suite struct MappingShadowedFieldTests {
    @Test("a property named like a field another property takes with a one-key field gets a warning")
    func shadowedByExplicitField() {
        let config = MappingFixture.tree(
            #"""
            {"mappings": {"A": {"properties": {
              "name": {"type": "string", "optional": true},
              "title": {"type": "string", "field": "name"},
              "page": {"type": "int", "field": "pagination.page"},
              "pagination": "dictionary"
            }}}}
            """#)
        let (_, diagnostics) = MappingSet.load(from: config, at: config.node(at: "$.mappings"), file: "session.json")
        #expect(
            diagnostics.map(\.description) == [
                "session.json:2:11: warning: A.name never gets field \"name\" by name: A.title takes it "
                    + "(\"field\": \"name\"); give name \"field\": \"name\" too to read it in both"
            ])
    }
}
