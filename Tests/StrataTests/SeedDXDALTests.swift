import Foundation
import Strata
import Testing

/// DXDAL's BookStore scenario: strings coerced to numbers and dates, a catalogue of articles, and an
/// NSDictionary configurator with a per-key class.
@Suite struct SeedDXDALTests {
    static let config = """
        {
          "mappings": {
            "BookStore": {
              "dateFormat": "yyyyMMdd",
              "properties": {
                "name": "string",
                "territory": "double",
                "catalogue": "[Article]",
                "foundationDate": "date",
                "numberOfArticles": { "field": "numberOf", "type": "dictionary", "values": "string",
                                      "keys": { "thirdKey": "Article" } }
              }
            },
            "Article": {
              "properties": {
                "title": "string", "body": "string", "author": "string",
                "publicationDate": { "type": "date", "format": "M/d/yyyy" },
                "copies": "int",
                "isbn": { "type": "string", "optional": true }
              }
            }
          },
          "map": { "class": "BookStore", "keyPath": "bookstore" }
        }
        """

    static let data = """
        {
          "bookstore": {
            "name": "HappyBook",
            "territory": "24.56",
            "foundationDate": "20100223",
            "catalogue": [
              { "title": "Article1", "body": "Body1", "author": "Author1", "publication_date": "7/4/2011",
                "copies": "1" },
              { "title": "Article2", "body": "Body2", "author": "Author2", "publication_date": "12/25/2012",
                "copies": "2" }
            ],
            "numberOf": {
              "firstKey": "1",
              "secondKey": "2",
              "thirdKey": { "title": "Article3", "body": "Body3", "author": "Author3",
                            "publication_date": "1/31/2013", "copies": "3" }
            }
          }
        }
        """

    /// The expected objects, built by hand as DXDAL's test did.
    struct Article: Equatable {
        var title, body, author: String
        var publicationDate: Date
        var copies: Int
    }

    func article(_ r: MappingResult, _ id: MappedValue.ID) -> Article? {
        func v(_ name: String) -> MappedValue.Content? { r.child(of: id, named: name).map { r[$0].content } }
        guard case .string(let title)? = v("title"), case .string(let body)? = v("body"),
            case .string(let author)? = v("author"), case .date(let date)? = v("publicationDate"),
            case .int(let copies)? = v("copies")
        else { return nil }
        #expect(v("isbn") == .null)
        return Article(title: title, body: body, author: author, publicationDate: date, copies: copies)
    }

    @Test("BookStore maps to the hand-made expected objects")
    func bookStoreMatchesHandMadeObjects() throws {
        let r = MappingFixture.map(config: Self.config, data: Self.data)
        #expect(r.root.className == "BookStore")
        #expect(r.value(at: "name")?.content == .string("HappyBook"))
        #expect(r.value(at: "territory")?.content == .double(24.56))
        #expect(r.value(at: "foundationDate")?.content == .date(MappingFixture.date(2010, 2, 23)))
        let catalogue = try #require(r.child(of: 0, named: "catalogue"))
        let articles = r.children(of: catalogue).compactMap { article(r, $0) }
        #expect(
            articles == [
                Article(
                    title: "Article1", body: "Body1", author: "Author1",
                    publicationDate: MappingFixture.date(2011, 7, 4), copies: 1),
                Article(
                    title: "Article2", body: "Body2", author: "Author2",
                    publicationDate: MappingFixture.date(2012, 12, 25), copies: 2),
            ])
        let dict = try #require(r.child(of: 0, named: "numberOfArticles"))
        #expect(r[dict].content == .dictionary)
        #expect(r.value(at: "numberOfArticles", "firstKey")?.content == .string("1"))
        #expect(r.value(at: "numberOfArticles", "secondKey")?.content == .string("2"))
        let third = try #require(r.child(of: dict, named: "thirdKey"))
        #expect(
            article(r, third)
                == Article(
                    title: "Article3", body: "Body3", author: "Author3",
                    publicationDate: MappingFixture.date(2013, 1, 31), copies: 3))
    }

    @Test("BookStore has only coercion notes, each with its exact path")
    func bookStoreIssuesAreCoercions() {
        let r = MappingFixture.map(config: Self.config, data: Self.data)
        #expect(!r.hasErrors)
        #expect(r.issues.allSatisfy { $0.kind == .coerced && $0.severity == .info })
        #expect(
            r.issues.map(\.path) == [
                "$.bookstore.territory", "$.bookstore.catalogue[0].copies", "$.bookstore.catalogue[1].copies",
                "$.bookstore.numberOf.thirdKey.copies",
            ])
        #expect(
            r.issues[0].description
                == "info coerced $.bookstore.territory BookStore.territory: string \"24.56\" read as double 24.56")
    }

    @Test("BookStore renders as indented text and as JSON in property order")
    func bookStoreRenders() {
        let r = MappingFixture.map(config: Self.config, data: Self.data)
        #expect(
            r.text() == """
                BookStore
                  name: "HappyBook"
                  territory: 24.56 (from string "24.56")
                  catalogue: [2]
                    [0]: Article
                      title: "Article1"
                      body: "Body1"
                      author: "Author1"
                      publicationDate: 2011-07-04T00:00:00Z
                      copies: 1 (from string "1")
                      isbn: nil
                    [1]: Article
                      title: "Article2"
                      body: "Body2"
                      author: "Author2"
                      publicationDate: 2012-12-25T00:00:00Z
                      copies: 2 (from string "2")
                      isbn: nil
                  foundationDate: 2010-02-23T00:00:00Z
                  numberOfArticles: {3}
                    firstKey: "1"
                    secondKey: "2"
                    thirdKey: Article
                      title: "Article3"
                      body: "Body3"
                      author: "Author3"
                      publicationDate: 2013-01-31T00:00:00Z
                      copies: 3 (from string "3")
                      isbn: nil

                """)
        #expect(
            r.jsonText().hasPrefix(
                #"{"$class":"BookStore","name":"HappyBook","territory":24.56,"catalogue":[{"$class":"Article","title":"Article1","body":"Body1","author":"Author1","publicationDate":"2011-07-04T00:00:00Z","copies":1,"isbn":null}"#
            ))
    }
}
