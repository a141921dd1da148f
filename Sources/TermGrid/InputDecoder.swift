/// Turns terminal input (characters, plus events a library such as ncurses already decoded) into events.
///
/// - Control codes become keys: CR/LF → Enter, Tab, BS/DEL → Backspace, 1–26 → Ctrl-letter; NUL and
///   28–31 are dropped.
/// - Escape followed at once by a character is Alt-character; Escape alone is Escape.
/// - Escape sequences a library did not recognise (tmux sends `ESC [1~` for Home, which xterm's terminfo
///   lacks) are decoded here — arrows, Home/End, Insert/Delete, PageUp/PageDown, Shift-Tab, F1–F12 — or dropped
///   when unknown, never typed as text.
public enum InputDecoder {
    /// One unit of input: a character code or an already decoded event.
    public enum Item: Hashable, Sendable {
        /// A character code (a Unicode scalar value, control codes included).
        case character(UInt32)
        /// An event decoded elsewhere (a function key, mouse or resize).
        case event(Event)
    }

    /// The events for a run of input read in one go (so an Escape and what follows it arrive together).
    public static func events(from raw: [Item]) -> [Event] {
        var events: [Event] = []
        var i = 0
        while i < raw.count {
            switch raw[i] {
            case .event(let event):
                events.append(event)
                i += 1
            case .character(27):
                guard i + 1 < raw.count, case .character(let next) = raw[i + 1] else {
                    events.append(.key(.escape))
                    i += 1
                    continue
                }
                if next == 0x5B || next == 0x4F {  // ESC [ or ESC O: a CSI or SS3 sequence
                    var j = i + 2
                    var parameters = ""
                    var final: UInt32? = nil
                    while j < raw.count, case .character(let c) = raw[j] {
                        if (0x20...0x3F).contains(c) {
                            parameters.unicodeScalars.append(Unicode.Scalar(c)!)
                            j += 1
                        } else {
                            if (0x40...0x7E).contains(c) {
                                final = c
                                j += 1
                            }
                            break
                        }
                    }
                    if let final {
                        if let key = sequenceKey(introducer: next, parameters: parameters, final: final) {
                            events.append(.key(key))
                        }
                    } else if j == i + 2 {  // nothing followed: Alt-[ or Alt-O
                        events.append(.key(.alt(Character(Unicode.Scalar(next)!))))
                    }  // else: an unfinished sequence, dropped
                    i = j
                    continue
                }
                if let key = key(forCharacter: next), case .character(let c) = key {
                    events.append(.key(.alt(c)))
                    i += 2
                } else {
                    events.append(.key(.escape))
                    i += 1
                }
            case .character(let value):
                if let key = key(forCharacter: value) { events.append(.key(key)) }
                i += 1
            }
        }
        return events
    }

    /// The key for a CSI (`ESC [`) or SS3 (`ESC O`) sequence, ignoring modifier parameters; nil if unknown.
    public static func sequenceKey(introducer: UInt32, parameters: String, final: UInt32) -> Key? {
        switch Character(Unicode.Scalar(final)!) {
        case "A": return .up
        case "B": return .down
        case "C": return .right
        case "D": return .left
        case "H": return .home
        case "F": return .end
        case "Z": return introducer == 0x5B ? .backTab : nil
        case "M": return introducer == 0x4F ? .enter : nil
        case "P": return .function(1)
        case "Q": return .function(2)
        case "R": return .function(3)
        case "S": return .function(4)
        case "~":
            let number = Int(parameters.split(separator: ";").first ?? "") ?? 0
            switch number {
            case 1, 7: return .home
            case 2: return .insert
            case 3: return .delete
            case 4, 8: return .end
            case 5: return .pageUp
            case 6: return .pageDown
            case 11...15: return .function(number - 10)
            case 17...21: return .function(number - 11)
            case 23, 24: return .function(number - 12)
            default: return nil
            }
        default: return nil
        }
    }

    /// The key for a character code, or nil for codes with no key (NUL, Ctrl-\ and friends, other controls).
    public static func key(forCharacter value: UInt32) -> Key? {
        switch value {
        case 13, 10: return .enter
        case 9: return .tab
        case 8, 127: return .backspace
        case 1...26: return .ctrl(Character(Unicode.Scalar(value + 96)!))
        case 0, 27...31: return nil
        default:
            guard let scalar = Unicode.Scalar(value), VisibleText.escape(for: scalar) == nil else { return nil }
            return .character(Character(scalar))
        }
    }
}
