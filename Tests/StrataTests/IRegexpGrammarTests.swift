import Strata
import Testing

/// RFC 9485's grammar, feature by feature: what each construct matches, and what the grammar refuses.
@Suite struct IRegexpGrammarTests {
    /// Whether `pattern` matches the whole of `text` (JSONPath `match`); false for an invalid pattern.
    func match(_ pattern: String, _ text: String) -> Bool {
        (try? IRegexp(pattern, whole: true))?.matches(text) ?? false
    }

    /// Whether `pattern` matches some part of `text` (JSONPath `search`); false for an invalid pattern.
    func search(_ pattern: String, _ text: String) -> Bool {
        (try? IRegexp(pattern, whole: false))?.matches(text) ?? false
    }

    /// The error `pattern` is refused with, nil when it compiles (both ways must agree).
    func problem(_ pattern: String) -> IRegexp.PatternError? {
        var whole: IRegexp.PatternError?
        var part: IRegexp.PatternError?
        do { _ = try IRegexp(pattern, whole: true) } catch { whole = error }
        do { _ = try IRegexp(pattern, whole: false) } catch { part = error }
        #expect(whole == part, "\(pattern)")
        return whole
    }

    @Test("literals, concatenation and branches")
    func branches() {
        #expect(match("abc", "abc"))
        #expect(!match("abc", "abcd"))
        #expect(match("ab|cd", "ab") && match("ab|cd", "cd"))
        #expect(!match("ab|cd", "abcd"))
        #expect(match("a|b|c|", ""))  // an empty branch matches the empty string
        #expect(match("", "") && !match("", "a"))
        #expect(search("", "anything"))
        #expect(match("é€😀", "é€😀"))
        #expect(match("a,/:<=>@Z_`~ z\"'#%&!", "a,/:<=>@Z_`~ z\"'#%&!"))
    }

    @Test("groups nest, repeat as a whole and may be empty")
    func groups() {
        #expect(match("(ab)+", "abab"))
        #expect(!match("(ab)+", "aba"))
        #expect(match("a(b|c)d", "acd"))
        #expect(match("((a)(b))", "ab"))
        #expect(match("()", "") && match("()*a", "a"))
        #expect(match(String(repeating: "(", count: 100) + "a" + String(repeating: ")", count: 100), "a"))
        #expect(problem(String(repeating: "(", count: 101) + "a" + String(repeating: ")", count: 101)) != nil)
        #expect(problem("(a")?.offset == 0)
        #expect(problem("a)")?.offset == 1)
        #expect(problem("(?:a)") != nil)  // no non-capturing or other group syntax
    }

    @Test("? * + repeat the atom before them, once each")
    func quantifiers() {
        #expect(match("ab?c", "ac") && match("ab?c", "abc") && !match("ab?c", "abbc"))
        #expect(match("ab*c", "ac") && match("ab*c", "abbbbc"))
        #expect(!match("ab+c", "ac") && match("ab+c", "abbbc"))
        for bad in ["*a", "+", "?", "a**", "a*?", "a+?", "a?+", "a{2}*", "a*{2}", "|*", "(*a)", "a|+b"] {
            #expect(problem(bad) != nil, "\(bad)")
        }
    }

    @Test("counted repeats {n} {n,} {n,m}, bounded by maxRepeat and maxInstructions")
    func countedRepeats() {
        #expect(match("a{3}", "aaa") && !match("a{3}", "aa") && !match("a{3}", "aaaa"))
        #expect(match("a{2,}", "aa") && match("a{2,}", "aaaaaaa") && !match("a{2,}", "a"))
        #expect(match("a{2,3}", "aa") && match("a{2,3}", "aaa") && !match("a{2,3}", "aaaa"))
        #expect(match("a{0}", "") && !match("a{0}", "a"))
        #expect(match("a{0,0}b", "b"))
        #expect(match("a{0,}", "") && match("a{1,1}", "a"))
        #expect(match("(ab){2}", "abab") && !match("(ab){2}", "ab"))
        #expect(match("[0-9]{4}-[0-9]{2}", "2024-02"))
        #expect(match("a{007}", "aaaaaaa"))
        for bad in ["a{3,2}", "a{,3}", "a{", "a{1", "a{1,", "{2}", "a{x}", "a{1,2,3}", "a{-1}", "a{ 1}"] {
            #expect(problem(bad) != nil, "\(bad)")
        }
        let most = String(repeating: "a", count: IRegexp.maxRepeat)
        #expect(match("a{\(IRegexp.maxRepeat)}", most))
        #expect(match("a{0,\(IRegexp.maxRepeat)}", most))
        #expect(!match("a{0,\(IRegexp.maxRepeat)}", most + "a"))
        #expect(problem("a{1001}")?.message.contains("over 1000") == true)
        #expect(problem("a{1,1001}") != nil)
        #expect(problem("a{99999999999999999999999}") != nil)  // no overflow on the way
        // Each copy is compiled: a million states is refused with a message saying why.
        #expect(problem("(a{1000}){1000}")?.message.contains("more than \(IRegexp.maxInstructions) states") == true)
        #expect(problem("((a{100}){10}){10}") != nil)
        #expect(problem("(a{100}){10}") == nil)
    }

