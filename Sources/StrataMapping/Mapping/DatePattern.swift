import Foundation

/// A Unicode (ICU) date pattern split into fields and literals, checked for the mistakes people make.
///
/// `yyyy-MM-dd'T'HH:mm:ss` → year, `-`, month, `-`, day, `T`, hour, `:`, minute, `:`, second.
public struct DatePattern: Sendable, Hashable {
    /// One piece of a pattern.
    public enum Piece: Sendable, Hashable {
        /// Text that must appear as written.
        case literal(String)
        /// A run of one pattern letter, e.g. `yyyy` is `field("y", 4)`.
        case field(Character, Int)
    }

    /// The pattern as written.
    public let text: String
    /// The pieces in order.
    public let pieces: [Piece]

    /// A problem found in a pattern.
    public struct Problem: Error, Sendable, Hashable {
        /// True for a pattern that cannot work; false for one that works but probably not as meant.
        public var isError: Bool
        /// What is wrong and how to fix it.
        public var message: String
    }

    /// The letters ICU gives a meaning to; any other unquoted ASCII letter is an error.
    static let patternLetters = Set("GyYuUrQqMLlwWdDFgEecabBhHKkjJCmsSAzZOvVXx")

    /// `text` with the word around position `bad` quoted: the letter there and its single-letter neighbours (`at`
    /// in `dd.MM.yyyy at HH:mm`), not the repeated letters of a field beside it (`T` in `yyyy-MM-ddTHH`).
    static func quotingWord(at bad: Int, in text: [Character]) -> String {
        func isLetter(_ i: Int) -> Bool { i >= 0 && i < text.count && text[i].isASCII && text[i].isLetter }
        /// The bounds of the run of one letter repeated around `i`.
        func group(_ i: Int) -> Range<Int> {
            var start = i
            var end = i + 1
            while start > 0, text[start - 1] == text[i] { start -= 1 }
            while end < text.count, text[end] == text[i] { end += 1 }
            return start..<end
        }
        var span = group(bad)
        while isLetter(span.lowerBound - 1), group(span.lowerBound - 1).count == 1 {
            span = (span.lowerBound - 1)..<span.upperBound
        }
        while isLetter(span.upperBound), group(span.upperBound).count == 1 {
            span = span.lowerBound..<(span.upperBound + 1)
        }
        return String(text[..<span.lowerBound]) + "'" + String(text[span]) + "'" + String(text[span.upperBound...])
    }

    /// Splits `text` into pieces; returns the problems instead when it is malformed.
    public static func parse(_ text: String) -> Result<DatePattern, Problem> {
        guard !text.isEmpty else { return .failure(Problem(isError: true, message: "the date pattern is empty")) }
        var pieces: [Piece] = []
        var literal = ""
        var chars = Array(text)[...]
        func flushLiteral() {
            if !literal.isEmpty { pieces.append(.literal(literal)) }
            literal = ""
        }
        while let c = chars.first {
            if c == "'" {
                chars.removeFirst()
                if chars.first == "'" {
                    literal.append("'")
                    chars.removeFirst()
                    continue
                }
                var closed = false
                while let q = chars.first {
                    chars.removeFirst()
                    if q == "'" {
                        if chars.first == "'" {
                            literal.append("'")
                            chars.removeFirst()
                            continue
                        }
                        closed = true
                        break
                    }
                    literal.append(q)
                }
                if !closed {
                    return .failure(
                        Problem(isError: true, message: "unterminated quote in date pattern '\(text)'; close it with '")
                    )
                }
            } else if c.isASCII, c.isLetter {
                guard patternLetters.contains(c) else {
                    let fixed = DatePattern.quotingWord(at: chars.startIndex, in: Array(text))
                    return .failure(
                        Problem(
                            isError: true,
                            message:
                                "unquoted letter '\(c)' in date pattern '\(text)' is not a pattern field; quote it: \(fixed)"
                        ))
                }
                flushLiteral()
                var n = 0
                while chars.first == c {
                    chars.removeFirst()
                    n += 1
                }
                pieces.append(.field(c, n))
            } else {
                literal.append(c)
                chars.removeFirst()
            }
        }
        flushLiteral()
        guard pieces.contains(where: { if case .field = $0 { true } else { false } }) else {
            return .failure(Problem(isError: true, message: "date pattern '\(text)' has no date or time fields"))
        }
        return .success(DatePattern(text: text, pieces: pieces))
    }

    /// Likely mistakes in a valid pattern: week-based year, day of year, minutes where a month was meant.
    public var warnings: [Problem] {
        var out: [Problem] = []
        let letters = Set(pieces.compactMap { if case .field(let c, _) = $0 { c } else { nil } })
        if letters.contains("Y"), letters.contains("M") || letters.contains("d") {
            out.append(
                Problem(
                    isError: false,
                    message:
                        "'Y' in date pattern '\(text)' is the week-based year (wrong around New Year); use 'y'"))
        }
        if letters.contains("D"), letters.contains("M") {
            out.append(
                Problem(
                    isError: false,
                    message: "'D' in date pattern '\(text)' is the day of the year; use 'd' for the day of the month"))
        }
        if letters.contains("m"), !letters.contains("M"), letters.contains("d") || letters.contains("y"),
            !letters.contains("H") && !letters.contains("h") && !letters.contains("k") && !letters.contains("K")
        {
            out.append(
                Problem(isError: false, message: "'m' in date pattern '\(text)' is minutes; use 'M' for the month"))
        }
        if letters.contains("h"), !letters.contains("a") {
            out.append(
                Problem(
                    isError: false,
                    message:
                        "'h' in date pattern '\(text)' is a 12-hour clock but there is no 'a' (AM/PM); use 'H' for 0-23"
                ))
        }
        return out
    }
}
