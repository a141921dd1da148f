import Strata
import Testing

/// The printer copies JSON text as written where that is what quoting the decoded text gives; wherever it cannot,
/// it quotes the decoded text. Either way every line reads as the rule says.
@Suite struct TreePrinterBytesTests {
    /// Keys and strings that take each path: plain, escaped, control characters, DEL, non-ASCII, invalid UTF-8,
    /// lone surrogates, keys that need quotes, repeated keys.
    static let document: [UInt8] =
        Array(
            #"{"plain":"text","esc\"aped":"a\"b\\c\/d\u00e9\n","ctl":"\u0001\u001f","del":"x"#.utf8) + [0x7F]
        + Array(#"","ünï":"日本語 🎉","":"empty key","$dollar":"[bracket","a b":"\t","lone":"\ud800","#.utf8)
        + Array(#""dup":1,"dup":2.50,"n":-1.5e+10,"t":true,"f":false,"z":null,"bad":""#.utf8) + [0xFF, 0xFE]
        + Array(#"","nested":{"dup":[],"dup":{}},"list":["a","b\u0000",3]}"#.utf8)

    @Test("each string line shows the decoded text quoted as JSON, each number as written, each key by the rule")
    func linesFollowTheRule() throws {
        let tree = try JSONParser().parse(Self.document)
        let printed = TreePrinter().string(tree).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(printed.count == tree.count + 1)
        for i in tree.indices {
            let expected: String
            switch tree.kind(i) {
            case .string: expected = JSONString.quote(tree.string(i)!)
            case .number: expected = tree.numberText(i)!
            case .bool: expected = tree.bool(i)! ? "true" : "false"
            case .null: expected = "null"
            case .object: expected = "{} \(tree.childCount(i))"
            case .array: expected = "[] \(tree.childCount(i))"
            }
            let line = printed[i].drop { $0 == " " }
            #expect(line.hasSuffix(expected), "node \(i): \(line)")
            #expect(String(line) == TreePrinter().line(tree, i), "node \(i)")
        }
        #expect(printed.contains { $0.hasPrefix("  \"esc\\\"aped\": ") })
        #expect(printed.contains { $0.hasPrefix("  \"\": ") } && printed.contains { $0.hasPrefix("  \"$dollar\": ") })
        #expect(printed.contains { $0.hasPrefix("  \"a b\": ") } && printed.contains { $0.hasPrefix("  ünï: ") })
        #expect(printed.contains { $0 == "  dup: 1" } && printed.contains { $0 == "  dup#1: 2.50" })
        #expect(printed.contains { $0 == "    dup [] 0" } && printed.contains { $0 == "    dup#1 {} 0" })
        #expect(printed.contains { $0 == #"  bad: "\\xFF\\xFE""# })
    }

    @Test("a cut string is cut by characters whichever path it would take")
    func cutStrings() throws {
        let tree = try JSONParser().parse(Array(#"{"short":"abc","long":"abcdef","wide":"日本語です"}"#.utf8))
        let text = TreePrinter(maxStringLength: 4).string(tree)
        #expect(text.contains("short: \"abc\"") && text.contains("long: \"abc…\"") && text.contains("wide: \"日本語…\""))
    }
}
