import Foundation
import Strata
import Testing

/// The same configuration maps XML trees (built as the XML parser builds them, with TreeBuilder).
@Suite struct MappingXMLTests {
    /// A small XML document model that writes its text and builds the matching tree with real spans.
    indirect enum XML {
        case element(String, [(String, String)], [XML])
        case text(String)

        static func el(_ name: String, _ attributes: [(String, String)] = [], _ children: XML...) -> XML {
            .element(name, attributes, children)
        }

        static func leaf(_ name: String, _ text: String) -> XML { .element(name, [], [.text(text)]) }

        /// Builds the tree: a document object holding the root element, as `<bookstore>` → `$.bookstore`.
        static func tree(_ root: XML) -> Tree {
            var source = ""
            root.write(into: &source)
            var b = TreeBuilder(source: Array(source.utf8), format: .xml, flagDuplicates: false)
            var offset = 0
            b.beginContainer(.object, start: 0)
            root.build(into: &b, key: nil, offset: &offset)
            b.endContainer(end: source.utf8.count)
            return b.build()
        }

        func write(into s: inout String) {
            switch self {
            case .text(let t): s += t
            case .element(let name, let attributes, let children):
                s += "<" + name + attributes.map { " \($0.0)=\"\($0.1)\"" }.joined() + ">"
                for c in children { c.write(into: &s) }
                s += "</" + name + ">"
            }
        }

        var length: Int {
            var s = ""
            write(into: &s)
            return s.utf8.count
        }

        func build(into b: inout TreeBuilder, key: String?, offset: inout Int) {
            guard case .element(let name, let attributes, let children) = self else { return }
            let start = offset
            let end = start + length
            if attributes.isEmpty, children.isEmpty {
                // As the XML parser does: an empty element is null.
                b.scalar(.null, key: name, start: start, end: end)
                offset = end
                return
            }
            if attributes.isEmpty, children.count == 1, case .text(let t) = children[0] {
                b.scalar(.string, key: name, value: t, start: start, end: end)
                offset = end
                return
            }
            b.beginContainer(.object, key: name, start: start)
            offset += 1 + name.utf8.count
            for (k, v) in attributes {
                let attrLength = 1 + k.utf8.count + 2 + v.utf8.count + 1
                b.scalar(.string, key: "@" + k, value: v, start: offset + 1, end: offset + attrLength)
                offset += attrLength
            }
            offset += 1
            for c in children {
                if case .text(let t) = c {
                    b.scalar(.string, key: "#text", value: t, start: offset, end: offset + t.utf8.count)
                    offset += t.utf8.count
                } else {
                    c.build(into: &b, key: nil, offset: &offset)
                }
            }
            b.endContainer(end: end)
            offset = end
        }
    }

    /// The articles of `SeedDXDALTests.data`, as elements.
    static func article(_ n: Int, name: String = "article", copies: String? = nil) -> XML {
        let dates = ["7/4/2011", "12/25/2012", "1/31/2013"]
        return .el(
            name, [],
            .leaf("title", "Article\(n)"), .leaf("body", "Body\(n)"), .leaf("author", "Author\(n)"),
            .leaf("publication_date", dates[n - 1]), .leaf("copies", copies ?? "\(n)"))
    }

    /// `SeedDXDALTests.data` as XML.
    static let bookstore = XML.el(
        "bookstore", [],
        .leaf("name", "HappyBook"), .leaf("territory", "24.56"), .leaf("foundationDate", "20100223"),
        .el("catalogue", [], article(1), article(2)),
        .el("numberOf", [], .leaf("firstKey", "1"), .leaf("secondKey", "2"), article(3, name: "thirdKey")))

    @Test("the built tree has real spans, so the UI can highlight the source")
    func treeHelperHasRealSpans() throws {
        let tree = XML.tree(Self.bookstore)
        let title = try #require(tree.node(at: "$.bookstore.catalogue.article#1.title"))
        #expect(String(decoding: tree.source[tree.span(title)], as: UTF8.self) == "<title>Article2</title>")
    }

