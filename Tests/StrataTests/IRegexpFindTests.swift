import Strata
import Testing

/// `IRegexp.firstMatch`: where a pattern matches a body's bytes, as the explorer's search uses it.
@Suite struct IRegexpFindTests {
    /// The first match of `pattern` in `text` starting at or after `from`, as the matched text.
    func find(_ pattern: String, _ text: String, from: Int = 0, maxLength: Int = 1 << 20) throws -> String? {
        let bytes = Array(text.utf8)
        let regex = try IRegexp(pattern, whole: false)
        guard let range = regex.firstMatch(in: bytes, startingIn: from..<bytes.count, maxLength: maxLength) else {
            return nil
        }
        return String(decoding: bytes[range], as: UTF8.self)
    }

    @Test("the leftmost match, and the longest of those starting there")
    func leftmostLongest() throws {
        #expect(try find("b+", "aabbbcbb") == "bbb")
        #expect(try find("abcd|c", "xabcd") == "abcd")
        #expect(try find("a|ab", "ab") == "ab")
        #expect(try find("S[a-z]+l", "{\"name\": \"Edith Sitwell\"}") == "Sitwell")
        #expect(try find("b+", "aabbbcbb", from: 5) == "bb")
        #expect(try find("z", "aabbb") == nil)
    }

    @Test("empty matches are skipped; ^ and $ are line boundaries; scalars, not bytes")
    func boundaries() throws {
        #expect(try find("x*", "abxxc") == "xx")
        #expect(try find("^b.", "ab\nbc\n") == "bc")
        #expect(try find("a$", "ba\nab") == "a")
        #expect(try find("é.", "café!") == "é!")
        #expect(try find("\\p{Lu}", "abcÉz") == "É")
    }

    @Test("a match is at most maxLength bytes long")
    func bounded() throws {
        let text = "a" + String(repeating: "b", count: 100) + "c"
        #expect(try find("ab*c", text, maxLength: 200) == text)
        #expect(try find("ab*c", text, maxLength: 10) == nil)
        #expect(try find("ab*c", text, maxLength: text.utf8.count) == text)
        #expect(try find("ab*c", text, maxLength: text.utf8.count - 1) == nil)
        // Never longer than the bound, even where a longer match starts further left.
        #expect(try find("a*b", "aaab", maxLength: 2).map { $0.utf8.count <= 2 } == true)
    }
}
