import Foundation
import Strata
import Testing

/// jsonapi-ios's scenarios: the posts / people / comments compound document, and an errors document.
@Suite struct SeedJSONAPITests {
    static let config = """
        {
          "mappings": {
            "Post": {
              "jsonapi": "posts",
              "properties": {
                "id": "string", "title": "string",
                "author": { "hasOne": "Person" },
                "comments": { "hasMany": "Comment" }
              }
            },
            "Person": {
              "jsonapi": "people",
              "properties": { "id": "string", "firstName": "string", "lastName": "string", "twitter": "string" }
            },
            "Comment": {
              "jsonapi": "comments",
              "properties": { "id": "string", "body": "string", "author": { "hasOne": "Person" } }
            }
          },
          "map": { "format": "jsonapi", "class": "Post" }
        }
        """

    /// jsonapi-ios's compound document (the jsonapi.org example): comment 5's author, person 2, is not included.
    static let compound = """
        {
          "links": { "self": "http://example.com/posts" },
          "data": [{
            "type": "posts", "id": "1",
            "attributes": { "title": "JSON API paints my bikeshed!" },
            "links": { "self": "http://example.com/posts/1" },
            "relationships": {
              "author": {
                "links": { "self": "http://example.com/posts/1/relationships/author" },
                "data": { "type": "people", "id": "9" }
              },
              "comments": {
                "data": [ { "type": "comments", "id": "5" }, { "type": "comments", "id": "12" } ]
              }
            }
          }],
          "included": [
            { "type": "people", "id": "9",
              "attributes": { "first-name": "Dan", "last-name": "Gebhardt", "twitter": "dgeb" } },
            { "type": "comments", "id": "5", "attributes": { "body": "First!" },
              "relationships": { "author": { "data": { "type": "people", "id": "2" } } } },
            { "type": "comments", "id": "12", "attributes": { "body": "I like XML better" },
              "relationships": { "author": { "data": { "type": "people", "id": "9" } } } }
          ],
          "meta": { "count": 1 }
        }
        """

    @Test("posts, people and comments resolve from included, with kebab-case attributes")
    func compoundDocumentResolves() throws {
        let r = MappingFixture.map(config: Self.config, data: Self.compound)
        #expect(r.root.className == "JSONAPIDocument")
        let post = try #require(r.value(at: "data", 0))
        #expect(post.className == "Post")
        #expect(r.value(at: "data", 0, "id")?.content == .string("1"))
        #expect(r.value(at: "data", 0, "title")?.content == .string("JSON API paints my bikeshed!"))
        #expect(r.value(at: "data", 0, "author")?.className == "Person")
        #expect(r.value(at: "data", 0, "author", "firstName")?.content == .string("Dan"))
        #expect(r.value(at: "data", 0, "author", "lastName")?.content == .string("Gebhardt"))
        #expect(r.value(at: "data", 0, "comments", 0, "body")?.content == .string("First!"))
        #expect(r.value(at: "data", 0, "comments", 1, "body")?.content == .string("I like XML better"))
        // Person 9 appears twice: expanded once, referenced the second time.
        let authorID = try #require(r.child(of: post.id, named: "author"))
        #expect(r.value(at: "data", 0, "comments", 1, "author")?.content == .reference(authorID))
        #expect(r.value(at: "meta")?.content == .raw)
        #expect(r.value(at: "links")?.content == .raw)
    }

    @Test("a relationship to a resource that is not included is a missingInclude issue, not nil")
    func missingIncludeIsReported() throws {
        let r = MappingFixture.map(config: Self.config, data: Self.compound)
        #expect(r.value(at: "data", 0, "comments", 0, "author")?.content == .unresolved(type: "people", id: "2"))
        let issue = try #require(r.issues(.missingInclude).first)
        #expect(r.issues(.missingInclude).count == 1)
        #expect(issue.path == "$.included[1].relationships.author.data")
        #expect(issue.property == "Comment.author")
        #expect(issue.severity == .warning)
        #expect(issue.message.contains("people/2 is not in the document"))
        #expect(!r.hasErrors)
    }

