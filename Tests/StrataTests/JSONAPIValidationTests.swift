import Strata
import Testing

/// JSON:API documents that break the specification: every violation is an issue, never a crash.
@Suite struct JSONAPIValidationTests {
    static let mappings = MappingSet([
        ClassMapping(
            name: "Article",
            properties: [
                PropertyMapping("id", .string), PropertyMapping("title", .string, optional: true),
                PropertyMapping("author", .hasOne(["Person"]), optional: true),
                PropertyMapping("tags", .hasMany(["Tag"]), optional: true),
            ], jsonapiType: "articles"),
        ClassMapping(name: "Person", properties: [PropertyMapping("id", .string)], jsonapiType: "people"),
        ClassMapping(name: "Tag", properties: [PropertyMapping("id", .string)], jsonapiType: "tags"),
    ])

    static func map(_ json: String) -> MappingResult {
        Mapper(mappings: mappings).map(
            MappingFixture.tree(json), with: RouteMapping(className: "Article", format: .jsonapi))
    }

    @Test(
        "document-level violations",
        arguments: [
            (#"[]"#, "$", "a JSON:API document must be an object with data, errors or meta"),
            (#"{"links": {}}"#, "$", "a JSON:API document must have data, errors or meta; this one has none"),
            (
                #"{"data": null, "errors": []}"#, "$.errors",
                "data and errors must not both be present in a JSON:API document"
            ),
            (
                #"{"meta": {}, "included": []}"#, "$.included",
                "included without data: a compound document needs primary data"
            ),
            (#"{"data": 3}"#, "$.data", "data must be a resource object, an array of resource objects, or null"),
            (#"{"data": null, "included": {}}"#, "$.included", "included must be an array of resource objects"),
            (#"{"errors": {}}"#, "$.errors", "errors must be an array of error objects"),
        ])
    func documentViolations(json: String, path: String, message: String) {
        let r = Self.map(json)
        let invalid = r.issues(.jsonapiInvalid)
        #expect(invalid.map(\.path) == [path])
        #expect(invalid.first?.message == message)
        #expect(invalid.first?.severity == .error)
    }

    @Test(
        "resource violations",
        arguments: [
            (
                #"{"data": {"id": "1"}}"#, "$.data.type",
                "resource has no \"type\"; every resource object needs type and id"
            ),
            (#"{"data": {"type": 5, "id": "1"}}"#, "$.data.type", "resource \"type\" must be a string, found number 5"),
            (#"{"data": {"type": "articles"}}"#, "$.data.id", "resource of type \"articles\" has no \"id\""),
            (
                #"{"data": [{"type": "articles", "id": "1"}, {"type": "articles", "id": "1"}]}"#, "$.data[1]",
                "duplicate resource articles/1: also at $.data[0]; type and id must be unique"
            ),
            (
                #"{"data": {"type": "articles", "id": "1", "attributes": []}}"#, "$.data.attributes",
                "resource attributes must be an object, found empty array"
            ),
            (#"{"data": [7]}"#, "$.data[0]", "a resource must be an object with type and id, found number 7"),
        ])
    func resourceViolations(json: String, path: String, message: String) {
        let r = Self.map(json)
        let invalid = r.issues(.jsonapiInvalid)
        #expect(invalid.map(\.path) == [path])
        #expect(invalid.first?.message == message)
    }

    @Test("unknown top-level members are warnings; extension members are allowed")
    func unknownMembers() {
        let r = Self.map(#"{"data": null, "foo": 1, "ext:bar": 2}"#)
        #expect(
            r.issues.map(\.description) == [
                "warning jsonapiInvalid $.foo JSONAPIDocument: unknown top-level member \"foo\"; a JSON:API document has "
                    + "data, errors, meta, links, included, jsonapi"
            ])
        #expect(r.unmapped == [r.tree.node(at: "$.foo")!])
    }

    @Test("a resource of a type no class declares is an unknownClass issue")
    func unknownResourceType() {
        let r = Self.map(#"{"data": {"type": "videos", "id": "1"}}"#)
        #expect(r.issues.map(\.kind) == [.unknownClass])
        #expect(r.issues[0].path == "$.data.type")
        #expect(r.value(at: "data")?.content == .invalid)
    }

    @Test("relationship linkage of the wrong shape or class is reported; links-only relationships are noted")
    func relationshipShapes() {
        let r = Self.map(
            """
            {"data": {"type": "articles", "id": "1", "relationships": {
              "author": {"data": [{"type": "people", "id": "9"}]},
              "tags": {"links": {"related": "/articles/1/tags"}}
            }}, "included": [{"type": "people", "id": "9"}]}
            """)
        #expect(
            r.issues.map(\.description) == [
                "error typeMismatch $.data.relationships.author.data Article.author: Article.author is hasOne, so its "
                    + "data must be a resource identifier or null, found array of 1",
                "warning missingInclude $.data.relationships.tags Article.tags: relationship \"tags\" has no data (only "
                    + "links or meta), so its resources are not in this document — request them with ?include=tags",
            ])
        #expect(r.value(at: "included", 0)?.className == "Person")
    }

    @Test("a numeric id in a relationship is a warning, read as a string, and the resource still resolves")
    func numericLinkageID() {
        let r = Self.map(
            """
            {"data": {"type": "articles", "id": "1", "relationships": {"author": {"data": {"type": "people", "id": 9}}}},
             "included": [{"type": "people", "id": "9"}]}
            """)
        #expect(r.value(at: "data", "author")?.className == "Person")
        #expect(r.issues.filter { $0.severity == .error }.isEmpty, "\(r.issues.map(\.description))")
        #expect(
            r.issues.map(\.description).contains {
                $0.hasPrefix("warning jsonapiInvalid $.data.relationships.author.data.id")
                    && $0.contains("should be a string, found number 9 — read as \"9\"")
            })
    }

    @Test("mixed primary data: each resource mapped by its own type's class is an info, not a warning")
    func mixedPrimaryData() {
        let r = Self.map(
            """
            {"data": [{"type": "articles", "id": "1"}, {"type": "tags", "id": "t"}, {"type": "articles", "id": "2"}]}
            """)
        #expect(r.value(at: "data", 1)?.className == "Tag")
        #expect(r.issues.filter { $0.severity != .info }.isEmpty, "\(r.issues.map(\.description))")
        #expect(r.issues.contains { $0.kind == .typeMismatch && $0.message.hasSuffix("mapped as Tag") })
    }

    @Test("a relationship to a class it does not declare is a typeMismatch, and still mapped")
    func undeclaredRelationshipClass() {
        let r = Self.map(
            """
            {"data": {"type": "articles", "id": "1", "relationships": {"author": {"data": {"type": "tags", "id": "t"}}}},
             "included": [{"type": "tags", "id": "t"}]}
            """)
        #expect(r.value(at: "data", "author")?.className == "Tag")
        #expect(r.issues.map(\.kind) == [.typeMismatch])
        #expect(r.issues[0].message.contains("is declared for Person (people), but links to tags/t"))
    }

    @Test("garbage in every position never crashes and never drops the valid resources")
    func garbageNeverCrashes() {
        let r = Self.map(
            """
            {"data": [{"type": "articles", "id": "1", "attributes": {"title": "ok"}},
                      {"type": "articles", "id": "2", "relationships": {"author": 3, "tags": {"data": [5, {"type": "tags"}]}}},
                      null, "x", {"type": "articles", "id": "3", "attributes": {"title": 4}}],
             "included": [null, {"type": "people"}, {"type": "tags", "id": "t", "relationships": []}]}
            """)
        #expect(r.value(at: "data", 0, "title")?.content == .string("ok"))
        #expect(r.value(at: "data", 4, "id")?.content == .string("3"))
        #expect(r.value(at: "data", 4, "title")?.content == .string("4"))
        #expect(r.issues(.jsonapiInvalid).count >= 6)
    }
}
