/// Turns terminal input (characters, plus events a library such as ncurses already decoded) into events.
///
/// - Control codes become keys: CR/LF → Enter, Tab, BS/DEL → Backspace, 1–26 → Ctrl-letter; NUL and
///   28–31 are dropped.
/// - Escape followed at once by a character is Alt-character; Escape alone is Escape.
/// - Escape sequences a library did not recognise (tmux sends `ESC [1~` for Home, which xterm's terminfo
///   lacks) are decoded here — arrows, Home/End, Insert/Delete, PageUp/PageDown, Shift-Tab, F1–F12 — or dropped
///   when unknown, never typed as text.
/// - Bracketed paste: everything between `ESC [200~` and `ESC [201~` is one ``Event/paste(_:)``, never keys.
///   CR and CR LF become `\n`; keys a library decoded from pasted bytes are dropped (a resize or click still
///   comes through). A paste is capped at ``pasteLimit`` UTF-8 bytes: what came until then is delivered and the
///   rest, up to the end marker, is dropped. A paste whose end marker never comes is ended by ``finishPaste()``,
///   which the backend calls when input goes quiet.
///
/// A decoder keeps state between reads, so a paste split over many reads is still one event, and an escape
/// sequence cut off by the end of a read (`ESC [20` … `0~`) is finished with the next read. (Cut right after
/// `ESC [` it reads as Alt-[; ncurses never cuts there, as it waits for the rest of anything that starts like a key.)
public struct InputDecoder: Sendable {
    /// One unit of input: a character code or an already decoded event.
    public enum Item: Hashable, Sendable {
        /// A character code (a Unicode scalar value, control codes included).
        case character(UInt32)
        /// An event decoded elsewhere (a function key, mouse or resize).
        case event(Event)
    }

    /// The default cap on one paste: 1 MiB of UTF-8, ten times the largest value anyone pastes into a field on
    /// purpose and small enough that every frame showing it stays quick.
    public static let defaultPasteLimit = 1 << 20

    /// The most UTF-8 bytes one paste delivers.
    public let pasteLimit: Int
    /// The paste being read, between its start and end markers.
    private var paste: Paste?
    /// The start of an escape sequence the last read ended in the middle of.
    private var carry: [Item] = []

    /// A paste in progress.
    private struct Paste: Sendable {
        /// The text so far.
        var text = ""
        /// Its UTF-8 length.
        var bytes = 0
        /// Characters of the end marker seen so far (they are text if the marker does not complete).
        var matched = 0
        /// Whether the last character was CR (a LF after it is part of the same line break).
        var afterCR = false
        /// Whether the cap was reached: the text was delivered and the rest is dropped.
        var overflowed = false
    }

    /// `ESC [ 2 0 1 ~`, the end of a bracketed paste.
    private static let pasteEnd: [UInt32] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    /// A decoder with no input seen yet; a paste delivers at most `pasteLimit` UTF-8 bytes.
    public init(pasteLimit: Int = InputDecoder.defaultPasteLimit) {
        self.pasteLimit = max(pasteLimit, 1)
    }

    /// Whether a paste has started and not ended (the backend then ends it when input goes quiet).
    public var isPasting: Bool { paste != nil }

    /// The events for a run of input (an escape sequence or paste left open continues in the next run).
    public static func events(from raw: [Item]) -> [Event] {
        var decoder = InputDecoder()
        return decoder.decode(raw) + decoder.finishPaste()
    }

