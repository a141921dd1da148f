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
    /// What the input read so far left open.
    private var state = State.keys

    /// What the next read continues: keys, an escape sequence the last read ended in the middle of, or a paste.
    private enum State: Sendable {
        /// Nothing open: the next input is keys.
        case keys
        /// The start of an escape sequence, cut off by the end of the last read.
        case cutSequence([Item])
        /// A paste, between its start and end markers.
        case pasting(Paste)
    }

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

        /// Reads paste text from `input[start...]` up to the end marker, delivering at most `limit` UTF-8 bytes;
        /// returns where reading stopped and whether the end marker was read.
        mutating func read(
            _ input: [Item], from start: Int, limit: Int, into events: inout [Event]
        ) -> (next: Int, ended: Bool) {
            var i = start
            while i < input.count {
                let item = input[i]
                i += 1
                guard case .character(let value) = item else {
                    if case .event(let event) = item, !InputDecoder.isKey(event) { events.append(event) }
                    continue
                }
                let seen = matched
                if value == InputDecoder.pasteEnd[seen] {
                    matched += 1
                    if matched == InputDecoder.pasteEnd.count { return (i, true) }
                    continue
                }
                // Not the end marker after all: what looked like its start is text.
                matched = 0
                for earlier in InputDecoder.pasteEnd.prefix(seen) { append(earlier, limit: limit, into: &events) }
                if value == 0x1B {
                    matched = 1
                } else {
                    append(value, limit: limit, into: &events)
                }
            }
            return (i, false)
        }

        /// Takes the part of the end marker seen so far as text: the marker did not come.
        mutating func endWithoutMarker(limit: Int, into events: inout [Event]) {
            let seen = matched
            matched = 0
            for value in InputDecoder.pasteEnd.prefix(seen) { append(value, limit: limit, into: &events) }
        }

        /// Adds one character, delivering the text when it would go past `limit` UTF-8 bytes.
        mutating func append(_ value: UInt32, limit: Int, into events: inout [Event]) {
            guard !overflowed else { return }
            let wasAfterCR = afterCR
            afterCR = value == 13
            if value == 10 && wasAfterCR { return }  // CR LF: the line break was added at the CR
            guard let scalar = Unicode.Scalar(value == 13 ? 10 : value) else { return }
            let size = UTF8.width(scalar)
            if bytes + size > limit {
                events.append(.paste(text))
                text = ""
                overflowed = true
                return
            }
            bytes += size
            text.unicodeScalars.append(scalar)
        }

        /// The paste's event once it is closed, or nil when it was empty or already delivered at the cap.
        var event: Event? {
            guard !overflowed, !text.isEmpty else { return nil }
            return .paste(text)
        }
    }

    /// `ESC [ 2 0 1 ~`, the end of a bracketed paste.
    private static let pasteEnd: [UInt32] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

    /// A decoder with no input seen yet; a paste delivers at most `pasteLimit` UTF-8 bytes.
    public init(pasteLimit: Int = InputDecoder.defaultPasteLimit) {
        self.pasteLimit = max(pasteLimit, 1)
    }

    /// Whether a paste has started and not ended (the backend then ends it when input goes quiet).
    public var isPasting: Bool {
        if case .pasting = state { return true }
        return false
    }

    /// The events for a run of input (an escape sequence or paste left open continues in the next run).
    public static func events(from raw: [Item]) -> [Event] {
        var decoder = InputDecoder()
        return decoder.decode(raw) + decoder.finishPaste()
    }

    /// The events for the next run of input read in one go (so an Escape and what follows it arrive together).
    public mutating func decode(_ raw: [Item]) -> [Event] {
        var input = raw
        if case .cutSequence(let start) = state {
            input = start + raw
            state = .keys
        }
        var events: [Event] = []
        var i = 0
        while i < input.count {
            if case .pasting(var paste) = state {
                state = .keys  // the paste's text is then held once, so it grows in place
                let (next, ended) = paste.read(input, from: i, limit: pasteLimit, into: &events)
                if ended {
                    if let event = paste.event { events.append(event) }
                } else {
                    state = .pasting(paste)
                }
                i = next
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
                            state = .pasting(Paste())
                        } else if let key = InputDecoder.sequenceKey(
                            introducer: next, parameters: parameters, final: final)
                        {
                            events.append(.key(key))
                        }
                    } else if j == i + 2 {  // nothing followed: Alt-[ or Alt-O
                        events.append(.key(.alt(Character(Unicode.Scalar(next)!))))
                    } else if j == input.count && j - i <= 16 {  // cut off by the end of the read: finish it next time
                        state = .cutSequence(Array(input[i..<j]))
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
        guard case .pasting(var paste) = state else { return [] }
        state = .keys
        var events: [Event] = []
        paste.endWithoutMarker(limit: pasteLimit, into: &events)
        if let event = paste.event { events.append(event) }
        return events
    }

    /// Whether `event` is a key (which, inside a paste, is a library's reading of pasted bytes).
    private static func isKey(_ event: Event) -> Bool {
        if case .key = event { return true }
        return false
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
