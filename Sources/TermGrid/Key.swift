/// A key press as the application sees it, independent of the terminal's byte sequences.
public enum Key: Hashable, Sendable {
    /// A printable character (including space).
    case character(Character)
    /// Ctrl with a letter, lowercase: `.ctrl("u")` is Ctrl-U. (Ctrl-I, Ctrl-M and Ctrl-H arrive as Tab, Enter and
    /// Backspace, as terminals send the same bytes.)
    case ctrl(Character)
    /// Alt (Meta) with a character: `.alt("x")`.
    case alt(Character)
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Enter (Return).
    case enter
    /// Escape.
    case escape
    /// Tab.
    case tab
    /// Shift-Tab.
    case backTab
    /// Backspace.
    case backspace
    /// Delete (forward delete).
    case delete
    /// Insert.
    case insert
    /// A function key F1–F12 (`.function(5)` is F5).
    case function(Int)
}

extension Key: CustomStringConvertible {
    /// The tmux name of the key (`Down`, `C-u`, `M-x`, `BTab`, `F5`, `Space`, `a`), which ``parse(tmuxKeys:)`` reads
    /// back.
    public var description: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let c): return String(c)
        case .ctrl(let c): return "C-\(c)"
        case .alt(let c): return c == " " ? "M-Space" : "M-\(c)"
        case .up: return "Up"
        case .down: return "Down"
        case .left: return "Left"
        case .right: return "Right"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PageUp"
        case .pageDown: return "PageDown"
        case .enter: return "Enter"
        case .escape: return "Escape"
        case .tab: return "Tab"
        case .backTab: return "BTab"
        case .backspace: return "BSpace"
        case .delete: return "DC"
        case .insert: return "IC"
        case .function(let n): return "F\(n)"
        }
    }

    /// A short human label for help screens and footers: `↓`, `Ctrl-U`, `Alt-x`, `Shift-Tab`, `PgDn`, `F5`, `a`.
    public var label: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let c): return String(c)
        case .ctrl(let c): return "Ctrl-\(String(c).uppercased())"
        case .alt(let c): return "Alt-\(c)"
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .backspace: return "Backspace"
        case .delete: return "Del"
        case .insert: return "Ins"
        case .function(let n): return "F\(n)"
        }
    }

    /// The character a text field should insert for this key, if it is a printable character.
    public var printableCharacter: Character? {
        if case .character(let c) = self { return c }
        return nil
    }
}