    /// The events for the next run of input read in one go (so an Escape and what follows it arrive together).
    public mutating func decode(_ raw: [Item]) -> [Event] {
        var input = raw
        if !carry.isEmpty {
            input = carry + raw
            carry = []
        }
        var events: [Event] = []
        var i = 0
        while i < input.count {
            if paste != nil {
                i = continuePaste(input, at: i, into: &events)
                continue
            }
            switch input[i] {
            case .event(let event):
                events.append(event)
                i += 1
            case .character(27):
                guard i + 1 < input.count, case .character(let next) = input[i + 1] else {
                    events.append(.key(.escape))
                    i += 1
                    continue
                }
                if next == 0x5B || next == 0x4F {  // ESC [ or ESC O: a CSI or SS3 sequence
                    var j = i + 2
                    var parameters = ""
                    var final: UInt32? = nil
                    while j < input.count, case .character(let c) = input[j] {
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
                        if next == 0x5B && parameters == "200" && final == 0x7E {
                            paste = Paste()
                        } else if let key = InputDecoder.sequenceKey(
                            introducer: next, parameters: parameters, final: final)
                        {
                            events.append(.key(key))
                        }
                    } else if j == i + 2 {  // nothing followed: Alt-[ or Alt-O
                        events.append(.key(.alt(Character(Unicode.Scalar(next)!))))
                    } else if j == input.count && j - i <= 16 {  // cut off by the end of the read: finish it next time
                        carry = Array(input[i..<j])
                    }  // else: an unfinished sequence, dropped
                    i = j
                    continue
                }
                if let key = InputDecoder.key(forCharacter: next), case .character(let c) = key {
                    events.append(.key(.alt(c)))
                    i += 2
                } else {
                    events.append(.key(.escape))
                    i += 1
                }
            case .character(let value):
                if let key = InputDecoder.key(forCharacter: value) { events.append(.key(key)) }
                i += 1
            }
        }
        return events
    }

    /// Ends an open paste whose end marker has not come (input went quiet): the events that gives, usually one
    /// ``Event/paste(_:)``; none when no paste is open.
    public mutating func finishPaste() -> [Event] {
        guard let matched = paste?.matched else { return [] }
        var events: [Event] = []
        paste!.matched = 0
        for value in InputDecoder.pasteEnd.prefix(matched) { appendToPaste(value, into: &events) }
        if let event = closePaste() { events.append(event) }
        return events
    }

    /// Reads paste text from `input[i...]` up to the end marker; returns where reading stopped.
    private mutating func continuePaste(_ input: [Item], at start: Int, into events: inout [Event]) -> Int {
        var i = start
        while i < input.count {
            let item = input[i]
            i += 1
            guard case .character(let value) = item else {
                if case .event(let event) = item, !isKey(event) { events.append(event) }
                continue
            }
            let matched = paste!.matched
            if value == InputDecoder.pasteEnd[matched] {
                paste!.matched += 1
                if paste!.matched == InputDecoder.pasteEnd.count {
                    if let event = closePaste() { events.append(event) }
                    return i
                }
                continue
            }
            // Not the end marker after all: what looked like its start is text.
            paste!.matched = 0
            for earlier in InputDecoder.pasteEnd.prefix(matched) { appendToPaste(earlier, into: &events) }
            if value == 0x1B {
                paste!.matched = 1
            } else {
                appendToPaste(value, into: &events)
            }
        }
        return i
    }

    /// Whether `event` is a key (which, inside a paste, is a library's reading of pasted bytes).
    private func isKey(_ event: Event) -> Bool {
        if case .key = event { return true }
        return false
    }

    /// Adds one character to the open paste, delivering it when the cap is reached.
    private mutating func appendToPaste(_ value: UInt32, into events: inout [Event]) {
        guard !paste!.overflowed else { return }
        let afterCR = paste!.afterCR
        paste!.afterCR = value == 13
        if value == 10 && afterCR { return }  // CR LF: the line break was added at the CR
        guard let scalar = Unicode.Scalar(value == 13 ? 10 : value) else { return }
        let size = UTF8.width(scalar)
        if paste!.bytes + size > pasteLimit {
            events.append(.paste(paste!.text))
            paste!.text = ""
            paste!.overflowed = true
            return
        }
        paste!.bytes += size
        paste!.text.unicodeScalars.append(scalar)
    }

    /// Closes the open paste: its event, or nil when it was empty or already delivered at the cap.
    private mutating func closePaste() -> Event? {
        let closed = paste
        paste = nil
        guard let closed, !closed.overflowed, !closed.text.isEmpty else { return nil }
        return .paste(closed.text)
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
