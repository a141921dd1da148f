import Testing

@testable import TermGrid

@Suite struct VisibleTextTests {
    @Test("an OSC title sequence becomes harmless visible text")
    func oscTitle() {
        var buffer = Buffer(width: 14, height: 1)
        buffer.setString("\u{1B}]2;title\u{07}", x: 0, y: 0)
        #expect(buffer.text() == "␛]2;title␇    ")
        #expect(!buffer.cells.contains { $0.symbol.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } })
    }

    @Test("a clear-screen sequence becomes harmless visible text")
    func clearScreen() {
        var buffer = Buffer(width: 6, height: 1)
        buffer.setString("\u{1B}[2J", x: 0, y: 0)
        #expect(buffer.text() == "␛[2J  ")
    }

    @Test("mayStartEscape flags the first UTF-8 byte of every scalar escape(for:) replaces")
    func fastFilterAgreesWithTheRule() {
        var missed: [UInt32] = []
        for v in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(v), VisibleText.escape(for: scalar) != nil else { continue }
            if !VisibleText.mayStartEscape(String(scalar).utf8.first!) { missed.append(v) }
        }
        #expect(missed.isEmpty)
        #expect(!"plain text, ünïcödé, 日本語, emoji 🎉".utf8.contains(where: VisibleText.mayStartEscape))
    }

    @Test("firstEscapeCandidate finds the first byte mayStartEscape flags, less line feeds (and tabs when kept)")
    func firstCandidateAgreesWithTheFilter() {
        for keepingTabs in [false, true] {
            for byte in UInt8(0)...255 {
                let expected =
                    VisibleText.mayStartEscape(byte) && byte != 0x0A && !(keepingTabs && byte == 0x09)
                let found = [UInt8(ascii: "a"), UInt8(ascii: "\n"), byte, byte].withUnsafeBufferPointer {
                    VisibleText.firstEscapeCandidate(in: $0, keepingTabs: keepingTabs)
                }
                #expect(found == (expected ? 2 : nil), "byte \(byte), keeping tabs: \(keepingTabs)")
            }
        }
        let none = Array("plain text\n, ünïcödé, 日本語, emoji 🎉".utf8).withUnsafeBufferPointer {
            VisibleText.firstEscapeCandidate(in: $0, keepingTabs: false)
        }
        #expect(none == nil)
    }

    @Test("DEL and C1 controls are escaped, tab becomes spaces, bidi overrides are dropped")
    func otherControls() {
        #expect(VisibleText.sanitized("a\u{7F}b") == "a␡b")
        #expect(VisibleText.sanitized("\u{9B}31m") == "<9B>31m")
        #expect(VisibleText.sanitized("\u{85}") == "<85>")
        #expect(VisibleText.sanitized("a\tb") == "a    b")
        #expect(VisibleText.sanitized("x\u{202E}y\u{2066}") == "xy")
        #expect(VisibleText.sanitized("line\r\nnext\u{0}") == "line␍␊next␀")
    }

    @Test("no control scalar survives a buffer write of every code point below U+00A0")
    func everyControl() {
        let all = String(String.UnicodeScalarView((0..<0xA0).compactMap(Unicode.Scalar.init)))
        var buffer = Buffer(width: 400, height: 1)
        buffer.setString(all, x: 0, y: 0)
        for cell in buffer.cells {
            for scalar in cell.symbol.unicodeScalars {
                #expect(!(scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)), "raw U+\(scalar.value)")
            }
        }
    }
}
