import Foundation
import Strata
import Testing

/// The seed sessions in `Sessions/` show issue 32's mapping offline: XML roots and a dictionary type in the
/// BookStore (DXDAL), JCModel's own plist forms in the Articles session.
@Suite struct SeedSessionsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs `route` of `Sessions/NAME` from its fixtures and returns the mapping.
    static func run(_ name: String, _ route: String) async throws -> MappingResult {
        let session = try Session.load(from: root.appendingPathComponent("Sessions/\(name)").path)
        let exchange = try await Client(session: session, source: MockSource(session: session)).run(route)
        return try #require(exchange.mapping)
    }

    @Test("Sessions/bookstore: an XML root maps as the JSON does, and a route maps a dictionary of articles")
    func bookstore() async throws {
        let json = try await Self.run("bookstore", "bookstore")
        let store = try await Self.run("bookstore", "storeXMLRoot")
        #expect(store.root.className == "BookStore")
        #expect(store.jsonText() == json.jsonText())
        #expect(!store.hasErrors, "\(store.issueLines)")

        let catalogue = try await Self.run("bookstore", "catalogueXML")
        #expect(catalogue.root.content == .array)
        #expect(catalogue.children(of: 0).map { catalogue[$0].className } == ["Article", "Article"])
        #expect(catalogue.issues.isEmpty, "\(catalogue.issueLines)")

        let byISBN = try await Self.run("bookstore", "articlesByISBN")
        #expect(byISBN.root.content == .dictionary)
        #expect(byISBN.value(at: "978-0-00-000002-8", "title")?.content == .string("Hello, World"))
        #expect(!byISBN.hasErrors, "\(byISBN.issueLines)")
    }

    @Test(
        "Sessions/articles: JCModel's plists rename fields and give a date format over types.json; a list of names is a class"
    )
    func articles() async throws {
        let articles = try await Self.run("articles", "articles")
        #expect(!articles.hasErrors, "\(articles.issueLines)")
        #expect(articles.value(at: 0, "identifier")?.content == .int(10))
        #expect(articles.value(at: 1, "author", "name")?.content == .string("Graydon"))
        #expect(articles.value(at: 1, "author", "email") == nil)
        #expect(articles.jsonText().contains(#""created":"2024-09-17T16:00:00Z""#))
        let teasers = try await Self.run("articles", "teasers")
        #expect(!teasers.hasErrors)
        #expect(teasers.children(of: teasers.children(of: 0)[0]).map { teasers[$0].name } == ["title", "teaser"])
    }

    @Test("Sessions/jsonapi-blog: attributes read through value transforms")
    func jsonapiTransforms() async throws {
        let posts = try await Self.run("jsonapi-blog", "posts")
        #expect(posts.value(at: "data", 0, "wordCount")?.content == .int(1024))
        #expect(posts.value(at: "data", 0, "featured")?.content == .bool(true))
        #expect(posts.value(at: "data", 0, "author", "twitter")?.content == .string("dgeb"))
        #expect(!posts.hasErrors, "\(posts.issueLines)")
    }

    @Test("the sessions check clean", arguments: ["bookstore", "articles", "jsonapi-blog"])
    func checksClean(name: String) {
        let result = SessionCheck.run(path: Self.root.appendingPathComponent("Sessions/\(name)").path)
        #expect(result.diagnostics.filter { $0.severity != .info }.isEmpty, "\(result.diagnostics)")
    }
}
