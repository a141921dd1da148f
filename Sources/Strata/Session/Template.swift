import StrataDocuments

/// A string value that may read the environment (`${env:NAME}` or `${env:NAME:-default}`) or the latest response of
/// another route (`${response:ROUTE:QUERY}`, a ``ChainedValue``).
///
/// Everything else in the text is literal; a `$` that does not start `${` stays as it is. Templates are parsed
/// when a session loads (so a malformed one is a load error with its position) and expanded each time a request
/// is built, so secrets stay in the environment and never need to be written in the file.
public struct Template: Sendable, Equatable, CustomStringConvertible {
    /// One piece of a template.
    public enum Part: Sendable, Equatable {
        /// Text used as written.
        case literal(String)
        /// An environment variable, with the value to use when it is not set.
        case variable(name: String, default: String?)
        /// A value from the latest response of another route.
        case response(ChainedValue)
    }

    /// The pieces in order.
    public let parts: [Part]
    /// The text as written in the session.
    public let text: String

    /// Parses `text`, or throws a message saying what is wrong with the `${...}` part.
    public init(parsing text: String) throws(TemplateError) {
        self.text = text
        self.parts = try Template.parts(of: text) { inner throws(TemplateError) in
            guard inner.hasPrefix("env:") else {
                throw TemplateError(
                    message:
                        "unknown substitution '${\(inner)}': only ${env:NAME}, ${env:NAME:-default} and "
                        + "${response:ROUTE:QUERY} are supported"
                )
            }
            return try Template.variable(inner)
        }
    }

    /// The chained values of `text` as a template, everything else (other `${…}` included) literal: how an edited
    /// value is read, so a value typed in the explorer or given with `--param` can take `${response:ROUTE:QUERY}`.
    /// Nil when `text` holds no `${response:`.
    static func chained(in text: String) throws(TemplateError) -> Template? {
        guard text.contains("${" + ChainedValue.prefix) else { return nil }
        return Template(text: text, parts: try parts(of: text) { inner in .literal("${\(inner)}") })
    }

    /// The parts of `text`: literals, `${response:…}` chained values, and what `other` makes of any other `${…}`.
    private static func parts(
        of text: String, other: (String) throws(TemplateError) -> Part
    ) throws(TemplateError) -> [Part] {
        var parts: [Part] = []
        for piece in try Template.pieces(of: text) {
            switch piece {
            case .literal(let s): parts.append(.literal(s))
            case .placeholder(let inner) where inner.hasPrefix(ChainedValue.prefix):
                parts.append(.response(try ChainedValue(placeholder: inner)))
            case .placeholder(let inner): parts.append(try other(inner))
            }
        }
        return parts
    }

    private init(text: String, parts: [Part]) {
        self.text = text
        self.parts = parts
    }

    /// A piece of text split at its `${…}` placeholders.
    enum Piece: Equatable {
        /// Text outside any placeholder (runs are never empty and never adjacent).
        case literal(String)
        /// The text inside `${` and `}`.
        case placeholder(String)
    }

    /// Splits `text` into literal runs and the insides of its `${…}` placeholders: the one scanner for session
    /// templates and body templates. A `$` that does not start `${` is literal; an unclosed `${` is an error.
    /// Inside `${response:…}`, a `}` within a quoted string of the query does not close the placeholder.
    static func pieces(of text: String) throws(TemplateError) -> [Piece] {
        var pieces: [Piece] = []
        var literal = ""
        var rest = Substring(text)
        while let dollar = rest.range(of: "${") {
            literal += rest[..<dollar.lowerBound]
            let afterOpen = rest[dollar.upperBound...]
            guard let close = Template.closingBrace(afterOpen) else {
                throw TemplateError(message: "'${' is not closed with '}' in \(JSONString.quote(text))")
            }
            if !literal.isEmpty {
                pieces.append(.literal(literal))
                literal = ""
            }
            pieces.append(.placeholder(String(afterOpen[..<close])))
            rest = afterOpen[afterOpen.index(after: close)...]
        }
        literal += rest
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        return pieces
    }

