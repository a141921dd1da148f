import Strata
import Testing

@Suite struct XMLParserTests {
    let xml = XMLFormat()

    static let bookstore = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- a comment before the root -->
        <bookstore id="s1">
          <name>HappyBook</name>
          <book lang="en" year='2024'>
            <title>Swift &amp; Co</title>
            <price currency="EUR">12.50</price>
          </book>
          <book lang="fr"><title>Rust</title></book>
          <empty/>
          <blank></blank>
        </bookstore>

        """

    @Test("elements become objects, attributes @members, text-only elements strings, empty elements null")
    func mapsElementsOntoNodeKinds() throws {
        let t = try xml.parse(Self.bookstore)
        #expect(t.format == .xml)
        #expect(
            t.canonicalJSON()
                == ##"{"bookstore":{"@id":"s1","name":"HappyBook","book":{"@lang":"en","@year":"2024","title":"Swift & Co","price":{"@currency":"EUR","#text":"12.50"}},"book":{"@lang":"fr","title":"Rust"},"empty":null,"blank":null}}"##
        )
        #expect(t.kind(t.at("$.bookstore")) == .object)
        #expect(t.kind(t.at("$.bookstore.name")) == .string)
        #expect(t.kind(t.at("$.bookstore.empty")) == .null)
        #expect(t.string(at: #"$.bookstore.book#1["@lang"]"#) == "fr")
        #expect(t.string(at: ##"$.bookstore.book.price["#text"]"##) == "12.50")
    }

    @Test("repeated elements stay separate members in order, addressed with #n and not flagged as duplicates")
    func repeatedElementsUseOccurrencePaths() throws {
        let t = try xml.parse("<feed><entry>a</entry><x/><entry>b</entry><entry>c</entry></feed>")
        let feed = t.at("$.feed")
        #expect(t.childCount(feed) == 4)
        #expect(t.children(feed).map { t.key($0) } == ["entry", "x", "entry", "entry"])
        #expect(t.string(at: "$.feed.entry") == "a")
        #expect(t.string(at: "$.feed.entry#1") == "b")
        #expect(t.string(at: "$.feed.entry#2") == "c")
        #expect(t.node(at: "$.feed.entry#3") == nil)
        let third = t.at("$.feed.entry#2")
        #expect(t.path(third).description == "$.feed.entry#2")
        #expect(t.node(at: t.path(third)) == third)
        #expect(t.indices.allSatisfy { !t.isDuplicateKey($0) })
    }

    @Test("every node's path leads back to it")
    func pathsRoundTrip() throws {
        let t = try xml.parse(Self.bookstore)
        for i in t.indices {
            let p = t.path(i)
            #expect(TreePath(parsing: p.description) == p, "\(p)")
            #expect(t.node(at: p) == i, "\(p)")
        }
    }

    @Test("an element spans its start tag through its end tag")
    func elementSpans() throws {
        let t = try xml.parse(Self.bookstore)
        #expect(t.span(Tree.root) == 0..<t.source.count)
        #expect(t.raw(at: "$.bookstore.name") == "<name>HappyBook</name>")
        #expect(t.raw(at: "$.bookstore.book#1") == #"<book lang="fr"><title>Rust</title></book>"#)
        #expect(t.raw(at: "$.bookstore.book.title") == "<title>Swift &amp; Co</title>")
        #expect(t.raw(at: "$.bookstore.empty") == "<empty/>")
        #expect(t.raw(at: "$.bookstore.blank") == "<blank></blank>")
        let store = try #require(t.raw(at: "$.bookstore"))
        #expect(store.hasPrefix(#"<bookstore id="s1">"#) && store.hasSuffix("</bookstore>"))
        let book = try #require(t.raw(at: "$.bookstore.book"))
        #expect(book.hasPrefix(#"<book lang="en" year='2024'>"#) && book.hasSuffix("</book>"))
    }

    @Test("an attribute spans name=\"value\", a #text member its characters")
    func attributeAndTextSpans() throws {
        let t = try xml.parse(Self.bookstore)
        #expect(t.raw(at: #"$.bookstore["@id"]"#) == #"id="s1""#)
        #expect(t.raw(at: #"$.bookstore.book["@year"]"#) == "year='2024'")
        #expect(t.raw(at: #"$.bookstore.book.price["@currency"]"#) == #"currency="EUR""#)
        #expect(t.raw(at: ##"$.bookstore.book.price["#text"]"##) == "12.50")

        let mixed = try xml.parse("<p>Hello <b>bold</b> &amp; <i a=\"1\">it</i> end</p>")
        #expect(mixed.string(at: ##"$.p["#text"]"##) == "Hello ")
        #expect(mixed.raw(at: ##"$.p["#text"]"##) == "Hello ")
        #expect(mixed.string(at: ##"$.p["#text"]#1"##) == " & ")
        #expect(mixed.raw(at: ##"$.p["#text"]#1"##) == " &amp; ")
        #expect(mixed.raw(at: ##"$.p["#text"]#2"##) == " end")
        #expect(mixed.raw(at: #"$.p.i["@a"]"#) == #"a="1""#)
        #expect(mixed.raw(at: ##"$.p.i["#text"]"##) == "it")
    }

    @Test("spans are byte offsets even after multi-byte characters")
    func spansCountBytes() throws {
        let t = try xml.parse("<r>\n  <é k=\"ü\">grüße</é><n>2</n></r>")
        #expect(t.raw(at: "$.r.é") == "<é k=\"ü\">grüße</é>")
        #expect(t.raw(at: #"$.r.é["@k"]"#) == "k=\"ü\"")
        #expect(t.raw(at: ##"$.r.é["#text"]"##) == "grüße")
        #expect(t.raw(at: "$.r.n") == "<n>2</n>")
    }

    @Test("namespaces keep their prefixes as written and xmlns declarations as attributes")
    func namespaces() throws {
        let t = try xml.parse(
            #"<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/"><media:thumbnail url="u"/><title>T</title></feed>"#
        )
        #expect(t.string(at: #"$.feed["@xmlns"]"#) == "http://www.w3.org/2005/Atom")
        #expect(t.string(at: #"$.feed["@xmlns:media"]"#) == "http://search.yahoo.com/mrss/")
        #expect(t.string(at: #"$.feed["media:thumbnail"]["@url"]"#) == "u")
        #expect(t.raw(at: #"$.feed["media:thumbnail"]"#) == #"<media:thumbnail url="u"/>"#)
    }

    @Test("CDATA text is kept verbatim and joins the text around it")
    func cdata() throws {
        let t = try xml.parse("<a><code><![CDATA[if a < b && c > d { }]]></code><m>x<![CDATA[<y>]]>z</m></a>")
        #expect(t.string(at: "$.a.code") == "if a < b && c > d { }")
        #expect(t.string(at: "$.a.m") == "x<y>z")
        let withAttribute = try xml.parse(#"<a k="v">one<![CDATA[two]]><!-- c -->three</a>"#)
        #expect(withAttribute.string(at: ##"$.a["#text"]"##) == "onetwothree")
        #expect(withAttribute.raw(at: ##"$.a["#text"]"##) == "one<![CDATA[two]]><!-- c -->three")
    }

    @Test("entities and character references are decoded in text and attributes")
    func entities() throws {
        let t = try xml.parse(
            #"<a t="&quot;q&quot; &apos;s&apos; &lt;&gt;">&amp;&lt;&gt;&quot;&apos; &#65;&#x42;&#X43; &#x1F600; &#233;</a>"#
        )
        #expect(t.string(at: #"$.a["@t"]"#) == #""q" 's' <>"#)
        #expect(t.string(at: ##"$.a["#text"]"##) == "&<>\"' ABC 😀 é")
    }

    @Test("entities declared in the DOCTYPE's internal subset are expanded")
    func doctypeEntities() throws {
        let t = try xml.parse(
            """
            <!DOCTYPE note [
              <!ELEMENT note (#PCDATA)>
              <!ENTITY company "Strata &amp; Sons">
              <!ENTITY % param "ignored">
              <!-- comment ] inside -->
            ]>
            <note>by &company;</note>
            """)
        #expect(t.string(at: "$.note") == "by Strata & Sons")
    }

    @Test("attribute values normalize line breaks and tabs to spaces")
    func attributeNormalization() throws {
        let t = try xml.parse("<a v=\"x\r\ny\tz\nw\"/>")
        #expect(t.string(at: #"$.a["@v"]"#) == "x y z w")
    }

    @Test("white space between child elements is layout; text-only elements keep theirs verbatim")
    func whiteSpace() throws {
        let t = try xml.parse("<a>\n  <b>  padded  </b>\n  <c> </c>\n  <d>line\r\nbreak</d>\n</a>")
        #expect(t.childCount(t.at("$.a")) == 3)
        #expect(t.string(at: "$.a.b") == "  padded  ")
        #expect(t.string(at: "$.a.c") == " ")
        #expect(t.string(at: "$.a.d") == "line\nbreak")
        let attributed = try xml.parse("<a k=\"1\">\n  </a>")
        #expect(attributed.canonicalJSON() == #"{"a":{"@k":"1"}}"#)
    }

    @Test("the prolog may hold a BOM, the declaration, comments, processing instructions and a DOCTYPE")
    func prolog() throws {
        let text =
            "\u{FEFF}<?xml version=\"1.0\"?>\n<?xml-stylesheet href=\"s.css\"?>\n<!DOCTYPE r SYSTEM \"r.dtd\">\n<!-- c -->\n<r><?pi inside?>v<!-- x --></r>\n<!-- trailing -->\n"
        let t = try xml.parse(text)
        #expect(t.canonicalJSON() == #"{"r":"v"}"#)
        #expect(t.raw(at: "$.r") == "<r><?pi inside?>v<!-- x --></r>")
    }

    @Test("a document declared as ISO-8859-1 is decoded as such")
    func latin1() throws {
        var bytes = Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a k=\"".utf8)
        bytes += [0xE9]
        bytes += Array("\">caf".utf8) + [0xE9] + Array("</a>".utf8)
        let t = try xml.parse(bytes)
        #expect(t.string(at: #"$.a["@k"]"#) == "é")
        #expect(t.string(at: ##"$.a["#text"]"##) == "café")
    }

    @Test(
        "malformed XML is an error with line, column and byte offset",
        arguments: [
            ("<a><b></c></a>", "expected </b> to close <b> opened at 1:4, found </c>", 1, 7),
            ("<a>\n  <b>\n</a>", "expected </b> to close <b> opened at 2:3, found </a>", 3, 1),
            ("<a>\n<b>text", "unexpected end of input: <b> opened at 2:1 is not closed", 2, 8),
            ("", "no root element: an XML document needs one element", 1, 1),
            ("<!-- only a comment -->", "no root element: an XML document needs one element", 1, 24),
            ("hello", "expected '<' to start the root element, found 'h'", 1, 1),
            ("<a/><b/>", "a second root element <b>: an XML document has exactly one", 1, 5),
            ("<a/>text", "unexpected text after the root element, found 't'", 1, 5),
            ("<a x=1/>", "expected a quoted value for attribute 'x', found '1'", 1, 6),
            (#"<a x="1" x="2"/>"#, "duplicate attribute 'x'", 1, 10),
            (#"<a x="1"y="2"/>"#, "expected white space before attribute 'y'", 1, 9),
            ("<a x/>", "expected '=' after attribute name 'x', found '/'", 1, 5),
            ("<a>&nbsp;</a>", "unknown entity", 1, 4),
            ("<a>AT&T</a>", "'&' must start an entity", 1, 6),
            (#"<a x="<"/>"#, "'<' is not allowed in attribute values (write &lt;)", 1, 7),
            ("<a><!-- open</a>", "unterminated comment: '<!--' has no matching '-->'", 1, 4),
            ("<a><![CDATA[x</a>", "unterminated CDATA section", 1, 4),
            ("</a>", "unexpected end tag </a>: no element is open", 1, 1),
            ("<a>&#0;</a>", "invalid character reference '&#0;'", 1, 4),
            ("<a>&#xD800;</a>", "invalid character reference '&#xD800;'", 1, 4),
            ("<1a/>", "expected an element name after '<', found '1'", 1, 2),
            ("<a></ a>", "expected an element name after '</', found ' '", 1, 6),
            ("<a></a x>", "expected '>' to end </a>, found 'x'", 1, 8),
            ("<a b=\"1\"", "unexpected end of input in the start tag of <a>", 1, 9),
            ("<a/ >", "expected '>' after '/' in a start tag", 1, 4),
            (#"<?xml version="1.0" encoding="UTF-16"?><a/>"#, "unsupported encoding 'UTF-16'", 1, 1),
            (#" <?xml version="1.0"?><a/>"#, "the XML declaration '<?xml ...?>' must be at the very start", 1, 2),
            ("<a><!DOCTYPE a></a>", "a DOCTYPE must come once, before the root element", 1, 4),
            ("<a><!ELEMENT></a>", "unknown markup after '<!'", 1, 4),
            ("<![CDATA[x]]><a/>", "a CDATA section must be inside the root element", 1, 1),
            ("<a><?pi", "unterminated processing instruction", 1, 4),
        ])
    func malformed(input: String, message: String, line: Int, column: Int) {
        let error = xml.error(input)
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "parsed")")
        #expect(error?.line == line)
        #expect(error?.column == column)
        if let error {
            #expect(error.offset == TextPosition.offset(line: line, column: column, in: Array(input.utf8)))
        }
    }

    @Test("UTF-16 documents are refused with a clear message")
    func utf16() {
        let bytes: [UInt8] = [0xFF, 0xFE, 0x3C, 0x00, 0x61, 0x00, 0x2F, 0x00, 0x3E, 0x00]
        do {
            _ = try xml.parse(bytes)
            Issue.record("UTF-16 parsed")
        } catch {
            #expect(error.message == "UTF-16 XML is not supported: convert the document to UTF-8")
        }
    }

    @Test("100 000 nested elements are rejected without a crash; 5 000 are fine")
    func deepNesting() throws {
        let deep = String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)
        // How fast it is rejected is measured by `strata-bench limits`.
        #expect(xml.error(deep)?.message == "elements nested deeper than 10000 levels")
        let ok = String(repeating: "<a>", count: 5000) + "x" + String(repeating: "</a>", count: 5000)
        let t = try xml.parse(ok)
        #expect(t.count == 5001)
        #expect(t.string(t.count - 1) == "x")
        #expect(t.depth(t.count - 1) == 5000)
    }

    @Test("billion-laughs entity expansion stops with an error")
    func entityExpansionLimit() {
        var doc = "<!DOCTYPE r [<!ENTITY a \"\(String(repeating: "x", count: 1000))\">"
        var previous = "a"
        for level in 1...5 {
            doc += "<!ENTITY e\(level) \"\(String(repeating: "&\(previous);", count: 10))\">"
            previous = "e\(level)"
        }
        doc += "]><r>" + String(repeating: "&\(previous);", count: 100) + "</r>"
        #expect(xml.error(doc)?.message.contains("expand to more than") == true)
    }

    @Test("sniffing recognizes XML by its first markup")
    func sniff() {
        #expect(xml.sniff(Array("<?xml version=\"1.0\"?><a/>".utf8)))
        #expect(xml.sniff(Array("\u{FEFF}  \n<root/>".utf8)))
        #expect(xml.sniff(Array("<!-- c --><a/>".utf8)))
        #expect(!xml.sniff(Array("{\"a\":1}".utf8)))
        #expect(!xml.sniff(Array("a < b".utf8)))
        #expect(!xml.sniff(Array("< b".utf8)))
        #expect(!xml.sniff([]))
    }

    @Test("xml, application/xml, text/xml and +xml media types are accepted")
    func dataTypes() {
        for t in ["xml", "application/xml", "text/xml", "application/atom+xml", "application/rss+xml"] {
            #expect(xml.isDataTypeAcceptable(t), "\(t)")
        }
        for t in ["json", "application/json", "text/plain", "application/xhtml"] {
            #expect(!xml.isDataTypeAcceptable(t), "\(t)")
        }
    }

    @Test("a text run of many entity references and CDATA sections reads whole, in order")
    func longTextRuns() throws {
        // Each reference or section once copied the whole run so far (300 000 references: 45 s; see
        // `strata-bench adversarial`); the text must still come out whole.
        let n = 5_000
        let references = try XMLFormat().parse(
            Array(("<r>" + String(repeating: "a&amp;&#233;", count: n) + "</r>").utf8))
        #expect(references.string(at: "$.r") == String(repeating: "a&é", count: n))
        let sections = try XMLFormat().parse(
            Array(("<r>" + String(repeating: "<![CDATA[x<]]>y\r\n", count: n) + "</r>").utf8))
        #expect(sections.string(at: "$.r") == String(repeating: "x<y\n", count: n))
    }
}
