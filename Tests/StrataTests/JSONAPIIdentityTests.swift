import Strata
import Testing

/// JSON:API resource identity: `id` in any case, numeric ids, and the document's `included` list.
@Suite struct JSONAPIIdentityTests {
    static let mappings = MappingSet([
        ClassMapping(
            name: "Article",
            properties: [
                PropertyMapping("ID", .string), PropertyMapping("title", .string),
                PropertyMapping("author", .hasOne(["Person"]), optional: true),
            ], jsonapiType: "articles"),
        ClassMapping(
            name: "Person", properties: [PropertyMapping("Id", .int), PropertyMapping("name", .string)],
            jsonapiType: "people"),
        ClassMapping(name: "Tag", properties: [PropertyMapping("id", .string)], jsonapiType: "tags"),
        ClassMapping(
            name: "Post", properties: [PropertyMapping("id", .string), PropertyMapping("selfLink", .string)],
            jsonapiType: "posts"),
    ])

    static func map(_ json: String) -> MappingResult {
        Mapper(mappings: mappings).map(
            MappingFixture.tree(json), with: RouteMapping(className: "Article", format: .jsonapi))
    }

    @Test("a property named ID or Id reads the resource id; a numeric id is a warning")
    func idInAnyCase() {
        let r = Self.map(
            """
            {"data": {"type": "articles", "id": 7, "attributes": {"title": "T"},
                      "relationships": {"author": {"data": {"type": "people", "id": "9"}}}},
             "included": [{"type": "people", "id": "9", "attributes": {"name": "Dan"}}]}
            """)
        #expect(r.value(at: "data", "ID")?.content == .string("7"))
        #expect(r.value(at: "data", "author", "Id")?.content == .int(9))
        #expect(
            r.issueLines == [
                "warning jsonapiInvalid $.data.id: resource \"id\" should be a string, found number 7 — read as "
                    + "\"7\"; the spec asks servers to send ids as strings",
                "info coerced $.data.id Article.ID: number 7 read as string \"7\"",
                "info coerced $.included[0].id Person.Id: string \"9\" read as int 9",
            ])
    }

    @Test("included resources are listed in the mapped output: references when data reached them, else mapped")
    func includedList() {
        let r = Self.map(
            """
            {"data": {"type": "articles", "id": "1", "attributes": {"title": "T"},
                      "relationships": {"author": {"data": {"type": "people", "id": "9"}}}},
             "included": [{"type": "people", "id": "9", "attributes": {"name": "Dan"}},
                          {"type": "tags", "id": "t"}, {"type": "comments", "id": "c"}]}
            """)
        let author = r.value(at: "data", "author")
        #expect(r.value(at: "included", 0)?.content == author.map { .reference($0.id) })
        #expect(r.value(at: "included", 1)?.className == "Tag")
        #expect(r.value(at: "included", 1, "id")?.content == .string("t"))
        #expect(r.value(at: "included", 2) == nil)
        #expect(
            r.issueLines == [
                "info coerced $.included[0].id Person.Id: string \"9\" read as int 9",
                "info unmappedField $.included[2]: included resource comments/c is not reached from data through any "
                    + "mapped relationship",
            ])
    }

    @Test("a selfLink property reads the resource's links.self, a string or a link object's href")
    func selfLinkReadsLinksSelf() {
        let r = Mapper(mappings: Self.mappings).map(
            MappingFixture.tree(
                """
                {"data": [{"type": "posts", "id": "1", "links": {"self": "http://example.com/posts/1"}},
                          {"type": "posts", "id": "2", "links": {"self": {"href": "http://example.com/posts/2"}}},
                          {"type": "posts", "id": "3"}]}
                """), with: RouteMapping(className: "Post", format: .jsonapi))
        #expect(r.value(at: "data", 0, "selfLink")?.content == .string("http://example.com/posts/1"))
        #expect(r.value(at: "data", 1, "selfLink")?.content == .string("http://example.com/posts/2"))
        #expect(
            r.issueLines == [
                "error missingField $.data[2].links.self Post.selfLink: the resource has no links.self — add the field, or mark the property \"optional\": true"
            ])
    }
}
