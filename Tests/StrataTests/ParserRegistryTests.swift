import Strata
import Testing

@Suite struct ParserRegistryTests {
    let registry = ParserRegistry.standard
    let json = Array(#"{"a":[1,2]}"#.utf8)
    let xml = Array("<?xml version=\"1.0\"?><a>1</a>".utf8)
    /// `true` as a binary plist: header, the object, a one-entry offset table, the trailer.
    let bplist =
        Array("bplist00".utf8) + [0x09, 0x08] + [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 1]
        + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 9]

    /// The parser name and tree format an outcome ended with.
    func result(_ o: ParseOutcome) -> String { "\(o.parser)/\(o.tree?.format.name ?? "error")" }

    @Test("the standard registry knows json, yaml, plist, xml, form, ndjson, sse, hex and text, the first asked first")
    func standardNames() {
        #expect(registry.names == ["json", "yaml", "plist", "xml", "form", "ndjson", "sse", "hex", "text"])
        #expect(registry.parser(named: "JSON")?.name == "json")
        #expect(registry.parser(named: "toml") == nil)
    }

    @Test(
        "an explicit type picks the parser by name or media type",
        arguments: [
            ("json", "json/json"), ("xml", "xml/xml"), ("text", "text/text"), ("hex", "hex/binary"),
            ("application/json", "json/json"), ("application/xml; charset=utf-8", "xml/xml"),
        ])
    func explicitType(type: String, expected: String) {
        let body = type.contains("xml") ? xml : json
        #expect(result(registry.parse(body, type: type, contentType: "text/html")) == expected)
    }

    @Test("an explicit type that fails is an error, even when another parser would succeed")
    func explicitFailureIsFinal() {
        let o = registry.parse(json, type: "xml")
        #expect(o.parser == "xml")
        #expect(o.tree == nil)
        #expect(o.error?.message == "expected '<' to start the root element, found '{'")
        #expect(o.note == nil)
    }

