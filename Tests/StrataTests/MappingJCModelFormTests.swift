import Foundation
import Strata
import StrataTestSupport
import Testing

/// JCModel's own plist forms for a class (issue 32): an array of property names is `only`; an object of JSON
/// names → property names is `field` renames (with its `@FIELD.dateFormat` meta keys). Types come from the class
/// defined with `properties` elsewhere in `mappings`; without one, the form defines the class.
@Suite struct MappingJCModelFormTests {
    static func plist(_ name: String, _ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
          <key>\(name)</key>
        \(body)
        </dict>
        </plist>
        """
    }

    /// JCModel's example ArticleMapping.plist, in the class's place: JSON name → property, and a date format.
    static let articleMapping = plist(
        "Article",
        """
          <dict>
            <key>@created.dateFormat</key><string>E, d MMM y HH:mm:ss Z</string>
            <key>id</key><string>identifier</string>
            <key>image</key><string>imageURL</string>
            <key>title</key><string>title</string>
            <key>created</key><string>created</string>
            <key>by</key><string>author</string>
          </dict>
        """)
    static let authorNames = plist("Author", "  <array><string>name</string></array>")
    static let types = """
        { "Article": { "properties": { "identifier": "int", "title": "string", "created": "date", "imageURL": "url",
                                       "author": "Author" } },
          "Author": { "properties": { "name": "string", "email": "string" } } }
        """
    static let data = """
        {"articles": [{"id": 10, "title": "Swift", "image": "https://x.example/s.png",
                       "created": "Mon, 4 Jul 2011 10:30:00 +0000", "by": {"name": "Chris", "email": "c@example.com"}}]}
        """

    static func session(_ mappings: String) -> String {
        #"{ "name": "S", "routes": [ { "name": "a", "path": "/a", "map": { "class": "Article", "keyPath": "articles" } } ], "mappings": \#(mappings) }"#
    }

    static func load(_ files: [String: String]) throws -> (Session?, [String]) {
        try SessionMappingFilesTests.load(files)
    }

    @Test("a JCModel mapping plist renames the fields of the class typed elsewhere; an array of names is its only")
    func refinesTypedClasses() throws {
        let (session, problems) = try Self.load([
            "session.json": Self.session(
                #"["mappings/types.json", "mappings/ArticleMapping.plist", "mappings/Author.plist"]"#),
            "mappings/types.json": Self.types, "mappings/ArticleMapping.plist": Self.articleMapping,
            "mappings/Author.plist": Self.authorNames,
        ])
        #expect(problems == [])
        let s = try #require(session)
        let article = try #require(s.mappings["Article"])
        #expect(article.property(named: "identifier")?.field == "id")
        #expect(article.property(named: "imageURL")?.field == "image")
        #expect(article.property(named: "created")?.format == .pattern("E, d MMM y HH:mm:ss Z"))
        #expect(s.mappings["Author"]?.only == ["name"])
        let r = s.mapper.map(
            try JSONParser().parse(Array(Self.data.utf8)), with: RouteMapping(className: "Article", keyPath: "articles")
        )
        #expect(
            r.jsonText()
                == #"[{"$class":"Article","identifier":10,"title":"Swift","created":"2011-07-04T10:30:00Z","#
                + #""imageURL":"https://x.example/s.png","author":{"$class":"Author","name":"Chris"}}]"#)
        #expect(
            r.issueLines == [
                #"info unmappedField $.articles[0].by.email Author: field "email" is not mapped by any property of Author"#
            ])
    }

    @Test("without a typed class, the form defines it: its properties read their fields as any, dates as dates")
    func definesAClass() throws {
        let (session, problems) = try Self.load([
            "session.json": Self.session(#"["mappings/ArticleMapping.plist", {"Author": ["name"]}]"#),
            "mappings/ArticleMapping.plist": Self.articleMapping,
        ])
        #expect(problems == [])
        let s = try #require(session)
        #expect(
            s.mappings["Article"]?.properties.map { "\($0.name) \($0.type) \($0.field ?? "-")" } == [
                "identifier any id", "imageURL any image", "title any title", "created date created", "author any by",
            ])
        #expect(s.mappings["Author"]?.properties.map(\.name) == ["name"])
        let r = s.mapper.map(
            try JSONParser().parse(Array(Self.data.utf8)), with: RouteMapping(className: "Article", keyPath: "articles")
        )
        #expect(r.issues.isEmpty, "\(r.issueLines)")
        #expect(r.jsonText().contains(#""created":"2011-07-04T10:30:00Z""#))
    }

    @Test("names that are not properties and meta keys JCModel does not have are errors where they are written")
    func mistakes() throws {
        let (_, problems) = try Self.load([
            "session.json": Self.session(
                #"["mappings/types.json", "mappings/ArticleMapping.plist", "mappings/Author.plist"]"#),
            "mappings/types.json": Self.types,
            "mappings/ArticleMapping.plist": Self.articleMapping.replacingOccurrences(
                of: "<string>imageURL</string>", with: "<string>imageUrl</string>"
            ).replacingOccurrences(of: "@created.dateFormat", with: "@created.format"),
            "mappings/Author.plist": Self.authorNames.replacingOccurrences(of: ">name<", with: ">nmae<"),
        ])
        #expect(
            problems == [
                #"mappings/Author.plist:6:10: "nmae" is not a property of Author (properties: name, email)"#,
                #"mappings/ArticleMapping.plist:7:31: unknown meta key "@created.format" in Article; JCModel's is "#
                    + "@FIELD.dateFormat",
                #"mappings/ArticleMapping.plist:9:21: field "image" maps to "imageUrl", which is not a property of "#
                    + "Article; did you mean imageURL? (properties: identifier, title, created, imageURL, author)",
            ])
    }

    @Test("an object that is neither form, or no class at all, says what the forms are")
    func hints() throws {
        let config = try JSONParser().parse(
            Array(#"{"A": {"dateFormat": "yyyy"}, "B": [], "C": 3, "D": {"x": "y", "n": 3}}"#.utf8))
        let (_, problems) = MappingSet.load(from: config, at: Tree.root, file: "session.json")
        #expect(
            problems.map(\.description) == [
                #"session.json:1:7: class A has no "properties" (or write it in JCModel's form: an object of JSON "#
                    + "names → property names, all strings, or an array of property names)",
                "session.json:1:36: class B lists no properties (JCModel's form: an array of property names)",
                #"session.json:1:45: class C must be an object with "properties" (or, in JCModel's form, an object "#
                    + "of JSON names → property names or an array of property names), found number 3",
                "session.json:1:54: unknown key 'x' in class D (known keys: properties, dateFormat, dateStyle, "
                    + "timeStyle, timeZone, only, jsonapi, description)",
                "session.json:1:64: unknown key 'n' in class D (known keys: properties, dateFormat, dateStyle, "
                    + "timeStyle, timeZone, only, jsonapi, description)",
                #"session.json:1:53: class D has no "properties" (or write it in JCModel's form: an object of JSON "#
                    + "names → property names, all strings, or an array of property names)",
            ])
    }
}
