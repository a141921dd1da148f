import Foundation
import Strata
import Testing

/// One test per issue kind, each checking the exact path, property and line reported.
@Suite struct MappingIssueKindTests {
    static let config = """
        {
          "mappings": {
            "BookStore": {
              "properties": { "name": "string", "catalogue": "[Article]" }
            },
            "Article": {
              "properties": {
                "title": "string",
                "publicationDate": { "type": "date", "format": "M/d/yyyy" },
                "copies": "int",
                "isbn": { "type": "string", "optional": true }
              }
            }
          },
          "map": { "class": "BookStore", "keyPath": "bookstore" }
        }
        """

    /// A bookstore whose third article is `article`; the first two are fine.
    static func map(article: String, config: String = config) -> MappingResult {
        MappingFixture.map(
            config: config,
            data: """
                {"bookstore": {"name": "HappyBook", "catalogue": [
                  {"title": "A", "publication_date": "7/4/2011", "copies": 1},
                  {"title": "B", "publication_date": "7/5/2011", "copies": 2},
                  \(article)
                ]}}
                """)
    }

    @Test("typeMismatch names the exact path, the property, what was expected and what was found")
    func typeMismatch() {
        let r = Self.map(article: #"{"title": "C", "publication_date": "7/6/2011", "copies": "x1"}"#)
        #expect(
            r.issueLines == [
                "error typeMismatch $.bookstore.catalogue[2].copies Article.copies: expected int, found string \"x1\" "
                    + "— fix the data, or declare Article.copies as string"
            ])
        let issue = r.issues[0]
        #expect(issue.expected == "int")
        #expect(issue.found == "string \"x1\"")
        #expect(issue.node == r.tree.node(at: "$.bookstore.catalogue[2].copies"))
    }

