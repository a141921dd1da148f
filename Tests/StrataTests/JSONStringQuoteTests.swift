import Strata
import Testing

/// `JSONString.quote`: minimal escaping, the same as escaping scalar by scalar, and text that reads back unchanged.
@Suite struct JSONStringQuoteTests {
    /// Escaping scalar by scalar, as JSON asks: quote, backslash, the short escapes, other controls and DEL as
    /// `\uXXXX`, everything else as it is.
    static func reference(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if u.value < 0x20 || u.value == 0x7F {
                    let hex = String(u.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }

    static let samples: [String] = [
        "", "plain", "say \"hi\"", #"C:\path\to"#, "line\nbreak", "crlf\r\n", "\r\n", "tab\there", "\u{08}\u{0C}",
        "\u{00}\u{01}\u{1F}\u{7F}", "café", "e\u{0301}\n", "🙂\"🙂", "👩‍👩‍👧", "\u{202E}rtl\u{2066}", "\u{9B}c1",
        "\u{FEFF}bom", String(repeating: "ab\"", count: 1000), "\u{10FFFF}\\",
    ]

    @Test("quoting works byte by byte with the same result as escaping scalar by scalar", arguments: samples)
    func sameAsScalarByScalar(text: String) {
        #expect(JSONString.quote(text) == Self.reference(text))
    }

    @Test("a quoted string parses back to the same text", arguments: samples)
    func roundTrip(text: String) throws {
        let quoted = JSONString.quote(text)
        let tree = try JSONParser().parse(Array(quoted.utf8))
        #expect(tree.string(Tree.root) == text)
    }

    @Test("appending escapes to text already there keeps it")
    func appends() {
        var out = "x: "
        JSONString.appendEscaped("a\"b", to: &out)
        #expect(out == #"x: a\"b"#)
    }
}
