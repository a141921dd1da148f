import Strata
import TermGrid

/// Colours for raw lines: a small lexer per line for JSON, XML and YAML (no state carried between lines, so any line
/// can be drawn on its own).
enum RawSyntax {
    /// What a run of bytes is.
    enum Token: Hashable {
        case plain, key, string, number, literal, punctuation, tag, attribute, comment
    }

    /// The syntax used for a body of `format`.
    enum Language {
        case json, xml, yaml, plain

        init(format: Tree.Format?) {
            switch format {
            case .json?: self = .json
            case .yaml?: self = .yaml
            case .xml?, .plist?: self = .xml
            default: self = .plain
            }
        }
    }

    /// The style of a token.
    static func style(_ token: Token) -> Style {
        switch token {
        case .plain: .plain
        case .key: Theme.key
        case .string: Theme.string
        case .number: Theme.number
        case .literal: Theme.literal
        case .punctuation: Theme.punctuation
        case .tag: Theme.tag
        case .attribute: Theme.key
        case .comment: Theme.secondary
        }
    }

    /// The tokens of `range` in `b`, covering it without gaps.
    static func tokens(_ b: [UInt8], _ range: Range<Int>, language: Language) -> [(Range<Int>, Token)] {
        switch language {
        case .json: json(b, range)
        case .xml: xml(b, range)
        case .yaml: yaml(b, range)
        case .plain: [(range, .plain)]
        }
    }

