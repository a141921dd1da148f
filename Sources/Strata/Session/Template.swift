/// A string value that may read the environment: `${env:NAME}` or `${env:NAME:-default}`.
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
    }

    /// The pieces in order.
    public let parts: [Part]
    /// The text as written in the session.
    public let text: String

    /// Parses `text`, or throws a message saying what is wrong with the `${...}` part.
    public init(parsing text: String) throws(TemplateError) {
        self.text = text
        var parts: [Part] = []
        for piece in try Template.pieces(of: text) {
            switch piece {
            case .literal(let s): parts.append(.literal(s))
            case .placeholder(let inner):
                guard inner.hasPrefix("env:") else {
                    throw TemplateError(
                        message:
                            "unknown substitution '${\(inner)}': only ${env:NAME} and ${env:NAME:-default} are supported"
                    )
                }
                parts.append(try Template.variable(inner))
            }
        }
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
    static func pieces(of text: String) throws(TemplateError) -> [Piece] {
        var pieces: [Piece] = []
        var literal = ""
        var rest = Substring(text)
        while let dollar = rest.range(of: "${") {
            literal += rest[..<dollar.lowerBound]
            let afterOpen = rest[dollar.upperBound...]
            guard let close = afterOpen.firstIndex(of: "}") else {
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

    /// Expands the template with `environment`; a variable that is unset and has no default expands to the empty
    /// string and is returned in `missing`.
    public func expand(_ environment: [String: String]) -> (value: String, missing: [String]) {
        var out = ""
        var missing: [String] = []
        for part in parts {
            switch part {
            case .literal(let s): out += s
            case .variable(let name, let fallback):
                if let v = environment[name] {
                    out += v
                } else if let fallback {
                    out += fallback
                } else {
                    missing.append(name)
                }
            }
        }
        return (out, missing)
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

    /// Creates an error.
    public init(message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
