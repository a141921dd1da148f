/// A piece of text in one style: the unit widgets compose lines from.
public struct TextSpan: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The text; it may contain anything, control characters are escaped when drawn.
    public var text: String
    /// The style the text is drawn in (patched over the cell's style).
    public var style: Style

    /// Creates a span.
    public init(_ text: String, style: Style = .plain) {
        self.text = text
        self.style = style
    }

    /// A plain span from a literal.
    public init(stringLiteral value: String) { self.init(value) }

    /// Columns the span takes when drawn.
    public var width: Int { DisplayWidth.of(text) }
}

/// Where a line sits in the width it is given.
public enum Alignment: Hashable, Sendable {
    /// Flush left.
    case left
    /// Centred (an odd leftover column goes to the right).
    case center
    /// Flush right.
    case right
}

/// A row of styled text: spans drawn one after another.
public struct Line: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The spans, left to right.
    public var spans: [TextSpan]
    /// A style under all spans (the spans' own styles are patched over it).
    public var style: Style
    /// Placement within the available width.
    public var alignment: Alignment

    /// Creates a line from spans.
    public init(_ spans: [TextSpan], style: Style = .plain, alignment: Alignment = .left) {
        self.spans = spans
        self.style = style
        self.alignment = alignment
    }

    /// A line of one span.
    public init(_ text: String, style: Style = .plain, alignment: Alignment = .left) {
        self.init([TextSpan(text, style: style)], alignment: alignment)
    }

    /// A plain line from a literal.
    public init(stringLiteral value: String) { self.init(value) }

    /// An empty line.
    public static let empty = Line([TextSpan]())

    /// Columns the line takes when drawn.
    public var width: Int { spans.reduce(0) { $0 + $1.width } }

    /// The text of all spans without styles.
    public var plainText: String { spans.map(\.text).joined() }

    /// This line with `span` appended.
    public func appending(_ span: TextSpan) -> Line {
        var copy = self
        copy.spans.append(span)
        return copy
    }

    /// This line in at most `room` columns, cut after the last whole word that fits and ended with `…` when cut
    /// (a single word wider than `room` is cut inside it).
    public func cutAtWord(room: Int) -> Line {
        guard width > room else { return self }
        guard room > 1 else { return Line(room == 1 ? "…" : "", style: style, alignment: alignment) }
        // The characters that fit before the `…`, each with its span.
        var kept: [(character: Character, span: Int)] = []
        var used = 0
        var next: Character? = nil
        outer: for (k, span) in spans.enumerated() {
            for character in span.text {
                let w = DisplayWidth.of(character)
                if used + w > room - 1 {
                    next = character
                    break outer
                }
                kept.append((character, k))
                used += w
            }
        }
        // Cut at the last space unless the next character starts a new word anyway.
        if next != " ", let space = kept.lastIndex(where: { $0.character == " " }) { kept.removeSubrange(space...) }
        while kept.last?.character == " " { kept.removeLast() }
        var out: [TextSpan] = []
        var current = -1
        for (character, k) in kept {
            if k != current {
                out.append(TextSpan("", style: spans[k].style))
                current = k
            }
            out[out.count - 1].text.append(character)
        }
        out.append(TextSpan("…", style: spans[kept.last?.span ?? 0].style))
        return Line(out, style: style, alignment: alignment)
    }

    /// This line with another alignment.
    public func aligned(_ alignment: Alignment) -> Line {
        var copy = self
        copy.alignment = alignment
        return copy
    }
}
