import Foundation
import Strata
import StrataTestSupport
import Testing

/// `mappings` naming files: JSON and property-list class mappings merged in order, problems located in their file.
@Suite struct SessionMappingFilesTests {
    static let session = """
        {
          "name": "S",
          "routes": [ { "name": "list", "path": "/articles", "map": "Catalog" } ],
          "mappings": [ "mappings/catalog.json", "mappings/Article.plist", { "Tag": { "properties": { "name": "string" } } } ]
        }
        """
    static let catalog = #"{ "Catalog": { "properties": { "articles": "[Article]" } } }"#
    static let article = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
          <key>Article</key>
          <dict>
            <key>properties</key>
            <dict>
              <key>title</key><string>string</string>
              <key>tags</key><string>[Tag]</string>
              <key>views</key><dict><key>type</key><string>int</string><key>optional</key><true/></dict>
            </dict>
          </dict>
        </dict>
        </plist>
        """

    /// Loads the session in `files` and returns its problems (paths relative to it), or the session.
    static func load(_ files: [String: String]) throws -> (Session?, [String]) {
        let dir = try ScratchDirectory(files)
        defer { dir.remove() }
        let (session, problems) = Session.loadReportingProblems(from: dir.path)
        let all = problems + (session?.mappingDiagnostics ?? [])
        return (session, all.map { $0.description.replacingOccurrences(of: dir.path + "/", with: "") })
    }

    @Test("classes from a JSON file, a plist file and an inline object map together")
    func merged() throws {
        let (session, problems) = try Self.load([
            "session.json": Self.session, "mappings/catalog.json": Self.catalog, "mappings/Article.plist": Self.article,
        ])
        #expect(problems == [])
        let s = try #require(session)
        #expect(s.mappings.names == ["Catalog", "Article", "Tag"])
        let tree = try JSONParser().parse(Array(#"{"articles": [{"title": "A", "tags": [{"name": "x"}]}]}"#.utf8))
        let r = s.mapper.map(tree, with: RouteMapping(className: "Catalog"))
        #expect(
            r.jsonText()
                == #"{"$class":"Catalog","articles":[{"$class":"Article","title":"A","tags":[{"$class":"Tag","name":"x"}],"views":null}]}"#
        )
        #expect(r.issues.isEmpty)
    }

    @Test("problems are located in the file that has them; a class in two files names both places")
    func locatedProblems() throws {
        let (_, problems) = try Self.load([
            "session.json": Self.session,
            "mappings/catalog.json": #"{ "Catalog": { "properties": { "articles": "[Articel]" } },"# + "\n"
                + #"  "Article": { "properties": { "title": "string" } } }"#,
            "mappings/Article.plist": Self.article.replacingOccurrences(
                of: "<string>int</string>", with: "<string>integer</string>"),
        ])
        #expect(
            problems == [
                "mappings/catalog.json:1:44: unknown class \"Articel\" for Catalog.articles; did you mean Article? "
                    + "(classes: Catalog, Article, Tag)",
                "mappings/Article.plist:5:3: class Article is defined twice: at mappings/catalog.json:2:3 and at "
                    + "mappings/Article.plist:5:3; the later one is used",
                "mappings/Article.plist:10:44: unknown type \"integer\" for Article.views; did you mean int? "
                    + "(types: string, int, double, decimal, bool, date, url, any, dictionary, [T], {T}, or a class name)",
            ])
    }

    @Test("a missing file or one outside the session is an error at its entry, and nothing is read")
    func confined() throws {
        let (_, problems) = try Self.load([
            "session.json": Self.session.replacingOccurrences(of: "mappings/catalog.json", with: "../outside.json")
        ])
        #expect(problems.count == 3)
        #expect(problems.first == "session.json:3:61: unknown class \"Catalog\" in map (classes: Tag)")
        // Outside is said as outside, as for a bodyFile, whether or not a file is there.
        #expect(
            problems.dropFirst().first?.hasPrefix("session.json:4:17: mapping file \"../outside.json\" resolves to /")
                == true)
        #expect(
            problems.dropFirst().first?.hasSuffix("/outside.json, outside the session folder; nothing was read") == true
        )
        #expect(
            problems.last
                == "session.json:4:36: mapping file \"mappings/Article.plist\" does not exist; nothing was read")
        let (_, absolute) = try Self.load([
            "session.json": Self.session.replacingOccurrences(
                of: "mappings/catalog.json", with: "/nowhere/catalog.json")
        ])
        #expect(
            absolute.contains(
                "session.json:4:17: mapping file \"/nowhere/catalog.json\" resolves to /nowhere/catalog.json, outside "
                    + "the session folder; nothing was read"), "\(absolute)")
    }
}