    @Test(". is any scalar but \\n and \\r, astral ones included")
    func dot() {
        #expect(match(".", "a") && match(".", "\u{2028}") && match(".", "\u{2029}") && match(".", "\u{85}"))
        #expect(!match(".", "\n") && !match(".", "\r") && !match(".", ""))
        #expect(match(".", "😀") && match("a.b", "a𐄁b") && !match("..", "😀"))
        #expect(match(".", "\t") && match(".", "\u{0}"))
    }

    @Test("classes: members, ranges, negation, '-' first or last, escapes inside")
    func classes() {
        #expect(match("[abc]", "b") && !match("[abc]", "d"))
        #expect(match("[a-c]+", "abcab") && !match("[a-c]", "d"))
        #expect(!match("[^a-c]", "b") && match("[^a-c]", "d") && match("[^a-c]", "\n"))
        #expect(match("[-a]", "-") && match("[a-]", "-") && match("[^-]", "a") && !match("[^-]", "-"))
        #expect(match("[.]", ".") && !match("[.]", "x"))  // '.' is itself inside a class
        #expect(match("[\\]]", "]") && match("[\\[]", "[") && match("[\\\\]", "\\") && match("[\\-]", "-"))
        #expect(match("[\\^]", "^") && match("[a^]", "^") && match("[^^]", "a") && !match("[^^]", "^"))
        #expect(match("[\\n\\r\\t]{3}", "\n\r\t"))
        #expect(match("[*+?{}()|$]{9}", "*+?{}()|$"))
        #expect(match("[a-ca-c]", "b") && match("[c-ea-c]", "e"))  // overlapping ranges
        #expect(match("[😀-😂]", "😁") && !match("[😀-😂]", "😃"))
        #expect(match("[\\n-\\r]", "\u{0B}"))  // escapes may end a range
        #expect(match("[\\p{Lu}0-9]+", "A1Ж") && !match("[\\p{Lu}0-9]", "a"))
        #expect(match("[^\\p{L}]", "1") && !match("[^\\p{L}]", "a"))
        #expect(match("[\\P{L}]", "1") && !match("[\\P{L}]", "a"))
        #expect(match("[\\P{L}a]", "a") && match("[\\P{L}a]", "1") && !match("[\\P{L}a]", "b"))
        // Outside L or outside N: everything, since nothing is in both.
        #expect(match("[\\P{L}\\P{N}]", "a") && match("[\\P{L}\\P{N}]", "1"))
        #expect(!match("[^\\P{L}\\P{N}]", "a"))
        let many = "[" + (0..<20).map { "\(Character(Unicode.Scalar(0x61 + $0 * 2)!))" }.joined() + "]"
        #expect(match(many, "c") && !match(many, "d"))  // more ranges than the linear scan takes
        for bad in [
            "[]", "[^]", "[a", "[[a]]", "[a[]", "[a-c-e]", "[z-a]", "[\\p{L}-z]", "[a-\\p{L}]", "[--a]", "[a--]",
            "[]a]", "[a]]", "[\\d]", "[\\w]",
        ] {
            #expect(problem(bad) != nil, "\(bad)")
        }
    }

    @Test("escapes: \\n \\r \\t and every single-character escape; nothing else")
    func escapes() {
        #expect(match("\\n\\r\\t", "\n\r\t"))
        for c in ["(", ")", "*", "+", "-", ".", "?", "[", "\\", "]", "^", "{", "|", "}"] {
            #expect(match("\\" + c, c), "\\\(c)")
        }
        #expect(!match("\\.", "x"))
        for bad in ["\\d", "\\w", "\\s", "\\S", "\\b", "\\$", "\\/", "\\a", "\\0", "\\1", "\\x41", "\\u0041", "a\\"] {
            #expect(problem(bad) != nil, "\(bad)")
        }
    }

