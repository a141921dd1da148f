/// A route's path template read for matching concrete paths: its segments, each literal characters and
/// placeholders.
///
/// A placeholder (`{` up to the next `}`) fits one or more characters other than `/`; literal text must be equal.
/// A segment is matched like a glob with `?*` for each placeholder, by the two-pointer method that backs up only to
/// the last placeholder: at worst the segment's length times the template segment's, never exponential however many
/// placeholders share a segment (`/{a}{b}{c}x`).
struct PathTemplate: Sendable {
    /// One piece of a template segment.
    enum Piece: Hashable, Sendable {
        /// A literal character.
        case char(Character)
        /// A placeholder: one or more characters.
        case placeholder
    }

    /// The template's segments (split at each literal `/`), `[""]`-style: `/a/{id}` is `["", "a", "{}"]`.
    let segments: [[Piece]]

    /// Reads `template`; a `{` with no `}` after it is a literal character.
    init(_ template: String) {
        let chars = Array(template)
        var segments: [[Piece]] = [[]]
        var i = 0
        while i < chars.count {
            if chars[i] == "{", let close = chars[(i + 1)...].firstIndex(of: "}") {
                segments[segments.count - 1].append(.placeholder)
                i = close + 1
                continue
            }
            if chars[i] == "/" { segments.append([]) } else { segments[segments.count - 1].append(.char(chars[i])) }
            i += 1
        }
        self.segments = segments
    }

    /// The literal text of `pieces` (a placeholder reads `{`; callers pass literal runs).
    static func text(_ pieces: some Sequence<Piece>) -> String {
        String(pieces.map { if case .char(let c) = $0 { c } else { "{" } })
    }

    /// The segments of a concrete path, percent-decoded first (as the template's literal text is compared).
    static func segments(ofPath path: String) -> [[Character]] {
        PercentEncoding.decode(path).split(separator: "/", omittingEmptySubsequences: false).map { Array($0) }
    }

    /// True when the concrete `path` fits the template.
    func matches(_ path: String) -> Bool {
        let parts = PathTemplate.segments(ofPath: path)
        guard parts.count == segments.count else { return false }
        return zip(segments, parts).allSatisfy { PathTemplate.segment($0, matches: $1) }
    }

    /// True when the segment text `text` fits `pattern`.
    static func segment(_ pattern: [Piece], matches text: [Character]) -> Bool {
        // A placeholder is one character (consumed in step) and then any number more (the "star" to back up to).
        var p = 0
        var t = 0
        var star = -1  // the pattern index just past the last placeholder seen
        var starText = 0  // how far into the text that placeholder's "any number more" reaches
        while t < text.count {
            if p < pattern.count {
                switch pattern[p] {
                case .char(let c) where c == text[t]:
                    p += 1
                    t += 1
                    continue
                case .placeholder:
                    p += 1
                    t += 1
                    star = p
                    starText = t
                    continue
                default: break
                }
            }
            guard star >= 0 else { return false }
            // Give the last placeholder one more character and try the rest of the pattern again from there.
            starText += 1
            t = starText
            p = star
        }
        return p == pattern.count
    }
}

extension Route {
    /// True when the concrete `path` (`/products/1`) fits the template (`/products/{id}`): literal text equal
    /// (compared percent-decoded), each placeholder one or more characters other than `/`.
    public static func path(_ template: String, matches path: String) -> Bool {
        PathTemplate(template).matches(path)
    }
}
