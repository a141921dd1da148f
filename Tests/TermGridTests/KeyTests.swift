import Testing

@testable import TermGrid

@Suite struct KeyTests {
    @Test("tmux key names parse into keys")
    func names() throws {
        let keys = try Key.parse(tmuxKeys: "Down Down Enter r")
        #expect(keys == [.down, .down, .enter, .character("r")])
        let more = try Key.parse(tmuxKeys: "Escape BTab C-u F5 Space PageDown NPage PPage Home End BSpace DC Tab")
        #expect(
            more == [
                .escape, .backTab, .ctrl("u"), .function(5), .character(" "), .pageDown, .pageDown, .pageUp, .home,
                .end, .backspace, .delete, .tab,
            ])
    }

    @Test("names are case-insensitive; Ctrl, Alt and caret forms work")
    func variants() throws {
        #expect(
            try Key.parse(tmuxKeys: "down ENTER c-x ^W M-b C-m F12") == [
                .down, .enter, .ctrl("x"), .ctrl("w"), .alt("b"), .enter, .function(12),
            ])
    }

    @Test("literal text is typed character by character")
    func literalText() throws {
        #expect(try Key.parse(tmuxKeys: "=abc Enter") == [.character("a"), .character("b"), .character("c"), .enter])
        #expect(
            try Key.parse(tmuxKeys: "'a b' \"c\"") == [
                .character("a"), .character(" "), .character("b"), .character("c"),
            ])
        #expect(try Key.parse(tmuxKeys: "= ü") == [.character("="), .character("ü")])
        #expect(try Key.parse(tmuxKeys: "  ").isEmpty)
    }

    @Test("an unknown name is an error that points at the token")
    func unknownName() {
        #expect(throws: KeyParseError.self) { try Key.parse(tmuxKeys: "Down Dwn") }
        do {
            _ = try Key.parse(tmuxKeys: "Down Dwn Enter")
            Issue.record("Dwn was accepted")
        } catch {
            #expect(error.index == 2)
            #expect(error.column == 6)
            #expect(error.token == "Dwn")
            #expect(error.description.hasPrefix("key 2 (column 6) 'Dwn': unknown key name"))
        }
    }

    @Test("bad function keys, Ctrl combinations and quotes are errors")
    func otherErrors() {
        for bad in ["F13", "F0", "C-1", "C-abc", "M-xy", "'unterminated"] {
            #expect(throws: KeyParseError.self, "\(bad)") { try Key.parse(tmuxKeys: bad) }
        }
    }

    @Test("a key's description is its tmux name and parses back")
    func roundTrip() throws {
        let keys: [Key] = [
            .up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .enter, .escape, .tab, .backTab, .backspace,
            .delete, .insert, .function(3), .ctrl("u"), .alt("x"), .character("q"), .character(" "),
        ]
        let names = keys.map(\.description).joined(separator: " ")
        #expect(try Key.parse(tmuxKeys: names) == keys)
        #expect(Key.ctrl("u").label == "Ctrl-U")
        #expect(Key.backTab.label == "Shift-Tab")
        #expect(Key.down.label == "↓")
    }
}
