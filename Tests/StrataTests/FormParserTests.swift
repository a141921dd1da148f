import Strata
import Testing

@Suite struct FormParserTests {
    let form = FormFormat()

    @Test("pairs become ordered members with percent-decoding and + as space; repeated names are kept")
    func pairs() throws {
        let t = try form.parse("name=Ada+Lovelace&tag=math&city=Z%C3%BCrich&tag=poetry&note=100%25+sure%21")
        #expect(t.format == .form)
        #expect(
            t.canonicalJSON()
                == #"{"name":"Ada Lovelace","tag":"math","city":"Zürich","tag":"poetry","note":"100% sure!"}"#)
        #expect(t.string(at: "$.tag") == "math")
        #expect(t.string(at: "$.tag#1") == "poetry")
        #expect(t.path(t.at("$.tag#1")).description == "$.tag#1")
    }

    @Test("each member spans its whole name=value pair")
    func spans() throws {
        let t = try form.parse("a=1&b=x+y&flag&c=%41")
        #expect(t.span(Tree.root) == 0..<t.source.count)
        #expect(t.raw(at: "$.a") == "a=1")
        #expect(t.raw(at: "$.b") == "b=x+y")
        #expect(t.raw(at: "$.flag") == "flag")
        #expect(t.raw(at: "$.c") == "c=%41")
        #expect(t.string(at: "$.c") == "A")
    }

    @Test("names without '=' get an empty value; empty pairs and a trailing line break are skipped")
    func edges() throws {
        #expect(try form.parse("flag&&x=&=v&").canonicalJSON() == #"{"flag":"","x":"","":"v"}"#)
        #expect(try form.parse("a=1\r\n").canonicalJSON() == #"{"a":"1"}"#)
        #expect(try form.parse("").canonicalJSON() == "{}")
        #expect(try form.parse("k=a=b").string(at: "$.k") == "a=b")
        #expect(try form.parse("%26=%3D").canonicalJSON() == #"{"&":"="}"#)
    }

    @Test("percent-encoded bytes that are not UTF-8 show as \\x escapes instead of being lost")
    func invalidUTF8() throws {
        #expect(try form.parse("b=%FF%41").string(at: "$.b") == "\\xFFA")
    }

    @Test(
        "a malformed percent escape is an error at its column",
        arguments: [
            ("a=1&b=50%", "invalid percent escape '%' in the value of 'b'", 9),
            ("a=%zz", "invalid percent escape '%zz' in the value of 'a'", 3),
            ("a%2=1", "invalid percent escape '%2' in the field name", 2),
            ("ok=1&x=%4", "invalid percent escape '%4' in the value of 'x'", 8),
        ])
    func malformed(input: String, message: String, column: Int) {
        let error = form.error(input)
        #expect(error?.message.hasPrefix(message) == true, "\(error?.message ?? "parsed")")
        #expect(error?.message.hasSuffix("(write %25 for a literal '%')") == true)
        #expect(error?.line == 1)
        #expect(error?.column == column)
        #expect(error?.offset == column - 1)
    }

    @Test("form bodies are chosen by their media type, never sniffed")
    func typesAndSniff() {
        #expect(form.isDataTypeAcceptable("form"))
        #expect(form.isDataTypeAcceptable("application/x-www-form-urlencoded"))
        #expect(!form.isDataTypeAcceptable("multipart/form-data"))
        #expect(!form.sniff(Array("a=1&b=2".utf8)))
    }
}
