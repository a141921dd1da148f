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

    /// Character items for `text`.
    func items(_ text: String) -> [InputDecoder.Item] { text.unicodeScalars.map { .character($0.value) } }

    @Test("a bracketed paste is one event whatever it holds: keys, controls and escape sequences are text")
    func wholePaste() {
        #expect(
            decode("a\u{1B}[200~q\u{3}\u{1B}[A\u{1B}x\u{1B}[201~b") == [
                .key(.character("a")), .paste("q\u{3}\u{1B}[A\u{1B}x"), .key(.character("b")),
            ])
        // Line breaks: CR (what terminals send) and CR LF become LF.
        #expect(decode("\u{1B}[200~one\rtwo\r\nthree\nfour\u{1B}[201~") == [.paste("one\ntwo\nthree\nfour")])
        // An empty paste is nothing.
        #expect(decode("\u{1B}[200~\u{1B}[201~q") == [.key(.character("q"))])
    }

    @Test("a paste split across reads is still one event, markers included")
    func splitPaste() {
        let input = Array(items("\u{1B}[200~héllo \u{1B}[2 wörld\u{1B}[201~z"))
        // Anywhere after `ESC [` (ncurses hands over a sequence that starts like a key whole: it waits for the rest).
        for cut in 3..<input.count {
            var decoder = InputDecoder()
            let events = decoder.decode(Array(input[..<cut])) + decoder.decode(Array(input[cut...]))
            #expect(events == [.paste("héllo \u{1B}[2 wörld"), .key(.character("z"))], "cut at \(cut)")
        }
        // After the start marker, one character per read.
        var decoder = InputDecoder()
        var events = decoder.decode(Array(input[..<6]))
        for item in input[6...] { events += decoder.decode([item]) }
        #expect(events == [.paste("héllo \u{1B}[2 wörld"), .key(.character("z"))])
        #expect(!decoder.isPasting)
    }

    @Test("a paste whose end marker never comes is ended by finishPaste, and keys work again")
    func unterminatedPaste() {
        var decoder = InputDecoder()
        #expect(decoder.decode(items("\u{1B}[200~abc\u{1B}[20")).isEmpty)
        #expect(decoder.isPasting)
        #expect(decoder.finishPaste() == [.paste("abc\u{1B}[20")])
        #expect(!decoder.isPasting)
        #expect(decoder.finishPaste().isEmpty)
        #expect(decoder.decode(items("q")) == [.key(.character("q"))])
        // The one-shot form ends an open paste at the end of its input.
        #expect(InputDecoder.events(from: items("\u{1B}[200~abc")) == [.paste("abc")])
    }

    @Test("a paste over the limit delivers what fits and drops the rest up to its end marker")
    func pasteLimit() {
        var decoder = InputDecoder(pasteLimit: 4)
        #expect(decoder.decode(items("\u{1B}[200~abcdé")) == [.paste("abcd")])
        #expect(decoder.isPasting)
        #expect(decoder.decode(items("fgh\u{1B}[201~q")) == [.key(.character("q"))])
        // A multi-byte character that would cross the limit is not cut.
        var wide = InputDecoder(pasteLimit: 5)
        #expect(wide.decode(items("\u{1B}[200~abcdé\u{1B}[201~")) == [.paste("abcd")])
    }

    @Test("inside a paste, a resize still comes through and keys a library decoded are dropped")
    func eventsInsidePaste() {
        var decoder = InputDecoder()
        let raw: [InputDecoder.Item] =
            items("\u{1B}[200~a") + [.event(.key(.up)), .event(.resize(Size(width: 80, height: 24)))]
            + items("b\u{1B}[201~")
        #expect(decoder.decode(raw) == [.resize(Size(width: 80, height: 24)), .paste("ab")])
    }

    @Test("an escape sequence cut off by the end of a read is finished by the next")
    func splitSequence() {
        var decoder = InputDecoder()
        #expect(decoder.decode(items("x\u{1B}[1")) == [.key(.character("x"))])
        #expect(decoder.decode(items("5~")) == [.key(.function(5))])
    }

    @Test("100 000 pasted characters decode in one pass")
    func longPaste() {
        let text = String(repeating: "0123456789", count: 10_000)
        var decoder = InputDecoder()
        var events: [Event] = []
        let input = items("\u{1B}[200~" + text + "\u{1B}[201~")
        // In reads of 4 KiB, as a terminal delivers a long paste.
        var start = 0
        while start < input.count {
            let end = min(start + 4096, input.count)
            events += decoder.decode(Array(input[start..<end]))
            start = end
        }
        #expect(events == [.paste(text)])
    }
}
