import StrataDocuments

/// A route's path template (`/products/{id}`) read once: the one reader of `{name}` placeholders, for their names,
/// for filling them in, and for matching concrete paths.
///
/// A placeholder is a `{` up to the next `}`; a `{` with no `}` after it is literal text. ``checkedNames()`` says
/// what a session file may not hold (a stray brace, an empty `{}`).
///
/// For matching, a placeholder fits one or more characters other than `/`; literal text must be equal. A segment is
/// matched like a glob with `?*` for each placeholder, by the two-pointer method that backs up only to the last
/// placeholder: at worst the segment's length times the template segment's, never exponential however many
/// placeholders share a segment (`/{a}{b}{c}x`).
struct PathTemplate: Sendable {
    /// A run of the template: literal text or a placeholder's name.
    enum Part: Equatable, Sendable {
        /// Literal text (it may hold `/`).
        case literal(String)
        /// `{name}`: the name, possibly empty.
        case placeholder(String)
    }

    /// One piece of a template segment, for matching.
    enum Piece: Hashable, Sendable {
        /// A literal character.
        case char(Character)
        /// A placeholder: one or more characters.
        case placeholder
    }

    /// The template as written.
    let source: String
    /// The template's runs, in order.
    let parts: [Part]
    /// The template's segments (split at each literal `/`), `[""]`-style: `/a/{id}` is `["", "a", "{}"]`.
    let segments: [[Piece]]

    /// Reads `template`.
    init(_ template: String) {
        self.init(template, parts: PathTemplate.parts(of: template))
    }

    /// Reads `template` for filling in only (``filled(literal:_:)``, ``names``), without the segments that
    /// matching a concrete path needs: how a built request's URL is made again for each log line.
    init(filling template: String) {
        source = template
        parts = PathTemplate.parts(of: template)
        segments = []
    }

    /// The runs of `template`.
    static func parts(of template: String) -> [Part] {
        guard template.utf8.contains(UInt8(ascii: "{")) else { return template.isEmpty ? [] : [.literal(template)] }
        var parts: [Part] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if open > rest.startIndex { parts.append(.literal(String(rest[..<open]))) }
            parts.append(.placeholder(String(rest[rest.index(after: open)..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { parts.append(.literal(String(rest))) }
        return parts
    }

    /// `template` as read into `parts`, with its segments for matching.
    private init(_ template: String, parts: [Part]) {
        var segments: [[Piece]] = [[]]
        for part in parts {
            switch part {
            case .literal(let s):
                for c in s {
                    if c == "/" { segments.append([]) } else { segments[segments.count - 1].append(.char(c)) }
                }
            case .placeholder:
                segments[segments.count - 1].append(.placeholder)
            }
        }
        self.source = template
        self.parts = parts
        self.segments = segments
    }

    /// The placeholders' names, in order (a name used twice is listed twice).
    var names: [String] {
        parts.compactMap { if case .placeholder(let name) = $0 { name } else { nil } }
    }

    /// The placeholders' names, or a message saying what a session may not hold: `}` with no `{` before it, `{`
    /// not closed before the next `{` or the end, an empty `{}`.
    func checkedNames() throws(TemplateError) -> [String] {
        for part in parts {
            switch part {
            case .literal(let s):
                // Only a trailing literal can hold `{` (one with no `}` after it); any literal can hold `}`.
                guard let brace = s.first(where: { $0 == "{" || $0 == "}" }) else { continue }
                throw brace == "}"
                    ? TemplateError(message: "'}' without '{' in path \(JSONString.quote(source))")
                    : TemplateError(message: "'{' is not closed with '}' in path \(JSONString.quote(source))")
            case .placeholder(let name):
                // Whole characters, as the scan compares them (`contains("{")` would find Foundation's substring,
                // a `{` inside a cluster such as `{` + U+200D).
                if name.contains(where: { $0 == "{" }) {
                    throw TemplateError(message: "'{' is not closed with '}' in path \(JSONString.quote(source))")
                }
                if name.isEmpty {
                    throw TemplateError(message: "empty placeholder '{}' in path \(JSONString.quote(source))")
                }
            }
        }
        return names
    }

    /// The template with each placeholder replaced by `value(name)`, or kept as `{name}` when that is nil, and each
    /// run of literal text as `literal` gives it.
    func filled(literal: (String) -> String = { $0 }, _ value: (String) -> String?) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .literal(let s): out += literal(s)
            case .placeholder(let name): out += value(name) ?? "{\(name)}"
            }
        }
        return out
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

extension PathTemplate {
    /// How specific the template is, to choose among templates one concrete path fits: compared segment by segment
    /// (the first difference decides), a literal segment beats one with a placeholder, and of two with placeholders
    /// the one with more literal characters wins (`{id}.json` over `{id}`). So `/runners/downloads` answers
    /// `/runners/downloads`, not `/runners/{runner_id}`, as routers and OpenAPI's own rule have it.
    var specificity: [Int] {
        segments.map { segment in
            segment.contains(.placeholder) ? segment.filter { $0 != .placeholder }.count : Int.max
        }
    }

    /// The positions in `templates` of the most specific (``specificity``), in their order: usually one.
    static func mostSpecific(_ templates: [PathTemplate]) -> [Int] {
        let keys = templates.map(\.specificity)
        guard let best = keys.max(by: { $0.lexicographicallyPrecedes($1) }) else { return [] }
        return keys.indices.filter { keys[$0] == best }
    }
}

extension Route {
    /// True when the concrete `path` (`/products/1`) fits the template (`/products/{id}`): literal text equal
    /// (compared percent-decoded), each placeholder one or more characters other than `/`.
    public static func path(_ template: String, matches path: String) -> Bool {
        PathTemplate(template).matches(path)
    }
}