    /// The `}` that closes a placeholder whose inside starts `text`: the first one, or in a `response:` placeholder
    /// the first outside the query's quoted strings (`'…'` or `"…"`, with `\` escapes).
    static func closingBrace(_ text: Substring) -> Substring.Index? {
        guard text.hasPrefix(ChainedValue.prefix) else { return text.firstIndex(of: "}") }
        var quote: Character? = nil
        var escaped = false
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            if let q = quote {
                if escaped {
                    escaped = false
                } else if c == "\\" {
                    escaped = true
                } else if c == q {
                    quote = nil
                }
            } else if c == "'" || c == "\"" {
                quote = c
            } else if c == "}" {
                return i
            }
            i = text.index(after: i)
        }
        return nil
    }

    /// The variable of an `env:NAME` or `env:NAME:-default` placeholder's inside, or an error naming it.
    static func variable(_ inner: String) throws(TemplateError) -> Part {
        let body = inner.dropFirst(4)
        let name: Substring
        var fallback: String? = nil
        if let sep = body.range(of: ":-") {
            name = body[..<sep.lowerBound]
            fallback = String(body[sep.upperBound...])
        } else {
            name = body
        }
        guard Template.isVariableName(name) else {
            throw TemplateError(
                message: "'\(name)' in '${\(inner)}' is not an environment variable name (letters, digits, _)")
        }
        return .variable(name: String(name), default: fallback)
    }

    /// A template of plain text with no substitutions.
    public init(literal text: String) {
        self.text = text
        self.parts = text.isEmpty ? [] : [.literal(text)]
    }

    /// True when the template reads at least one environment variable.
    public var readsEnvironment: Bool {
        parts.contains { if case .variable = $0 { true } else { false } }
    }

    /// The names of the variables the template reads, in order.
    public var variableNames: [String] {
        parts.compactMap { if case .variable(let name, _) = $0 { name } else { nil } }
    }

    /// The values it takes from other routes' responses, in order.
    public var chainedValues: [ChainedValue] {
        parts.compactMap { if case .response(let chained) = $0 { chained } else { nil } }
    }

    /// Expands the template with `environment`; a variable that is unset and has no default expands to the empty
    /// string and is returned in `missing`. A chained value has no response to read here: it expands to the empty
    /// string (requests are built with ``expand(_:chains:)``, which reads responses and reports what fails).
    public func expand(_ environment: [String: String]) -> (value: String, missing: [String]) {
        var chains = ChainResolver()
        return expand(environment, chains: &chains)
    }

    /// Expands the template with `environment`, each chained value read through `chains` (which collects its
    /// problems and secrets).
    func expand(_ environment: [String: String], chains: inout ChainResolver) -> (value: String, missing: [String]) {
        var out = ""
        var missing: [String] = []
        for part in parts {
            switch part {
            case .literal(let s): out += s
            case .variable(let name, let fallback):
                Template.append(name, fallback: fallback, from: environment, to: &out, missing: &missing)
            case .response(let chained):
                out += chains.resolve(chained)?.text ?? ""
            }
        }
        return (out, missing)
    }

    /// Appends the value of `${env:NAME}` (or its `:-fallback`) from `environment` to `out`, or adds NAME to
    /// `missing` when it has neither.
    static func append(
        _ name: String, fallback: String?, from environment: [String: String], to out: inout String,
        missing: inout [String]
    ) {
        if let value = environment[name] ?? fallback {
            out += value
        } else {
            missing.append(name)
        }
    }

    /// The text as written.
    public var description: String { text }

    static func isVariableName(_ s: Substring) -> Bool {
        guard let f = s.unicodeScalars.first, f == "_" || ("A"..."Z").contains(f) || ("a"..."z").contains(f) else {
            return false
        }
        return s.unicodeScalars.allSatisfy {
            $0 == "_" || ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0)
        }
    }
}

/// What is wrong with a template's `${...}` part.
public struct TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The problem, phrased for a person.
    public var message: String
    /// Where in the placeholder's inside the problem is, when known: the inside (`response:login:$.x[`) and a
    /// Unicode scalar offset into it (an invalid query's column).
    var place: (inner: String, offset: Int)? = nil

    /// Creates an error.
    public init(message: String) { self.message = message }

    /// Creates an error at scalar `offset` of placeholder inside `inner`.
    init(message: String, inner: String, offset: Int) {
        self.message = message
        place = (inner, offset)
    }

    /// The UTF-8 offset of the problem in `text`, the template it was found in, when it is known.
    public func utf8Offset(in text: String) -> Int? {
        guard let place, let start = text.range(of: "${" + place.inner) else { return nil }
        let before = text.utf8.distance(from: text.startIndex, to: start.lowerBound) + 2
        let inner = place.inner.unicodeScalars
        let k = inner.index(inner.startIndex, offsetBy: min(place.offset, inner.count))
        return before + place.inner.utf8.distance(from: place.inner.startIndex, to: k)
    }

    /// Compares messages.
    public static func == (a: TemplateError, b: TemplateError) -> Bool { a.message == b.message }

    /// The message.
    public var description: String { message }
}