    @Test("the DXDAL BookStore configuration maps the XML bookstore to the same objects as the JSON one")
    func xmlBookStoreEqualsJSON() {
        let (set, route) = MappingFixture.load(SeedDXDALTests.config)
        let xml = Mapper(mappings: set).map(XML.tree(Self.bookstore), with: route)
        let json = Mapper(mappings: set).map(MappingFixture.tree(SeedDXDALTests.data), with: route)
        #expect(xml.jsonText() == json.jsonText())
        #expect(xml.value(at: "territory")?.content == .double(24.56))
        #expect(xml.value(at: "catalogue", 1, "copies")?.content == .int(2))
        #expect(xml.value(at: "numberOfArticles", "thirdKey", "title")?.content == .string("Article3"))
    }

    @Test("XML has no types, so reading numbers and dates from its text is not noted as a coercion")
    func xmlCoercionsAreNotNoted() {
        let (set, route) = MappingFixture.load(SeedDXDALTests.config)
        let r = Mapper(mappings: set).map(XML.tree(Self.bookstore), with: route)
        #expect(r.issues.isEmpty)
    }

    @Test("issues in XML name repeated elements by occurrence")
    func issuePathsUseOccurrences() {
        let (set, route) = MappingFixture.load(SeedDXDALTests.config)
        let doc = XML.el(
            "bookstore", [], .leaf("name", "X"), .el("catalogue", [], Self.article(1), Self.article(2, copies: "x1")))
        let r = Mapper(mappings: set).map(XML.tree(doc), with: route)
        #expect(
            r.issues(.typeMismatch).map(\.description) == [
                "error typeMismatch $.bookstore.catalogue.article#1.copies Article.copies: expected int, found string "
                    + "\"x1\" — fix the data, or declare Article.copies as string"
            ])
        #expect(r.value(at: "catalogue", 0, "copies")?.content == .int(1))
    }

    static let feedConfig = """
        {
          "mappings": {
            "Feed": { "properties": { "id": "string", "title": "string", "entries": "[Entry]",
                                      "price": { "type": "double", "optional": true },
                                      "note": { "type": "string", "optional": true },
                                      "summary": "string",
                                      "rating": { "type": "int", "optional": true } } },
            "Entry": { "properties": { "id": "int", "title": "string" } }
          },
          "map": { "class": "Feed", "keyPath": "feed" }
        }
        """

    @Test("an empty element is nil for optional properties, \"\" for a required string, valueNull otherwise")
    func emptyElements() {
        let set = MappingSet([
            ClassMapping(name: "E", properties: [PropertyMapping("title", .string), PropertyMapping("count", .int)])
        ])
        let doc = XML.el("e", [], .el("title", []), .el("count", []))
        let r = Mapper(mappings: set).map(XML.tree(doc), with: RouteMapping(className: "E", keyPath: "e"))
        #expect(r.value(at: "title")?.content == .string(""))
        #expect(
            r.issues.map(\.description) == [
                "error valueNull $.e.count E.count: E.count is null but required — mark it \"optional\": true or give it a \"default\""
            ])
    }

    @Test("attributes match properties, repeated elements gather into arrays, #text reads as the value")
    func attributesRepeatsAndText() {
        let doc = XML.el(
            "feed", [("id", "f1")],
            .leaf("title", "News"),
            .el("entry", [("id", "1")], .leaf("title", "One")),
            .el("entry", [("id", "2")], .leaf("title", "Two")),
            .el("price", [("currency", "EUR")], .text("12.5")),
            .el("note", []),
            .el("summary", []),
            .el("rating", []))
        let (set, route) = MappingFixture.load(Self.feedConfig)
        let r = Mapper(mappings: set).map(XML.tree(doc), with: route)
        #expect(r.value(at: "id")?.content == .string("f1"))
        #expect(r.value(at: "entries", 0, "id")?.content == .int(1))
        #expect(r.value(at: "entries", 1, "title")?.content == .string("Two"))
        #expect(r.value(at: "price")?.content == .double(12.5))
        #expect(r.value(at: "note")?.content == .null)
        #expect(r.value(at: "summary")?.content == .string(""))
        #expect(r.value(at: "rating")?.content == .null)
        #expect(
            r.issues.map(\.description) == [
                "info unmappedField $.feed.price[\"@currency\"] Feed.price: field \"@currency\" is not mapped by any property of Feed.price"
            ])
    }

    @Test("a single repeated element still maps to an array of one")
    func singleElementArray() {
        let doc = XML.el(
            "feed", [("id", "f1")], .leaf("title", "News"), .el("entry", [("id", "1")], .leaf("title", "One")))
        let (set, route) = MappingFixture.load(Self.feedConfig)
        let r = Mapper(mappings: set).map(XML.tree(doc), with: route)
        #expect(r.value(at: "entries")?.content == .array)
        #expect(r.children(of: r.child(of: 0, named: "entries")!).count == 1)
    }

    @Test("a root element of repeated elements maps to an array of the route's class")
    func rootWrapperMapsToArray() {
        let doc = XML.el("articles", [], .el("article", [], .leaf("id", "1")), .el("article", [], .leaf("id", "2")))
        let set = MappingSet([ClassMapping(name: "Article", properties: [PropertyMapping("id", .int)])])
        let r = Mapper(mappings: set).map(XML.tree(doc), with: RouteMapping(className: "Article", keyPath: "articles"))
        #expect(r.root.content == .array)
        #expect(r.value(at: 1, "id")?.content == .int(2))
        #expect(r.issues.isEmpty)
    }
}

