import Strata
import Testing

/// JCModel's articles under `response.content.articles`: a root key path to an array, and `only` subsets.
@Suite struct SeedJCModelTests {
    static let data = """
        {
          "response": {
            "status": "ok",
            "content": {
              "articles": [
                { "id": 10, "title": "Swift", "body": "Fast", "author": { "name": "Chris", "email": "c@example.com" } },
                { "id": 11, "title": "Rust", "body": "Safe", "author": { "name": "Graydon", "email": "g@example.com" } }
              ]
            }
          }
        }
        """

    static func config(map: String, articleOnly: String = "") -> String {
        """
        {
          "mappings": {
            "Article": { \(articleOnly)
              "properties": {
                "id": "int", "title": "string", "body": "string",
                "author": { "type": "Author", "only": ["name"] }
              }
            },
            "Author": { "properties": { "name": "string", "email": "string" } }
          },
          "map": \(map)
        }
        """
    }

    @Test("the array at response.content.articles maps to articles")
    func articlesUnderKeyPath() {
        let r = MappingFixture.map(
            config: Self.config(map: #"{ "class": "Article", "keyPath": "response.content.articles" }"#),
            data: Self.data)
        #expect(r.root.content == .array)
        #expect(r.value(at: 0, "title")?.content == .string("Swift"))
        #expect(r.value(at: 1, "id")?.content == .int(11))
        #expect(r.value(at: 1, "author", "name")?.content == .string("Graydon"))
        // The author's email is outside the property's `only`: reported, not mapped.
        #expect(r.value(at: 1, "author", "email") == nil)
        #expect(
            r.issues.map(\.path) == [
                "$.response.content.articles[0].author.email", "$.response.content.articles[1].author.email",
            ])
        #expect(r.issues.allSatisfy { $0.kind == .unmappedField && $0.severity == .info })
    }

    @Test("only on the route maps a subset of the root class")
    func onlyOnRoute() {
        let r = MappingFixture.map(
            config: Self.config(
                map: #"{ "class": "Article", "keyPath": "response.content.articles", "only": ["id", "title"] }"#),
            data: Self.data)
        #expect(r.children(of: r.children(of: 0)[0]).map { r[$0].name } == ["id", "title"])
        #expect(
            r.issues(.unmappedField).map(\.path).prefix(2) == [
                "$.response.content.articles[0].body", "$.response.content.articles[0].author",
            ])
        #expect(!r.hasErrors)
    }

    @Test("only on the class maps a subset everywhere the class is used")
    func onlyOnClass() {
        let r = MappingFixture.map(
            config: Self.config(
                map: #"{ "class": "Article", "keyPath": "response.content.articles" }"#,
                articleOnly: #""only": ["title"],"#),
            data: Self.data)
        #expect(r.children(of: r.children(of: 0)[1]).map { r[$0].name } == ["title"])
        #expect(!r.hasErrors)
    }
}