    @Test("\\p{..} and \\P{..}: every category and group RFC 9485 names, by Swift's general categories")
    func categories() {
        let samples: [(name: String, yes: [Unicode.Scalar], no: [Unicode.Scalar])] = [
            ("L", ["a", "Ж", "中", "ǅ", "ʰ", "\u{1D400}"], ["1", " ", "!"]),
            ("Lu", ["A", "Ж", "\u{1D400}"], ["a", "ж", "1"]),
            ("Ll", ["a", "ж"], ["A"]),
            ("Lt", ["ǅ"], ["A", "a"]),
            ("Lm", ["ʰ"], ["a"]),
            ("Lo", ["中", "א"], ["a"]),
            ("M", ["\u{301}", "\u{93E}", "\u{20DD}"], ["a"]),
            ("Mn", ["\u{301}"], ["\u{93E}"]),
            ("Mc", ["\u{93E}"], ["\u{301}"]),
            ("Me", ["\u{20DD}"], ["\u{301}"]),
            ("N", ["1", "٣", "Ⅻ", "½"], ["a"]),
            ("Nd", ["1", "٣", "\u{1D7CE}"], ["½"]),
            ("Nl", ["Ⅻ"], ["1"]),
            ("No", ["½", "²"], ["1"]),
            ("P", ["!", "_", "-", "(", ")", "«", "»", "¿"], ["a", "+"]),
            ("Pc", ["_"], ["-"]),
            ("Pd", ["-", "—"], ["_"]),
            ("Ps", ["(", "["], [")"]),
            ("Pe", [")", "]"], ["("]),
            ("Pi", ["«"], ["»"]),
            ("Pf", ["»"], ["«"]),
            ("Po", ["!", "¿", "%"], ["("]),
            ("S", ["+", "$", "^", "©", "😀"], ["a", "!"]),
            ("Sm", ["+", "∑"], ["$"]),
            ("Sc", ["$", "€"], ["+"]),
            ("Sk", ["^", "`"], ["+"]),
            ("So", ["©", "😀"], ["+"]),
            ("Z", [" ", "\u{2028}", "\u{2029}", "\u{3000}"], ["\t", "a"]),
            ("Zs", [" ", "\u{A0}"], ["\u{2028}"]),
            ("Zl", ["\u{2028}"], [" "]),
            ("Zp", ["\u{2029}"], [" "]),
            ("C", ["\u{0}", "\u{AD}", "\u{E000}", "\u{378}"], ["a"]),
            ("Cc", ["\u{0}", "\n", "\u{7F}"], ["\u{AD}"]),
            ("Cf", ["\u{AD}", "\u{200B}"], ["\u{0}"]),
            ("Co", ["\u{E000}", "\u{F0000}"], ["\u{0}"]),
            ("Cn", ["\u{378}", "\u{10FFFF}"], ["a"]),
        ]
        #expect(samples.count == 36)
        for (name, yes, no) in samples {
            for c in yes {
                #expect(match("\\p{\(name)}", String(c)), "\\p{\(name)} on U+\(String(c.value, radix: 16))")
                #expect(!match("\\P{\(name)}", String(c)), "\\P{\(name)} on U+\(String(c.value, radix: 16))")
            }
            for c in no {
                #expect(!match("\\p{\(name)}", String(c)), "\\p{\(name)} on U+\(String(c.value, radix: 16))")
                #expect(match("\\P{\(name)}", String(c)), "\\P{\(name)} on U+\(String(c.value, radix: 16))")
            }
        }
        #expect(match("\\p{Lu}\\p{Ll}+", "Жук"))
        #expect(match("\\p{L}*", "") && search("\\p{Nd}", "abc7"))
        for bad in [
            "\\p{Cs}", "\\p{Xx}", "\\p{IsBasicLatin}", "\\p{Lx}", "\\p{l}", "\\p{L", "\\pL", "\\p", "\\p{}", "\\P{LuL}",
        ] {
            #expect(problem(bad) != nil, "\(bad)")
        }
    }

    @Test("astral scalars are one character everywhere: literals, classes, ranges, counts")
    func astralScalars() {
        #expect(match("𝄞", "𝄞") && !match("𝄞", "𝄞𝄞"))
        #expect(match("𝄞{2}", "𝄞𝄞") && match("(😀|𝄞)+", "😀𝄞😀"))
        #expect(match("[^a]", "😀") && match("[𝄞a]", "𝄞"))
        #expect(match("\\p{So}", "😀") && match("\\p{Lu}", "\u{1D400}") && match("\\p{Nd}", "\u{1D7CE}"))
        #expect(search("b", "😀😀b😀") && !search("c", "😀😀b😀"))
        #expect(match("a.{2}b", "a😀𝄞b"))
    }

    @Test("match anchors the whole string, search finds a part; ^ and $ anchor at the string's ends")
    func anchoring() {
        #expect(!match("b", "abc") && search("b", "abc"))
        #expect(match("a.*", "abc") && search("a.*", "xabc"))
        #expect(!match("a|ab", "abc") && match("a|ab", "ab"))  // a branch must reach the end for match
        #expect(search("^ab", "abc") && !search("^ab", "xab"))
        #expect(search("bc$", "abc") && !search("bc$", "abcx"))
        #expect(match("^ab.*", "abc") && match(".*bc$", "abc"))
        #expect(!search("a^b", "ab") && !search("a$b", "ab"))
        #expect(search("^$", "") && !search("^$", "a"))
        #expect(search("(^a|b)", "xb") && !search("(^a|c)", "xa"))
        #expect(!search("x", "") && search("x?", ""))
        for bad in ["^*", "$+", "a^?", "${2}"] {
            #expect(problem(bad) != nil, "\(bad)")
        }
    }

    @Test("NormalChar: ] and } must be escaped outside a class")
    func normalCharacters() {
        for bad in ["a]", "}", "a}b", "{"] {
            #expect(problem(bad) != nil, "\(bad)")
        }
        #expect(problem("a]")?.description == "regex:2: ']' outside a class must be escaped: write \\]")
    }
}