    @Test("one bad element never drops its siblings or its own other fields")
    func badElementKeepsSiblings() {
        let r = Self.map(article: #"{"title": "C", "publication_date": "7/6/2011", "copies": "x1"}"#)
        #expect(r.value(at: "catalogue", 0, "copies")?.content == .int(1))
        #expect(r.value(at: "catalogue", 1, "title")?.content == .string("B"))
        #expect(r.value(at: "catalogue", 2, "title")?.content == .string("C"))
        #expect(r.value(at: "catalogue", 2, "copies")?.content == .invalid)
        #expect(r.value(at: "catalogue", 2, "copies")?.severity == .error)
    }

    @Test("an object where an array of objects is expected suggests the element class")
    func objectForArray() {
        let r = MappingFixture.map(
            config: Self.config, data: #"{"bookstore": {"name": "X", "catalogue": {"title": "A", "copies": 1}}}"#)
        #expect(
            r.issueLines == [
                "error typeMismatch $.bookstore.catalogue BookStore.catalogue: expected [Article] (an array), found "
                    + "object with 2 fields — fix the data, or declare BookStore.catalogue as Article"
            ])
    }

    @Test("missingField points at where the field should be")
    func missingField() {
        let r = Self.map(article: #"{"title": "C", "publication_date": "7/6/2011"}"#)
        #expect(r.issues.count == 1)
        #expect(r.issues[0].kind == .missingField)
        #expect(r.issues[0].path == "$.bookstore.catalogue[2].copies")
        #expect(r.issues[0].property == "Article.copies")
        #expect(r.value(at: "catalogue", 2, "copies")?.content == .missing)
        // Fields that other properties take are not offered as candidates.
        #expect(
            r.issues[0].message
                == "no field matches \"copies\" — add the field, or mark the property \"optional\": true")
    }

    @Test("missingField suggests a field whose name is a likely typo")
    func missingFieldSuggestsTypo() {
        let r = Self.map(article: #"{"title": "C", "publication_date": "7/6/2011", "copis": 3}"#)
        let missing = r.issues(.missingField)
        #expect(missing.count == 1)
        #expect(missing[0].message.contains(#"did you mean "copis"? set "field": "copis""#))
        #expect(r.issues(.unmappedField).map(\.path) == ["$.bookstore.catalogue[2].copis"])
    }

    @Test("valueNull is an error for a required property and nothing for an optional one")
    func valueNull() {
        let r = Self.map(article: #"{"title": null, "publication_date": "7/6/2011", "copies": 3, "isbn": null}"#)
        #expect(
            r.issueLines == [
                "error valueNull $.bookstore.catalogue[2].title Article.title: Article.title is null but required "
                    + "— mark it \"optional\": true or give it a \"default\""
            ])
        #expect(r.value(at: "catalogue", 2, "isbn")?.content == .null)
    }

    @Test("badDate says which format was expected and what the value looks like")
    func badDate() {
        let r = Self.map(article: #"{"title": "C", "publication_date": "2011-07-06", "copies": 3}"#)
        #expect(
            r.issueLines == [
                "error badDate $.bookstore.catalogue[2].publication_date Article.publicationDate: expected date in "
                    + "format M/d/yyyy, found string \"2011-07-06\" — it does not match M/d/yyyy, which reads dates such "
                    + "as 7/4/2011; it looks like ISO "
                    + "8601: set \"format\": \"iso8601\""
            ])
    }

    @Test("badDate reports a day that does not exist")
    func badDateOutOfRange() {
        let r = Self.map(article: #"{"title": "C", "publication_date": "2/30/2011", "copies": 3}"#)
        #expect(r.issues.map(\.kind) == [.badDate])
        #expect(r.issues[0].message.hasSuffix("— day 30 does not exist in February 2011"))
    }

    @Test("keyPathNotFound names the missing step and suggests the close key")
    func keyPathNotFound() {
        let config = Self.config.replacingOccurrences(of: #""keyPath": "bookstore""#, with: #""keyPath": "bookstor""#)
        let r = Self.map(article: "{}", config: config)
        #expect(
            r.issueLines == [
                "error keyPathNotFound $.bookstor BookStore: route keyPath \"bookstor\": no member \"bookstor\"; did "
                    + "you mean \"bookstore\"? — fix \"keyPath\" in the route's map"
            ])
        #expect(r.root.content == .missing)
    }

    @Test("unknownClass is reported where a class that does not exist is needed")
    func unknownClass() {
        let set = MappingSet([
            ClassMapping(name: "BookStore", properties: [PropertyMapping("catalogue", .array(.object("Articel")))]),
            ClassMapping(name: "Article", properties: [PropertyMapping("title", .string)]),
        ])
        let tree = MappingFixture.tree(#"{"catalogue": [{"title": "A"}]}"#)
        let r = Mapper(mappings: set).map(tree, with: RouteMapping(className: "BookStore"))
        #expect(
            r.issueLines == [
                "error unknownClass $.catalogue[0] BookStore.catalogue: no class named \"Articel\" in mappings; did "
                    + "you mean Article? — define it under \"mappings\" or fix the type of BookStore.catalogue"
            ])
    }

    @Test("unknownClass is reported for a discriminator value that selects no class")
    func unknownDiscriminatorValue() {
        let set = MappingSet([
            ClassMapping(
                name: "Feed",
                properties: [
                    PropertyMapping(
                        "items", .array(.choice(Discriminator(field: "kind", ["comment": "Comment", "like": "Like"]))))
                ]),
            ClassMapping(name: "Comment", properties: [PropertyMapping("text", .string)]),
            ClassMapping(name: "Like", properties: [PropertyMapping("by", .string)]),
        ])
        let tree = MappingFixture.tree(
            #"{"items": [{"kind": "comment", "text": "hi"}, {"kind": "share"}, {"kind": "like", "by": "ann"}]}"#)
        let r = Mapper(mappings: set).map(tree, with: RouteMapping(className: "Feed"))
        #expect(r.value(at: "items", 0)?.className == "Comment")
        #expect(r.value(at: "items", 2, "by")?.content == .string("ann"))
        #expect(
            r.issueLines == [
                "error unknownClass $.items[1].kind Feed.items: kind \"share\" selects no class; \"of\".\"map\" knows "
                    + "comment, like — add it there"
            ])
    }

    @Test("unmappedField lists every field no property consumed, as info")
    func unmappedField() {
        let r = Self.map(article: #"{"title": "C", "publication_date": "7/6/2011", "copies": 3, "price": 9.5}"#)
        #expect(
            r.issueLines == [
                "info unmappedField $.bookstore.catalogue[2].price Article: field \"price\" is not mapped by any "
                    + "property of Article"
            ])
        #expect(r.unmapped == [r.tree.node(at: "$.bookstore.catalogue[2].price")!])
    }

    @Test("coerced notes a safe conversion as info")
    func coerced() {
        let r = Self.map(article: #"{"title": "C", "publication_date": "7/6/2011", "copies": "3"}"#)
        #expect(
            r.issueLines == [
                "info coerced $.bookstore.catalogue[2].copies Article.copies: string \"3\" read as int 3"
            ])
        #expect(r.value(at: "catalogue", 2, "copies")?.content == .int(3))
    }

    @Test("missingInclude and jsonapiInvalid come from JSON:API documents")
    func jsonapiKinds() {
        let set = MappingSet([
            ClassMapping(
                name: "Article",
                properties: [PropertyMapping("id", .string), PropertyMapping("author", .hasOne(["Person"]))],
                jsonapiType: "articles"),
            ClassMapping(name: "Person", properties: [PropertyMapping("id", .string)], jsonapiType: "people"),
        ])
        let tree = MappingFixture.tree(
            #"{"data": {"type": "articles", "id": 1, "relationships": {"author": {"data": {"type": "people", "id": "9"}}}}}"#
        )
        let r = Mapper(mappings: set).map(tree, with: RouteMapping(className: "Article", format: .jsonapi))
        #expect(
            r.issueLines == [
                "warning jsonapiInvalid $.data.id: resource \"id\" should be a string, found number 1 — read as "
                    + "\"1\"; the spec asks servers to send ids as strings",
                "info coerced $.data.id Article.id: number 1 read as string \"1\"",
                "warning missingInclude $.data.relationships.author.data Article.author: relationship \"author\" → "
                    + "people/9 is not in the document (neither data nor included) — request it with "
                    + "?include=author, or check the server",
            ])
    }

    @Test("tooDeep stops at the depth limit instead of exhausting the stack")
    func tooDeep() {
        let set = MappingSet([
            ClassMapping(
                name: "Node",
                properties: [PropertyMapping("child", .object("Node"), optional: true)])
        ])
        var json = "{}"
        for _ in 0..<10 { json = #"{"child": \#(json)}"# }
        var mapper = Mapper(mappings: set)
        mapper.maxDepth = 5
        let r = mapper.map(MappingFixture.tree(json), with: RouteMapping(className: "Node"))
        #expect(r.issues.map(\.kind) == [.tooDeep])
        #expect(r.issues[0].path == "$.child.child.child.child.child")
    }

    @Test("very deep data stops at the default depth limit, in plain data and in JSON:API chains")
    func deepDataDoesNotCrash() {
        let node = MappingSet([
            ClassMapping(name: "Node", properties: [PropertyMapping("child", .object("Node"), optional: true)])
        ])
        let deep = String(repeating: #"{"child": "#, count: 2000) + "{}" + String(repeating: "}", count: 2000)
        let r = Mapper(mappings: node).map(MappingFixture.tree(deep), with: RouteMapping(className: "Node"))
        #expect(r.issues.map(\.kind) == [.tooDeep])
        #expect(r.issues[0].path.hasPrefix("$.child.child.child"))

        let link = MappingSet([
            ClassMapping(
                name: "Link", properties: [PropertyMapping("id", .string), PropertyMapping("next", .hasOne(["Link"]))],
                jsonapiType: "links")
        ])
        let included = (2...300).map { i in
            #"{"type": "links", "id": "\#(i)", "relationships": {"next": {"data": {"type": "links", "id": "\#(i + 1)"}}}}"#
        }
        let doc =
            #"{"data": {"type": "links", "id": "1", "relationships": {"next": {"data": {"type": "links", "id": "2"}}}}, "included": ["#
            + included.joined(separator: ",") + "]}"
        let chain = Mapper(mappings: link).map(
            MappingFixture.tree(doc), with: RouteMapping(className: "Link", format: .jsonapi))
        #expect(chain.issues(.tooDeep).count == 1)
        #expect(chain.issues(.missingInclude).isEmpty)
    }

    @Test("every issue kind has a test in this suite")
    func everyKindIsCovered() {
        // Kinds are listed here by hand so that adding one without a test fails.
        let tested: Set<MappingIssue.Kind> = [
            .typeMismatch, .missingField, .valueNull, .badDate, .keyPathNotFound, .unknownClass, .unmappedField,
            .coerced, .missingInclude, .jsonapiInvalid, .tooDeep,
        ]
        #expect(Set(MappingIssue.Kind.allCases) == tested)
    }
}
