import Strata
import Testing

/// The fast paths of the JSON parser (8-byte scans, key fingerprints, the node buffer) behave like the grammar.
///
/// Speed itself is measured by `strata-bench json`, not here; these tests pin down the edge cases the
/// optimisations could get wrong: where a special byte falls inside an 8-byte word, inputs that end mid-word,
/// duplicate keys in small and large objects, and invalid input that opens more containers than it closes.
@Suite struct JSONParserPerformanceTests {
    func parse(_ text: String) throws(ParseError) -> Tree { try JSONParser().parse(Array(text.utf8)) }

    func error(_ text: String, maxDepth: Int = 10_000) -> ParseError? {
        do {
            _ = try JSONParser(maxDepth: maxDepth).parse(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    func duplicateKeys(_ tree: Tree) -> [String] {
        tree.indices.filter { tree.isDuplicateKey($0) }.map { tree.key($0) ?? "?" }
    }

    @Test("a quote, backslash or control byte is found at every position of the 8-byte scan")
    func specialBytesAtEveryOffset() throws {
        for prefix in 0..<20 {
            let body = String(repeating: "x", count: prefix)
            for suffix in ["", "y", "yyyyyyyyyyyy"] {
                let plain = try parse("[\"\(body)\",\"\(suffix)\"]")
                #expect(plain.string(1) == body)
                #expect(plain.string(2) == suffix)
                let escaped = try parse("[\"\(body)\\\"\(suffix)\"]")
                #expect(escaped.string(1) == body + "\"" + suffix)
                let control = error("[\"\(body)\u{01}\(suffix)\"]")
                #expect(control?.message == "unescaped control character U+0001 in string")
                #expect(control?.offset == 2 + prefix)
            }
        }
    }

    @Test("strings and numbers that end exactly at the end of the input")
    func tokensAtEndOfInput() throws {
        for length in 0..<20 {
            let digits = String(repeating: "7", count: length + 1)
            #expect(try parse(digits).numberText(0) == digits)
            #expect(try parse("-" + digits + ".5e+" + digits).numberText(0) == "-" + digits + ".5e+" + digits)
            let text = String(repeating: "é", count: length)
            #expect(try parse("\"\(text)\"").string(0) == text)
            #expect(error("\"\(text)")?.message == "unterminated string (opened at byte 0)")
        }
        #expect(error("\"abc\\")?.message == "unterminated string (opened at byte 0)")
        #expect(error("\"abc\\u12")?.message == "invalid \\u escape: expected 4 hex digits")
        #expect(error("\"abc\\u12")?.offset == 4)
    }

    @Test("numbers are checked digit by digit around the 8-byte digit scan")
    func numberGrammar() throws {
        for length in 1..<20 {
            let digits = String(repeating: "1", count: length)
            let tree = try parse("[\(digits),\(digits).\(digits),-\(digits)e\(digits)]")
            #expect(
                tree.children(0).map { tree.numberText($0) ?? "" } == [
                    digits, "\(digits).\(digits)", "-\(digits)e\(digits)",
                ])
            #expect(error("[\(digits)x]")?.message == "invalid number: unexpected 'x'")
            #expect(error("[\(digits).]")?.message == "invalid number: expected a digit after '.'")
            #expect(error("[\(digits)e+]")?.message == "invalid number: expected a digit in the exponent")
        }
        #expect(error("[-]")?.message == "invalid number: expected a digit after '-'")
        #expect(error("[012]")?.message == "invalid number: leading zeros are not allowed")
        #expect(error("[1.5.2]")?.message == "invalid number: unexpected '.'")
    }

    @Test("a repeated key whose value is a container flags that member, not the next scalar")
    func duplicateContainerMember() throws {
        let tree = try parse(#"{"a":1,"a":{"b":2},"c":[3],"c":[]}"#)
        #expect(duplicateKeys(tree) == ["a", "a", "c", "c"])
        #expect(tree.kind(2) == .object && tree.isDuplicateKey(2))
        #expect(!tree.isDuplicateKey(3))
    }

    @Test("duplicates are found in objects past the linear-scan size, including at the switch-over")
    func duplicatesInLargeObjects() throws {
        for size in [15, 16, 17, 40, 300] {
            let members = (0..<size).map { "\"k\($0)\":\($0)" }
            // Repeat the first key right at the end, then another early key after it.
            let tree = try parse("{" + (members + [#""k0":0"#, #""k1":1"#]).joined(separator: ",") + "}")
            #expect(duplicateKeys(tree) == ["k0", "k1", "k0", "k1"], "object of \(size) keys")
        }
        let unique = try parse("{" + (0..<500).map { "\"key number \($0)\":\($0)" }.joined(separator: ",") + "}")
        #expect(duplicateKeys(unique).isEmpty)
    }

    @Test("keys that differ only after their first 8 bytes or in length are not duplicates")
    func similarKeysStayDistinct() throws {
        let tree = try parse(
            #"{"prefix_shared_1":1,"prefix_shared_2":2,"prefix_shared_":3,"prefix_shared_12":4,"a":5,"a\u0000":6}"#)
        #expect(duplicateKeys(tree).isEmpty)
    }

    @Test("an escaped key and the same key written plainly are duplicates, in small and large objects")
    func escapedDuplicates() throws {
        let small = try parse(#"{"a":1,"\u0061":2,"\/":3,"/":4,"é":5,"\u00e9":6}"#)
        #expect(duplicateKeys(small) == ["a", "a", "/", "/", "é", "é"])
        let filler = (0..<20).map { "\"f\($0)\":0" }.joined(separator: ",")
        let large = try parse("{\"ab\":1,\(filler),\"a\\u0062\":2}")
        #expect(duplicateKeys(large) == ["ab", "ab"])
    }

    @Test("in a large object, keys that share their length, first 8 and last 8 bytes are told apart by their text")
    func keysSharingAFingerprint() throws {
        // 2 000 keys of one fingerprint, with repeats of some written plainly and with an escape in the middle.
        var members = (0..<2000).map { #""property_\#(1_000_000 + $0)_value":\#($0)"# }
        members.append(#""property_1000007_value":0"#)
        members.insert(#""property_10000\u00310_value":0"#, at: 100)  // property_1000010_value, escaped
        members.append(#""property_1001999_value":0"#)
        let tree = try parse("{" + members.joined(separator: ",") + "}")
        var count: [String: Int] = [:]
        for c in tree.children(Tree.root) { count[tree.key(c) ?? "?", default: 0] += 1 }
        #expect(count.count == 2000)
        let expected = tree.children(Tree.root).map { tree.key($0) ?? "?" }.filter { count[$0]! > 1 }
        #expect(duplicateKeys(tree) == expected)
        #expect(Set(expected) == ["property_1000007_value", "property_1000010_value", "property_1001999_value"])
    }

    @Test("duplicates in nested objects are kept apart per object")
    func duplicatesPerObject() throws {
        let tree = try parse(#"{"a":{"a":1,"b":2},"b":{"a":3,"a":4},"c":{"b":5}}"#)
        #expect(
            tree.indices.filter { tree.isDuplicateKey($0) }.map { tree.path($0).description } == [
                "$.b.a", "$.b.a#1",
            ])
    }

    @Test("unclosed brackets fail with an error instead of overrunning the node buffer")
    func unclosedBracketsDoNotOverflow() {
        for count in [1, 2, 3, 10, 1000, 9999] {
            let e = error(String(repeating: "[", count: count))
            #expect(e?.message == "unexpected end of input: expected a value", "\(count) brackets")
            #expect(e?.offset == count)
        }
        let mixed = String(repeating: #"{"":["#, count: 3000)
        #expect(error(mixed, maxDepth: 1_000_000)?.message == "unexpected end of input: expected a value")
        #expect(error(String(repeating: "[1,", count: 3000))?.message == "unexpected end of input: expected a value")
        #expect(
            error(String(repeating: "[", count: 3000) + "1")?.message == "unexpected end of input: array not closed")
        #expect(error(String(repeating: "[", count: 20_000))?.message == "nesting deeper than 10000 levels")
    }

    @Test("whitespace of every kind is skipped between tokens")
    func whitespaceBetweenTokens() throws {
        let tree = try parse(" \t\r\n{ \"a\" \n:\t[ 1 , true ,\r\nnull ] , \"b\" : { } }\n ")
        #expect(tree.count == 6)
        #expect(tree.canonicalJSON() == #"{"a":[1,true,null],"b":{}}"#)
    }

    @Test("string values and keys decode through the fast path exactly like the escaping decoder")
    func stringDecodingFastPath() throws {
        let tree = try JSONParser().parse(
            Array(#"{"plain":"abc","café":"Zürich 😀","esc":"a\"b\\","tail\\":"x\\\\","bad":"#.utf8) + [
                0x22, 0x61, 0xFF, 0x22,
            ]
                + Array(#","":""}"#.utf8))
        let members = Array(tree.children(0))
        #expect(members.map { tree.key($0) } == ["plain", "café", "esc", "tail\\", "bad", ""])
        #expect(members.map { tree.string($0) } == ["abc", "Zürich 😀", "a\"b\\", "x\\\\", "a\\xFF", ""])
        #expect(members.map { tree.span($0).count } == [5, 14, 8, 7, 4, 2])
    }

    @Test("records that repeat an earlier record's keys still get their own duplicates flagged (inputs over 64 KiB)")
    func duplicatesInRepeatedRecords() throws {
        let record = #"{"id":1,"name":"x","created_at":"t","a_rather_long_key_name":2}"#
        let odd = [
            #"{"id":1,"name":"x","created_at":"t","a_rather_long_key_name":2,"id":3}"#,
            #"{"id":1,"name":"x","created_at":"t","a_rather_long_key_nam\u0065":2}"#,
            #"{"id":1,"\u0069d":2}"#,
            #"{"id":1,"name":"x","name":"y"}"#,
            #"{"id":1}"#,
            #"{"children":[{"id":1,"id":2}],"id":1,"children":3}"#,
            #"{"id":1,"name":"x","created_at":"t","a_rather_long_key_name_":2,"a_rather_long_key_name":3}"#,
        ]
        let text = "[" + (Array(repeating: record, count: 2000) + odd + [record]).joined(separator: ",") + "]"
        #expect(text.utf8.count > 65_536)
        let tree = try parse(text)
        #expect(
            tree.indices.filter { tree.isDuplicateKey($0) }.map { tree.path($0).description } == [
                "$[2000].id", "$[2000].id#1", "$[2002].id", "$[2002].id#1", "$[2003].name", "$[2003].name#1",
                "$[2005].children", "$[2005].children[0].id", "$[2005].children[0].id#1", "$[2005].children#1",
            ])
        #expect(tree.count == 1 + 2001 * 5 + [6, 5, 3, 4, 2, 7, 6].reduce(0, +))
        #expect(tree.key(tree.child(0, at: 2001)! + 4) == "a_rather_long_key_name")
    }
}