/// The bookstore as XML text, read by the registered XML parser.
@Suite struct MappingXMLParserTests {

    static let bookstore = """
        <?xml version="1.0" encoding="UTF-8"?>
        <bookstore>
          <name>HappyBook</name>
          <territory>24.56</territory>
          <foundationDate>20100223</foundationDate>
          <catalogue>
            <article id="a1">
              <title>Article1</title><body>Body1</body><author>Author1</author>
              <publication_date>7/4/2011</publication_date><copies>1</copies>
            </article>
            <article id="a2">
              <title>Article2</title><body>Body2</body><author>Author2</author>
              <publication_date>12/25/2012</publication_date><copies>2</copies><isbn/>
            </article>
          </catalogue>
          <numberOf>
            <firstKey>1</firstKey><secondKey>2</secondKey>
            <thirdKey><title>Article3</title><body>Body3</body><author>Author3</author>
              <publication_date>1/31/2013</publication_date><copies>3</copies></thirdKey>
          </numberOf>
        </bookstore>
        """

    @Test("the XML parser's bookstore maps to the same objects as the JSON one")
    func parsedXMLBookStore() throws {
        let tree = try #require(ParserRegistry.standard.parser(named: "xml")).parse(Array(Self.bookstore.utf8))
        let (set, route) = MappingFixture.load(SeedDXDALTests.config)
        let xml = Mapper(mappings: set).map(tree, with: route)
        let json = Mapper(mappings: set).map(MappingFixture.tree(SeedDXDALTests.data), with: route)
        #expect(xml.jsonText() == json.jsonText())
        // The articles' id attributes are the only fields no property reads.
        #expect(
            xml.issues.map(\.description) == [
                "info unmappedField $.bookstore.catalogue.article[\"@id\"] Article: field \"@id\" is not mapped by any "
                    + "property of Article",
                "info unmappedField $.bookstore.catalogue.article#1[\"@id\"] Article: field \"@id\" is not mapped by "
                    + "any property of Article",
            ])
        let copies = try #require(tree.node(at: "$.bookstore.catalogue.article#1.copies"))
        let id = try #require(xml.value(forSource: copies))
        #expect(xml[id].content == .int(2))
        #expect(String(decoding: tree.source[tree.span(copies)], as: UTF8.self) == "<copies>2</copies>")
    }
}