    @Test("an unknown explicit type is an error naming the known ones")
    func unknownExplicitType() {
        let o = registry.parse(json, type: "toml")
        #expect(o.parser == "none")
        #expect(
            o.error?.message == "unknown data type 'toml' (known: json, yaml, plist, xml, form, ndjson, sse, hex, text)"
        )
    }

    @Test(
        "the Content-Type picks the parser, with structured suffixes, parameters and any case",
        arguments: [
            ("application/json", "json/json"), ("application/json; charset=utf-8", "json/json"),
            ("Application/JSON ; Charset=UTF-8", "json/json"), ("application/vnd.api+json", "json/json"),
            ("application/problem+json", "json/json"), ("text/json", "json/json"),
        ])
    func contentTypeJSON(contentType: String, expected: String) {
        let o = registry.parse(json, contentType: contentType)
        #expect(result(o) == expected)
        #expect(o.note == nil)
    }

    @Test("XML, form, plist and text media types reach their parsers")
    func contentTypeOthers() {
        #expect(result(registry.parse(xml, contentType: "application/atom+xml")) == "xml/xml")
        #expect(result(registry.parse(xml, contentType: "text/xml; charset=\"utf-8\"")) == "xml/xml")
        #expect(
            result(registry.parse(Array("a=1".utf8), contentType: "application/x-www-form-urlencoded")) == "form/form")
        #expect(result(registry.parse(bplist, contentType: "application/x-plist")) == "plist/plist")
        #expect(result(registry.parse(Array("a,b\n1,2".utf8), contentType: "text/csv")) == "text/text")
        // An HTML page that happens to start with '<' is what its header says: text.
        #expect(result(registry.parse(Array("<!DOCTYPE html><p>hi".utf8), contentType: "text/html")) == "text/text")
    }

    @Test(
        "without a Content-Type the body is sniffed, falling back to text or hex",
        arguments: [
            (#"  {"a":1}"#, "json/json"), ("[1]", "json/json"), ("<?xml version=\"1.0\"?><a/>", "xml/xml"),
            ("<feed/>", "xml/xml"), ("<plist><true/></plist>", "plist/plist"), ("plain words", "text/text"),
            ("a=1&b=2", "text/text"), ("", "text/text"), ("42", "text/text"),
        ])
    func sniffWithoutHeader(body: String, expected: String) {
        let o = registry.parse(Array(body.utf8))
        #expect(result(o) == expected)
        #expect(o.note == nil)
    }

    @Test("binary plists are sniffed by their magic and other binary bodies shown as hex")
    func sniffBinary() {
        #expect(result(registry.parse(bplist)) == "plist/plist")
        #expect(result(registry.parse([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])) == "text/binary")
    }

    @Test("without a Content-Type a body that looks like JSON but is not is the JSON error")
    func sniffedFailureWithoutHeader() {
        let o = registry.parse(Array(#"{"a":}"#.utf8))
        #expect(o.parser == "json")
        #expect(o.error?.message == "expected a value, found '}'")
        #expect(o.error?.column == 6)
    }

    @Test("a wrong Content-Type falls back to the parser whose sniff matches, with a note saying so")
    func wrongHeader() throws {
        let o = registry.parse(xml, contentType: "application/json")
        #expect(result(o) == "xml/xml")
        let note = try #require(o.note)
        #expect(note.hasPrefix("Content-Type says application/json but the body is not json (1:1: "))
        #expect(note.hasSuffix("); it parses as xml"))

        let j = registry.parse(json, contentType: "application/xml")
        #expect(result(j) == "json/json")
        #expect(j.note?.contains("Content-Type says application/xml") == true)
    }

    @Test("a wrong Content-Type with nothing better to sniff keeps the declared parser's error")
    func wrongHeaderNoAlternative() {
        let o = registry.parse(Array("Internal Server Error".utf8), contentType: "application/json")
        #expect(o.parser == "json")
        #expect(o.tree == nil)
        #expect(o.error?.message == "expected a value, found 'I'")
        #expect(o.note == nil)
    }

    @Test("a generic Content-Type still sniffs, and says what it found")
    func genericHeader() {
        let plain = registry.parse(json, contentType: "text/plain; charset=utf-8")
        #expect(result(plain) == "json/json")
        #expect(plain.note == "Content-Type text/plain does not name a format; the body looks like json")
        #expect(result(registry.parse(bplist, contentType: "application/octet-stream")) == "plist/plist")
        let hex = registry.parse([0, 1, 2, 0xFF], contentType: "application/octet-stream")
        #expect(result(hex) == "text/binary")
        #expect(hex.note == nil)
    }

    @Test("a generic Content-Type whose sniffed parser fails falls back to text and carries the error in the note")
    func genericHeaderSniffFails() {
        let o = registry.parse(Array("{ not json".utf8), contentType: "text/plain")
        #expect(result(o) == "text/text")
        #expect(o.error == nil)
        #expect(
            o.note
                == "the body looks like json but does not parse (1:3: expected a string key in double quotes, found 'n'); shown as text"
        )
    }

    @Test("a media type no parser reads is sniffed, then shown as text or hex with a note")
    func unknownMediaType() {
        let image = registry.parse([0x89, 0x50, 0x4E, 0x47, 0x00], contentType: "image/png")
        #expect(result(image) == "text/binary")
        #expect(image.note == "no parser reads image/png; shown as binary")
        #expect(result(registry.parse(json, contentType: "application/x-custom")) == "json/json")
    }

    @Test("media types are lowercased and lose their parameters")
    func mediaType() {
        #expect(ParserRegistry.mediaType("Application/Vnd.API+JSON; charset=UTF-8") == "application/vnd.api+json")
        #expect(ParserRegistry.mediaType("  text/plain  ") == "text/plain")
        #expect(ParserRegistry.mediaType(";charset=utf-8") == "")
    }

    @Test("text declared as ISO-8859-1 is decoded as such instead of shown as hex")
    func latin1Text() {
        let bytes: [UInt8] = [0x63, 0x61, 0x66, 0xE9]
        let declared = registry.parse(bytes, contentType: "text/plain; charset=ISO-8859-1")
        #expect(declared.tree?.format == .text)
        #expect(declared.tree?.string(Tree.root) == "café")
        #expect(
            registry.parse(bytes, contentType: "text/csv; charset=\"windows-1252\"").tree?.string(Tree.root) == "café")
        #expect(registry.parse(bytes, contentType: "text/plain").tree?.format == .binary)
        #expect(registry.parse(bytes, contentType: "text/plain; charset=utf-8").tree?.format == .binary)
        #expect(ParserRegistry.charset("text/plain; format=flowed; Charset=\"UTF-8\"") == "utf-8")
        #expect(ParserRegistry.charset("text/plain") == nil)
    }

    @Test("file extensions imply a type")
    func extensions() {
        #expect(ParserRegistry.type(forPath: "data/a.JSON") == "json")
        #expect(ParserRegistry.type(forPath: "feed.xml") == "xml")
        #expect(ParserRegistry.type(forPath: "Info.plist") == "plist")
        #expect(ParserRegistry.type(forPath: "notes.txt") == "text")
        #expect(ParserRegistry.type(forPath: "response.bin") == nil)
        #expect(ParserRegistry.type(forPath: "dir.json/file") == nil)
        #expect(ParserRegistry.type(forPath: "README") == nil)
    }

    /// Reads every body as a single `"shout"` string in upper case.
    struct ShoutParser: Parser {
        var name: String { "json" }
        func isDataTypeAcceptable(_ type: String) -> Bool { type == "json" || type == "application/json" }
        func parse(_ bytes: [UInt8]) throws(ParseError) -> Tree {
            var b = TreeBuilder(source: bytes, format: .custom("shout"))
            b.scalar(.string, value: String(decoding: bytes, as: UTF8.self).uppercased(), start: 0, end: bytes.count)
            return b.build()
        }
    }

    @Test("a parser registered later takes precedence for its name and types")
    func registrationOrder() {
        var r = ParserRegistry.standard
        r.register(ShoutParser())
        #expect(r.names == ["json", "yaml", "plist", "xml", "form", "ndjson", "sse", "hex", "text"])
        #expect(r.parse(Array("hi".utf8), type: "json").tree?.string(Tree.root) == "HI")
        #expect(r.parse(Array("hi".utf8), contentType: "application/json").tree?.format == .custom("shout"))
        // The built-in JSON parser still sniffs: only ShoutParser was replaced for the name and type.
        #expect(r.parse(json).tree?.format == .json)
    }
}