    /// One YAML line: indentation and `- ` markers, a `key:`, then a value (quoted string, number, `true`/`null`/`~`
    /// literal, `&anchor`/`*alias`/`!tag`, or a flow collection lexed as JSON) and a `# comment`. A line inside a
    /// block scalar is lexed like any other, as nothing is carried between lines.
    static func yaml(_ b: [UInt8], _ range: Range<Int>) -> [(Range<Int>, Token)] {
        var out: [(Range<Int>, Token)] = []
        let end = range.upperBound
        var k = range.lowerBound
        func isSpace(_ i: Int) -> Bool { i >= end || b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0A || b[i] == 0x0D }
        func take(_ j: Int, _ token: Token) {
            if j > k { out.append((k..<j, token)) }
            k = j
        }
        func spaces() {
            var j = k
            while j < end, b[j] == 0x20 || b[j] == 0x09 { j += 1 }
            take(j, .plain)
        }
        spaces()
        while k < end, b[k] == UInt8(ascii: "-") || b[k] == UInt8(ascii: "?"), isSpace(k + 1) {
            take(k + 1, .punctuation)
            spaces()
        }
        if k < end, b[k] == UInt8(ascii: "#") { take(end, .comment) }
        // A key: text up to a `:` followed by a space or the end of the line, outside quotes.
        var j = k
        var quote: UInt8? = nil
        while j < end, b[j] != 0x0A {
            let c = b[j]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'"), j == k {
                quote = c
            } else if c == UInt8(ascii: "#"), j > k, b[j - 1] == 0x20 {
                break
            } else if c == UInt8(ascii: ":"), isSpace(j + 1) {
                take(j, .key)
                take(j + 1, .punctuation)
                spaces()
                break
            } else if c == UInt8(ascii: "[") || c == UInt8(ascii: "{"), j == k {
                break
            }
            j += 1
        }
        while k < end {
            let c = b[k]
            if c == UInt8(ascii: "#"), k == range.lowerBound || isSpace(k - 1) {
                take(end, .comment)
            } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                var q = k + 1
                while q < end, b[q] != c { q += c == UInt8(ascii: "\"") && b[q] == UInt8(ascii: "\\") ? 2 : 1 }
                take(min(q + 1, end), .string)
            } else if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") {
                var q = k
                while q < end, !(b[q] == UInt8(ascii: "#") && isSpace(q - 1)) { q += 1 }
                out += json(b, k..<q)
                k = q
            } else if c == UInt8(ascii: "&") || c == UInt8(ascii: "*") || c == UInt8(ascii: "!") {
                var q = k + 1
                while !isSpace(q) { q += 1 }
                take(q, .tag)
            } else if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D {
                spaces()
                if k < end, b[k] == 0x0A || b[k] == 0x0D { take(k + 1, .plain) }
            } else {
                var q = k
                while q < end, !(b[q] == UInt8(ascii: "#") && q > k && b[q - 1] == 0x20), b[q] != 0x0A { q += 1 }
                while q > k, b[q - 1] == 0x20 || b[q - 1] == 0x09 { q -= 1 }
                let word = String(decoding: b[k..<q], as: UTF8.self)
                let number = Double(word) != nil || word.hasPrefix("0x") || word.hasPrefix("0o")
                let token: Token = yamlLiterals.contains(word) ? .literal : number ? .number : .string
                take(q, token)
            }
        }
        return out
    }

    /// The plain scalars YAML's core schema reads as null or bool.
    static let yamlLiterals: Set<String> = [
        "~", "null", "Null", "NULL", "true", "True", "TRUE", "false", "False", "FALSE", ".inf", "-.inf", ".nan",
    ]

    static func json(_ b: [UInt8], _ range: Range<Int>) -> [(Range<Int>, Token)] {
        var out: [(Range<Int>, Token)] = []
        var k = range.lowerBound
        let end = range.upperBound
        var plainStart: Int? = nil
        func flushPlain(_ at: Int) {
            if let s = plainStart, s < at { out.append((s..<at, .plain)) }
            plainStart = nil
        }
        while k < end {
            let c = b[k]
            switch c {
            case UInt8(ascii: "\""):
                flushPlain(k)
                var j = k + 1
                while j < end && b[j] != UInt8(ascii: "\"") { j += b[j] == UInt8(ascii: "\\") ? 2 : 1 }
                j = min(j + 1, end)
                var look = j
                while look < end && (b[look] == 0x20 || b[look] == 0x09) { look += 1 }
                out.append((k..<j, look < end && b[look] == UInt8(ascii: ":") ? .key : .string))
                k = j
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                flushPlain(k)
                var j = k + 1
                while j < end && JSONBytes.isNumberByte(b[j]) { j += 1 }
                out.append((k..<j, .number))
                k = j
            case UInt8(ascii: "a")...UInt8(ascii: "z"):
                flushPlain(k)
                var j = k + 1
                while j < end && b[j] >= UInt8(ascii: "a") && b[j] <= UInt8(ascii: "z") { j += 1 }
                out.append((k..<j, .literal))
                k = j
            case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","),
                UInt8(ascii: ":"):
                flushPlain(k)
                out.append((k..<(k + 1), .punctuation))
                k += 1
            default:
                if plainStart == nil { plainStart = k }
                k += 1
            }
        }
        flushPlain(end)
        return out
    }

    static func xml(_ b: [UInt8], _ range: Range<Int>) -> [(Range<Int>, Token)] {
        var out: [(Range<Int>, Token)] = []
        var k = range.lowerBound
        let end = range.upperBound
        while k < end {
            if b[k] == UInt8(ascii: "<") {
                // A comment runs to `-->`.
                if k + 3 < end, b[k + 1] == UInt8(ascii: "!"), b[k + 2] == UInt8(ascii: "-"),
                    b[k + 3] == UInt8(ascii: "-")
                {
                    var j = k + 4
                    while j < end
                        && !(j + 2 < end && b[j] == UInt8(ascii: "-") && b[j + 1] == UInt8(ascii: "-")
                            && b[j + 2] == UInt8(ascii: ">"))
                    {
                        j += 1
                    }
                    j = min(j + 3, end)
                    out.append((k..<j, .comment))
                    k = j
                    continue
                }
                // The tag name, then attributes up to `>`.
                var j = k + 1
                while j < end && b[j] != 0x20 && b[j] != UInt8(ascii: ">") && b[j] != 0x09 { j += 1 }
                out.append((k..<j, .tag))
                k = j
                while k < end && b[k] != UInt8(ascii: ">") {
                    let c = b[k]
                    if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                        var q = k + 1
                        while q < end && b[q] != c { q += 1 }
                        q = min(q + 1, end)
                        out.append((k..<q, .string))
                        k = q
                    } else if c == 0x20 || c == 0x09 || c == UInt8(ascii: "=") || c == UInt8(ascii: "/")
                        || c == UInt8(ascii: "?")
                    {
                        out.append((k..<(k + 1), c == 0x20 || c == 0x09 ? .plain : .tag))
                        k += 1
                    } else {
                        var q = k + 1
                        while q < end && b[q] != UInt8(ascii: "=") && b[q] != 0x20 && b[q] != UInt8(ascii: ">")
                            && b[q] != UInt8(ascii: "/")
                        {
                            q += 1
                        }
                        out.append((k..<q, .attribute))
                        k = q
                    }
                }
                if k < end {
                    out.append((k..<(k + 1), .tag))
                    k += 1
                }
            } else {
                var j = k + 1
                while j < end && b[j] != UInt8(ascii: "<") { j += 1 }
                out.append((k..<j, .plain))
                k = j
            }
        }
        return out
    }

    /// A line of spans for `range` of `b`: token colours, with `highlights` (later ones win) patched over.
    static func line(
        _ b: [UInt8], _ range: Range<Int>, tokens: [(Range<Int>, Token)], highlights: [(Range<Int>, Style)]
    ) -> Line {
        var spans: [TextSpan] = []
        // Cut points: token bounds and highlight bounds inside the range.
        var cuts: Set<Int> = [range.lowerBound, range.upperBound]
        for (r, _) in tokens where r.overlaps(range) {
            cuts.insert(max(r.lowerBound, range.lowerBound))
            cuts.insert(min(r.upperBound, range.upperBound))
        }
        for (r, _) in highlights where r.overlaps(range) {
            cuts.insert(max(r.lowerBound, range.lowerBound))
            cuts.insert(min(r.upperBound, range.upperBound))
        }
        let points = cuts.sorted()
        var t = 0
        for (a, z) in zip(points, points.dropFirst()) where a < z {
            while t < tokens.count && tokens[t].0.upperBound <= a { t += 1 }
            var style = t < tokens.count && tokens[t].0.contains(a) ? RawSyntax.style(tokens[t].1) : .plain
            for (r, h) in highlights where r.contains(a) { style = style.patched(with: h) }
            spans.append(TextSpan(String(decoding: b[a..<z], as: UTF8.self), style: style))
        }
        return Line(spans)
    }
}
