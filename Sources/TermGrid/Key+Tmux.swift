/// A key list that could not be read, saying which token is wrong and why.
public struct KeyParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The offending token as written.
    public var token: String
    /// 1-based position of the token in the list.
    public var index: Int
    /// 1-based character column where the token starts.
    public var column: Int
    /// What is wrong.
    public var reason: String

    /// `key 3 (column 11) 'Dwn': unknown key name; …`.
    public var description: String { "key \(index) (column \(column)) '\(token)': \(reason)" }
}

extension Key {
    /// Names tmux accepts for keys (compared case-insensitively), with a few common aliases.
    static let tmuxNames: [String: Key] = [
        "up": .up, "down": .down, "left": .left, "right": .right,
        "home": .home, "end": .end,
        "pageup": .pageUp, "pgup": .pageUp, "ppage": .pageUp,
        "pagedown": .pageDown, "pgdn": .pageDown, "npage": .pageDown,
        "enter": .enter, "return": .enter, "escape": .escape, "esc": .escape,
        "tab": .tab, "btab": .backTab, "s-tab": .backTab,
        "bspace": .backspace, "backspace": .backspace,
        "dc": .delete, "delete": .delete, "ic": .insert, "insert": .insert,
        "space": .character(" "),
    ]

    /// Reads a space-separated list of tmux key names, as given to `tmux send-keys`.
    ///
    /// Accepted: `Up Down Left Right Home End PageUp/PPage PageDown/NPage Enter Escape Tab BTab BSpace DC IC Space`
    /// (any case), `F1`–`F12`, `C-x` / `^x` (Ctrl), `M-x` (Alt), any single character, and literal text written
    /// `=text` (each character becomes a key; write `'two words'` or `"two words"` to include spaces).
    /// Anything else is an error naming the token, e.g. `"Down Dwn"` fails at key 2.
    public static func parse(tmuxKeys list: String) throws(KeyParseError) -> [Key] {
        var keys: [Key] = []
        var index = 0
        let characters = Array(list)
        var i = 0
        while i < characters.count {
            if characters[i] == " " || characters[i] == "\t" || characters[i] == "\n" {
                i += 1
                continue
            }
            index += 1
            let start = i
            if characters[i] == "'" || characters[i] == "\"" {
                let quote = characters[i]
                var j = i + 1
                while j < characters.count && characters[j] != quote { j += 1 }
                guard j < characters.count else {
                    throw KeyParseError(
                        token: String(characters[i...]), index: index, column: start + 1,
                        reason: "unterminated quote: close it with \(quote)")
                }
                keys += characters[(i + 1)..<j].map { Key.character($0) }
                i = j + 1
                continue
            }
            var j = i
            while j < characters.count && characters[j] != " " && characters[j] != "\t" && characters[j] != "\n" {
                j += 1
            }
            let token = String(characters[i..<j])
            i = j
            if token.hasPrefix("=") && token.count > 1 {
                keys += token.dropFirst().map { Key.character($0) }
                continue
            }
            do {
                keys.append(try Key(tmuxName: token))
            } catch {
                throw KeyParseError(token: token, index: index, column: start + 1, reason: error.reason)
            }
        }
        return keys
    }

    /// Reads one tmux key name (`Down`, `C-u`, `F5`, `a`); see ``parse(tmuxKeys:)``.
    public init(tmuxName name: String) throws(KeyParseError) {
        func failure(_ reason: String) -> KeyParseError {
            KeyParseError(token: name, index: 1, column: 1, reason: reason)
        }
        if name.count == 1, let c = name.first {
            if c.unicodeScalars.contains(where: { VisibleText.escape(for: $0) != nil }) {
                throw failure("control characters are not keys; use a name such as Enter, Tab or C-u")
            }
            self = .character(c)
            return
        }
        let lower = name.lowercased()
        if let key = Key.tmuxNames[lower] {
            self = key
            return
        }
        if lower.hasPrefix("f"), let n = Int(lower.dropFirst()) {
            guard (1...12).contains(n) else { throw failure("function keys go from F1 to F12") }
            self = .function(n)
            return
        }
        if lower.hasPrefix("c-") || (name.hasPrefix("^") && name.count == 2) {
            let rest = name.hasPrefix("^") ? String(name.dropFirst()) : String(name.dropFirst(2))
            if rest.count == 1, let c = rest.lowercased().first, c.isASCII, c.isLetter {
                switch c {
                case "i": self = .tab
                case "m": self = .enter
                case "h": self = .backspace
                default: self = .ctrl(c)
                }
                return
            }
            throw failure("Ctrl works with a single letter here (C-a … C-z)")
        }
        if lower.hasPrefix("m-") {
            let rest = String(name.dropFirst(2))
            if rest.count == 1, let c = rest.first {
                self = .alt(c)
                return
            }
            if rest.lowercased() == "space" {
                self = .alt(" ")
                return
            }
            throw failure("Alt (M-) works with a single character here (M-x)")
        }
        throw failure(
            "unknown key name; use a tmux name (Up, Down, Enter, Escape, Tab, BTab, BSpace, DC, Home, End, PageUp, "
                + "PageDown, Space, F1–F12, C-x, M-x), a single character, or =text for literal text")
    }
}
