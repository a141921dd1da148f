import Foundation
import Strata
import Testing

/// Our own cases for what JSONTestSuite covers, so a clone without `../shared` is still covered.
@Suite struct JSONParserTests {
    let json = JSONFormat()

    static let valid: [(String, String)] = [
        // Structure.
        ("[]", "[]"), ("{}", "{}"), ("[[]   ]", "[[]]"), ("[[[[[]]]]]", "[[[[[]]]]]"), (#"{"a":[]}"#, #"{"a":[]}"#),
        (#"{"":0}"#, #"{"":0}"#), ("[1,null,true,false]", "[1,null,true,false]"),
        (#"{"x":{"y":{"z":[{}]}}}"#, #"{"x":{"y":{"z":[{}]}}}"#), (#"[{"a":1},{"b":2}]"#, #"[{"a":1},{"b":2}]"#),
        // Scalars at the top level.
        ("2", "2"), (#""asd""#, #""asd""#), ("null", "null"), ("true", "true"), ("false", "false"), ("-0", "-0"),
        // White space: space, tab, line feed, carriage return, anywhere between tokens.
        (" [1] ", "[1]"), ("\n[\n1\n]\n", "[1]"), ("\t{\r\n\"a\"\t:\r1 }\r\n", #"{"a":1}"#), ("[1 , 2]", "[1,2]"),
        // Numbers, kept exactly as written.
        ("[0]", "[0]"), ("[-0]", "[-0]"), ("[-1]", "[-1]"), ("[0e1]", "[0e1]"), ("[0E+1]", "[0E+1]"),
        ("[0e-1]", "[0e-1]"), ("[1E22]", "[1E22]"), ("[1.5e-3]", "[1.5e-3]"), ("[-123.456e+789]", "[-123.456e+789]"),
        ("[123e65]", "[123e65]"), ("[0.5]", "[0.5]"), ("[20e1]", "[20e1]"), ("[-0.0]", "[-0.0]"),
        ("[1.10]", "[1.10]"), ("[123456789012345678901234567890]", "[123456789012345678901234567890]"),
        ("[1e400]", "[1e400]"), ("[1e-400]", "[1e-400]"),
        // Strings and escapes.
        (#"[""]"#, #"[""]"#), (#"["a"]"#, #"["a"]"#), (#"["\"\\\/\b\f\n\r\t"]"#, #"["\"\\\/\b\f\n\r\t"]"#),
        (#"["\u0060\u012a\u12AB"]"#, #"["\u0060\u012a\u12AB"]"#), (#"["\uD801\udc37"]"#, #"["\uD801\udc37"]"#),
        (#"["\u0000"]"#, #"["\u0000"]"#), (#"["π€𝄞"]"#, #"["π€𝄞"]"#), (#"["a/*b*/c"]"#, #"["a/*b*/c"]"#),
        (#"["\uFFFF"]"#, #"["\uFFFF"]"#), (#"["\uDBFF\uDFFF"]"#, #"["\uDBFF\uDFFF"]"#),
        ("[\"\u{7F}\"]", "[\"\u{7F}\"]"),
        (#"["new\u00A0line"]"#, #"["new\u00A0line"]"#), ("[\"\u{2028}\u{2029}\"]", "[\"\u{2028}\u{2029}\"]"),
        // Objects with duplicate keys are kept as written.
        (#"{"a":"b","a":"c"}"#, #"{"a":"b","a":"c"}"#), (#"{"a":1,"a":1}"#, #"{"a":1,"a":1}"#),
    ]

    @Test("valid documents are accepted and written back canonically", arguments: JSONParserTests.valid)
    func accepts(input: String, canonical: String) throws {
        let t = try json.parse(input)
        #expect(t.canonicalJSON() == canonical)
        #expect(t.format == .json)
    }

    static let invalid: [String] = [
        // Numbers.
        "[01]", "[-01]", "[1.]", "[.1]", "[+1]", "[1e]", "[1e+]", "[-]", "[0x1]", "[1.2.3]", "[Infinity]", "[NaN]",
        "[-Infinity]", "[1 000]", "[0.e1]", "[2.e3]", "[-1x]", "[1ea]", "[- 1]", "[012]", "[1e1.5]", "[.2e-3]", "[0e]",
        "[1eE2]", "[１]", "[-.123]", "[1.5e+-3]", "[0.1.2]", "[1+2]", "[- 0]", "[-012]", "[0.]",
        // Strings.
        "['single']", #"["\a"]"#, #"["\u00G0"]"#, #"["\u12"]"#, #"["unterminated"#, "[abc]", "[\"a\tb\"]",
        "[\"a\nb\"]", "[\"a\u{0}b\"]", #"["\"]"#, #"["\UA66D"]"#, #"["\x41"]"#, #"["\'"]"#, "[\"\u{1F}\"]",
        #"["\"#, #"[\u0041]"#,
        // Structure.
        "[", "]", "[1,]", "[,1]", "[1,,2]", #"{"a":1,}"#, "{,}", #"{"a" 1}"#, #"{"a":}"#, "{a:1}", "{1:1}",
        #"{"a":1 "b":2}"#, "[1 2]", #"["a": 1]"#, #"{"a"::1}"#, "[1]]", "[1]x", "{}}", "", " ", "[1] [2]",
        #"{"a":1}/*comment*/"#, "[true", "[tru]", "[nul]", "[True]", "[1,null,]", "\u{0C}[1]", "[\u{A0}1]",
        "{\"a\":1}\u{0}", "[\"a\",\n4\n,1,", "{\"a\"", "{\"a\":1", "[[]", "\u{FEFF}\u{FEFF}[]", "[null nul]",
        "{\"a\":true false}", "[\"a\" \"b\"]", "{'a':1}", "[1;2]", "{\"a\":1;\"b\":2}", "<[]>", "[]\n]",
    ]

    @Test("invalid documents are rejected with a positioned error", arguments: JSONParserTests.invalid)
    func rejects(input: String) throws {
        let error = try #require(json.error(input), "accepted: \(input)")
        #expect(error.line >= 1 && error.column >= 1)
        #expect(error.offset >= 0 && error.offset <= input.utf8.count)
        #expect(!error.message.isEmpty)
    }

    @Test(
        "errors say what was expected and where",
        arguments: [
            ("[1,]", "trailing comma before ']'", 1, 4), (#"{"a":1,}"#, "trailing comma before '}'", 1, 8),
            (#"{"a" 1}"#, "expected ':' after object key, found '1'", 1, 6),
            ("[01]", "invalid number: leading zeros are not allowed", 1, 2),
            ("[1.]", "invalid number: expected a digit after '.'", 1, 4),
            ("{\n  \"a\": tru\n}", "invalid literal: expected 'true'", 2, 8),
            ("[\n1,\n2\n", "unexpected end of input: array not closed", 4, 1),
            ("", "empty input: expected a JSON value", 1, 1),
            ("[1] x", "unexpected 'x' after the JSON value", 1, 5),
            ("[\"a\u{1}\"]", "unescaped control character U+0001 in string", 1, 4),
            (#"["\q"]"#, "invalid escape 'q' in string", 1, 3),
            (#"["ü", "\u12x4"]"#, "invalid \\u escape: expected 4 hex digits", 1, 8),
            ("{\"é\":1 2}", "expected ',' or '}' after object member, found '2'", 1, 8),
        ])
    func errorMessages(input: String, message: String, line: Int, column: Int) {
        let error = json.error(input)
        #expect(error?.message == message)
        #expect(error?.line == line)
        #expect(error?.column == column)
    }

    @Test("number text is kept exactly while typed readers convert it")
    func numberText() throws {
        let t = try json.parse("[1.10, 1e400, -0, 1E+2, 12345678901234567890, 0.1]")
        let n = t.children(Tree.root).map { $0 }
        #expect(n.map { t.numberText($0) } == ["1.10", "1e400", "-0", "1E+2", "12345678901234567890", "0.1"])
        #expect(t.double(n[0]) == 1.1)
        #expect(t.double(n[1]) == .infinity)
        #expect(t.int(n[3]) == 100)
        #expect(t.int(n[4]) == nil)
        #expect(t.decimal(n[5]) == Decimal(string: "0.1"))
        #expect(t.decimal(n[4])?.description == "12345678901234567890")
    }

    @Test("duplicate keys are kept, flagged on every occurrence, and addressed by #n")
    func duplicates() throws {
        let t = try json.parse(#"{"a":1,"b":2,"a":3,"\u0061":4,"c":{"a":5}}"#)
        let members = t.children(Tree.root).map { $0 }
        #expect(members.map { t.isDuplicateKey($0) } == [true, false, true, true, false])
        #expect(!t.isDuplicateKey(t.at("$.c.a")))
        #expect(t.int(t.at("$.a#2")) == 4)
        #expect(t.path(members[3]).description == "$.a#2")
        #expect(t.key(members[3]) == "a")
    }

    @Test("duplicate detection also works past the small-object scan (more than 16 keys)")
    func duplicatesInLargeObjects() throws {
        let keys = (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        let t = try json.parse("{\(keys),\"k3\":99,\"k39\":100}")
        #expect(t.isDuplicateKey(t.at("$.k3")))
        #expect(t.isDuplicateKey(t.at("$.k3#1")))
        #expect(t.isDuplicateKey(t.at("$.k39#1")))
        #expect(!t.isDuplicateKey(t.at("$.k4")))
        #expect(t.int(t.at("$.k3#1")) == 99)
    }

    @Test("surrogate pairs decode; lone surrogates and invalid UTF-8 are accepted and shown escaped")
    func surrogatesAndBadBytes() throws {
        let t = try json.parse(#"["\uD834\uDD1E", "\uD800", "\uDC00x"]"#)
        #expect(t.string(t.at("$[0]")) == "𝄞")
        #expect(t.string(t.at("$[1]")) == "\\uD800")
        #expect(t.string(t.at("$[2]")) == "\\uDC00x")
        #expect(t.canonicalJSON() == #"["\uD834\uDD1E","\uD800","\uDC00x"]"#)
        let bad = try json.parse([
            UInt8(ascii: "["), UInt8(ascii: "\""), 0xFF, 0x61, UInt8(ascii: "\""), UInt8(ascii: "]"),
        ])
        #expect(bad.string(bad.at("$[0]")) == "\\xFFa")
        #expect(bad.canonicalJSON() == "[\"\u{FFFD}a\"]")
    }

    @Test("a UTF-8 byte order mark at the start is skipped")
    func byteOrderMark() throws {
        let t = try json.parse([0xEF, 0xBB, 0xBF] + Array(#"{"a":1}"#.utf8))
        #expect(t.int(t.at("$.a")) == 1)
        #expect(t.span(Tree.root) == 3..<10)
    }

    @Test("values and keys span their tokens in the source")
    func spans() throws {
        let t = try json.parse(#"{ "name" : "Ada", "list": [1, -2.5e3, true, null, {"k": []}] }"#)
        #expect(t.raw(at: "$.name") == #""Ada""#)
        #expect(t.keySpan(t.at("$.name")).map { String(decoding: t.source[$0], as: UTF8.self) } == #""name""#)
        #expect(t.raw(at: "$.list") == #"[1, -2.5e3, true, null, {"k": []}]"#)
        #expect(t.raw(at: "$.list[1]") == "-2.5e3")
        #expect(t.raw(at: "$.list[2]") == "true")
        #expect(t.raw(at: "$.list[3]") == "null")
        #expect(t.raw(at: "$.list[4]") == #"{"k": []}"#)
        #expect(t.raw(at: "$.list[4].k") == "[]")
        #expect(t.raw(at: "$") == #"{ "name" : "Ada", "list": [1, -2.5e3, true, null, {"k": []}] }"#)
    }

    @Test("nesting up to the limit is accepted; 100 000 open brackets are rejected without a crash")
    func nesting() throws {
        let ok = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let t = try json.parse(ok)
        #expect(t.count == 10_000)
        #expect(t.depth(t.count - 1) == 9_999)
        #expect(json.error("[" + ok + "]")?.message == "nesting deeper than 10000 levels")

        let deep = String(repeating: "[", count: 100_000)
        // How fast it is rejected is measured by `strata-bench limits`.
        let error = json.error(deep)
        #expect(error?.message == "nesting deeper than 10000 levels")
        #expect(error?.offset == 10_000)
        #expect(json.error(String(repeating: "{\"a\":", count: 100_000)) != nil)
    }

    @Test("sniffing looks for { or [ after white space and a byte order mark")
    func sniff() {
        #expect(json.sniff(Array(" \n {".utf8)))
        #expect(json.sniff([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)))
        #expect(!json.sniff(Array("\"string\"".utf8)))
        #expect(!json.sniff(Array("<a/>".utf8)))
        #expect(!json.sniff([]))
    }
}
