import Testing

@testable import TermGrid

@Suite struct InputDecoderTests {
    func decode(_ text: String) -> [Event] {
        InputDecoder.events(from: text.unicodeScalars.map { .character($0.value) })
    }

    @Test("control codes become Enter, Tab, Backspace and Ctrl-letters")
    func controlCodes() {
        #expect(
            decode("\r\t\u{7F}\u{8}\u{15}\u{3}") == [
                .key(.enter), .key(.tab), .key(.backspace), .key(.backspace), .key(.ctrl("u")), .key(.ctrl("c")),
            ])
        #expect(decode("\u{0}\u{1C}a") == [.key(.character("a"))])
    }

    @Test("Escape alone is Escape; Escape and a character together are Alt")
    func escapeAndAlt() {
        #expect(decode("\u{1B}") == [.key(.escape)])
        #expect(decode("\u{1B}x") == [.key(.alt("x"))])
        #expect(decode("\u{1B}\u{1B}") == [.key(.escape), .key(.escape)])
        #expect(decode("\u{1B}[") == [.key(.alt("["))])
        #expect(InputDecoder.events(from: [.character(27), .event(.key(.down))]) == [.key(.escape), .key(.down)])
    }

    @Test("escape sequences a library missed are decoded, not typed")
    func sequences() {
        #expect(
            decode("\u{1B}[1~\u{1B}[4~\u{1B}[5~\u{1B}[6~\u{1B}[3~\u{1B}[2~") == [
                .key(.home), .key(.end), .key(.pageUp), .key(.pageDown), .key(.delete), .key(.insert),
            ])
        #expect(
            decode("\u{1B}[A\u{1B}OB\u{1B}[1;5C\u{1B}[Z\u{1B}OP\u{1B}[15~\u{1B}[24~") == [
                .key(.up), .key(.down), .key(.right), .key(.backTab), .key(.function(1)), .key(.function(5)),
                .key(.function(12)),
            ])
    }

    @Test("unknown sequences are dropped and the text after them survives")
    func unknownSequences() {
        #expect(decode("\u{1B}[99~a\u{1B}[<0;3;4Mb") == [.key(.character("a")), .key(.character("b"))])
    }
}
