import Testing

@testable import TermGrid

@Suite struct DisplayWidthTests {
    @Test("ASCII letters, digits and punctuation are one column each")
    func ascii() {
        #expect(DisplayWidth.of("hello, world!") == 13)
        #expect(DisplayWidth.of(Character("a")) == 1)
        #expect(DisplayWidth.of("") == 0)
    }

    @Test("CJK ideographs, kana, Hangul and fullwidth forms are two columns")
    func eastAsianWide() {
        #expect(DisplayWidth.of("日本語") == 6)
        #expect(DisplayWidth.of("ひらがなカタカナ") == 16)
        #expect(DisplayWidth.of("한국어") == 6)
        #expect(DisplayWidth.of("ＡＢＣ") == 6)
        #expect(DisplayWidth.of("a中b") == 4)
        #expect(DisplayWidth.of(Character("\u{20000}")) == 2)  // CJK extension B
    }

    @Test("emoji with emoji presentation are two columns, text-style symbols one")
    func emoji() {
        #expect(DisplayWidth.of(Character("😀")) == 2)
        #expect(DisplayWidth.of(Character("🚀")) == 2)
        #expect(DisplayWidth.of(Character("🫨")) == 2)  // newer than the table: found by emoji presentation
        #expect(DisplayWidth.of(Character("☺")) == 1)
        #expect(DisplayWidth.of(Character("☺️")) == 2)  // with VS16
        #expect(DisplayWidth.of(Character("❤️")) == 2)
        #expect(DisplayWidth.of(Character("1️⃣")) == 2)  // keycap
        #expect(DisplayWidth.of(Character("👍🏽")) == 2)  // skin tone modifier
    }

    @Test("a flag (two regional indicators) is two columns, a lone indicator one")
    func flags() {
        #expect(DisplayWidth.of(Character("🇩🇪")) == 2)
        #expect(DisplayWidth.of("🇩🇪🇫🇷") == 4)
        #expect(DisplayWidth.of(Character("\u{1F1E9}")) == 1)
    }

    @Test("ZWJ sequences count as one emoji")
    func zwjSequences() {
        #expect(DisplayWidth.of(Character("👨‍👩‍👧")) == 2)
        #expect(DisplayWidth.of(Character("🏳️‍🌈")) == 2)
        #expect(DisplayWidth.of("x👩‍💻x") == 4)
    }

    @Test("combining marks and zero-width characters take no columns")
    func combiningMarks() {
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("a\u{301}\u{302}\u{303}") == 1)
        #expect(DisplayWidth.of(Character("\u{301}")) == 0)
        #expect(DisplayWidth.of("a\u{200B}b") == 2)
        #expect(DisplayWidth.of("\u{1100}\u{1161}\u{11A8}") == 2)  // Hangul from jamo
        #expect(DisplayWidth.of("Z\u{0351}\u{036B}\u{0343}a\u{0337}") == 2)  // zalgo
    }

    @Test("a text cluster with several spacing characters measures like a terminal: their sum")
    func conjuncts() {
        #expect(DisplayWidth.of("क्ष") == 2)
        #expect(DisplayWidth.of("नमस्ते") == 4)
        #expect(DisplayWidth.of("กำ") == 2)
    }

    @Test("control characters measure as their visible escapes")
    func controls() {
        #expect(DisplayWidth.of("\u{1B}") == 1)
        #expect(DisplayWidth.of("\t") == VisibleText.tabWidth)
        #expect(DisplayWidth.of("\u{9B}") == 4)
        #expect(DisplayWidth.of("\r\n") == 2)
        #expect(DisplayWidth.of("a\u{202E}b") == 2)
    }

    @Test("the wide table is sorted and its ranges do not overlap")
    func tableIsSorted() {
        for (a, b) in zip(DisplayWidth.wideRanges, DisplayWidth.wideRanges.dropFirst()) {
            #expect(a.0 <= a.1)
            #expect(a.1 < b.0)
        }
    }
}