    @Test("the compound document renders with references and missing includes")
    func compoundDocumentRenders() {
        let r = MappingFixture.map(config: Self.config, data: Self.compound)
        #expect(
            r.text() == """
                JSONAPIDocument
                  data: [1]
                    [0]: Post
                      id: "1"
                      title: "JSON API paints my bikeshed!"
                      author: Person
                        id: "9"
                        firstName: "Dan"
                        lastName: "Gebhardt"
                        twitter: "dgeb"
                      comments: [2]
                        [0]: Comment
                          id: "5"
                          body: "First!"
                          author: → people/2 (not in the document) ⚠ not included
                        [1]: Comment
                          id: "12"
                          body: "I like XML better"
                          author: → Person (shown at data[0].author)
                  meta: {"count":1}
                  links: {"self":"http://example.com/posts"}
                  included: [3]
                    [0]: → Person (shown at data[0].author)
                    [1]: → Comment (shown at data[0].comments[0])
                    [2]: → Comment (shown at data[0].comments[1])

                """)
        #expect(r.jsonText().contains(#""author":{"$type":"people","$id":"2","$missing":true}"#))
        #expect(r.jsonText().contains(#""author":{"$ref":"data[0].author"}"#))
    }

    @Test("in a document sharing many resources, each reference names where its resource is shown")
    func manySharedResourcesNameTheirPlaces() {
        let n = 600
        let posts = (0..<n).map { i in
            #"{"type":"posts","id":"\#(i)","attributes":{"title":"t"},"relationships":{"author":{"data":{"type":"people","id":"\#(i)"}},"comments":{"data":[{"type":"comments","id":"\#(i)"}]}}}"#
        }
        let people = (0..<n).map { i in
            #"{"type":"people","id":"\#(i)","attributes":{"firstName":"a","lastName":"b","twitter":"c"}}"#
        }
        let comments = (0..<n).map { i in
            #"{"type":"comments","id":"\#(i)","attributes":{"body":"x"},"relationships":{"author":{"data":{"type":"people","id":"\#(i)"}}}}"#
        }
        let data =
            #"{"data":["# + posts.joined(separator: ",") + #"],"included":["#
            + (people + comments).joined(separator: ",") + "]}"
        let r = MappingFixture.map(config: Self.config, data: data)
        let text = r.text()
        let json = r.jsonText()
        // Each target's path found by walking its siblings, in the order the JSON writes the references.
        let walked = r.values.compactMap { v -> String? in
            guard case .reference(let target) = v.content else { return nil }
            return r.path(of: target, position: { r.siblingIndex($0) })
        }
        let written = json.components(separatedBy: #"{"$ref":""#).dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(walked.count == 3 * n)
        #expect(written == walked)
        #expect(text.contains("author: → Person (shown at data[\(n - 1)].author)"))
        #expect(text.contains("[\(2 * n - 1)]: → Comment (shown at data[\(n - 1)].comments[0])"))
        #expect(json.contains(#""author":{"$ref":"data[\#(n - 1)].author"}"#))
        #expect(!text.contains("shown at data[\(n)]"))
    }

    @Test("article → author → articles cycles end in a reference to the article")
    func cyclesAreSafe() throws {
        let config = """
            {
              "mappings": {
                "Article": { "jsonapi": "articles",
                             "properties": { "id": "string", "title": "string", "author": { "hasOne": "Person" } } },
                "Person": { "jsonapi": "people",
                            "properties": { "id": "string", "name": "string", "articles": { "hasMany": "Article" } } }
              },
              "map": { "format": "jsonapi", "class": "Article" }
            }
            """
        let data = """
            {
              "data": { "type": "articles", "id": "1", "attributes": { "title": "Cycles" },
                        "relationships": { "author": { "data": { "type": "people", "id": "9" } } } },
              "included": [
                { "type": "people", "id": "9", "attributes": { "name": "Dan" },
                  "relationships": { "articles": { "data": [ { "type": "articles", "id": "1" } ] } } }
              ]
            }
            """
        let r = MappingFixture.map(config: config, data: data)
        let article = try #require(r.child(of: 0, named: "data"))
        #expect(r.value(at: "data", "author", "name")?.content == .string("Dan"))
        #expect(r.value(at: "data", "author", "articles", 0)?.content == .reference(article))
        #expect(r.issues.isEmpty)
    }

    @Test("a relationship to a list of classes maps each resource by its type; key paths reach resource meta")
    func mixedTypesAndMeta() {
        let set = MappingSet([
            ClassMapping(
                name: "Album",
                properties: [
                    PropertyMapping("id", .string), PropertyMapping("media", .hasMany(["Image", "Video"])),
                    PropertyMapping("views", .int, field: "meta.views"),
                ], jsonapiType: "albums"),
            ClassMapping(name: "Image", properties: [PropertyMapping("url", .url)], jsonapiType: "images"),
            ClassMapping(name: "Video", properties: [PropertyMapping("seconds", .int)], jsonapiType: "videos"),
        ])
        let tree = MappingFixture.tree(
            """
            {"data": {"type": "albums", "id": "a", "meta": {"views": 12},
                      "relationships": {"media": {"data": [{"type": "images", "id": "1"}, {"type": "videos", "id": "2"}]}}},
             "included": [{"type": "images", "id": "1", "attributes": {"url": "https://example.com/1.png"}},
                          {"type": "videos", "id": "2", "attributes": {"seconds": 30}}]}
            """)
        let r = Mapper(mappings: set).map(tree, with: RouteMapping(className: "Album", format: .jsonapi))
        #expect(r.value(at: "data", "media", 0)?.className == "Image")
        #expect(r.value(at: "data", "media", 1, "seconds")?.content == .int(30))
        #expect(r.value(at: "data", "views")?.content == .int(12))
        #expect(r.issues.isEmpty)
    }

    /// jsonapi-ios's error document.
    static let errors = """
        {
          "jsonapi": { "version": "1.0" },
          "errors": [
            { "id": "1", "status": "422", "code": "too-short",
              "source": { "pointer": "/data/attributes/first-name" },
              "title": "Invalid Attribute", "detail": "First name must contain at least three characters." },
            { "status": 500, "title": "Server Error" }
          ]
        }
        """

    @Test("an errors document maps to its error objects, shown as such")
    func errorsDocumentMapsToErrorObjects() throws {
        let r = MappingFixture.map(config: Self.config, data: Self.errors)
        #expect(r.value(at: "errors", 0)?.className == "JSONAPIError")
        #expect(r.value(at: "errors", 0, "status")?.content == .string("422"))
        #expect(r.value(at: "errors", 0, "code")?.content == .string("too-short"))
        #expect(r.value(at: "errors", 0, "title")?.content == .string("Invalid Attribute"))
        #expect(
            r.value(at: "errors", 0, "detail")?.content == .string("First name must contain at least three characters.")
        )
        #expect(r.value(at: "errors", 0, "source", "pointer")?.content == .string("/data/attributes/first-name"))
        #expect(r.value(at: "errors", 1, "status")?.content == .string("500"))
        #expect(r.value(at: "errors", 1, "detail")?.content == .null)
        // The numeric status is noted: the specification says status is a string.
        #expect(
            r.issueLines == [
                "info coerced $.errors[1].status JSONAPIError.status: number 500 read as string \"500\""
            ])
        #expect(!r.hasErrors)
    }
}
