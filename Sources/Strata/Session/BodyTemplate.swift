import StrataDocuments

/// A route's body as written in its `body` object: a JSON value, raw text or multipart fields, with `${param}`
/// placeholders that the params' values fill in when the request is built.
public enum BodyTemplate: Sendable, Equatable {
    /// `{ "json": … }`: any JSON value; strings may hold placeholders.
    case json(JSONBodyTemplate)
    /// `{ "raw": "…", "contentType": "text/csv" }`: text with placeholders, sent with that content type.
    case raw(text: [BodyPart], contentType: String)
    /// `{ "multipart": { "title": "${title}", "file": "@fixtures/upload.png" } }`: form fields and files.
    case multipart([MultipartField])

    /// The content type of raw bodies without a `contentType`.
    public static let defaultRawContentType = "text/plain; charset=utf-8"

    /// The names of the params its placeholders read, each once, in order.
    public var paramNames: [String] {
        var names: [String] = []
        visitParts { parts in
            for case .param(let name, _) in parts where !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// The environment variables it reads (`${env:NAME}`), each once, in order.
    public var variableNames: [String] {
        var names: [String] = []
        visitParts { parts in
            for case .variable(let name, _) in parts where !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// Calls `body` with the parts of every string with placeholders: JSON strings, the raw text, multipart text.
    func visitParts(_ body: ([BodyPart]) -> Void) {
        switch self {
        case .json(let value): value.visitStrings(body)
        case .raw(let text, _): body(text)
        case .multipart(let fields):
            for field in fields { if case .text(let parts) = field.value { body(parts) } }
        }
    }

    /// The encoding it sends.
    public var encoding: BodyEncoding {
        switch self {
        case .json: .json
        case .raw: .raw
        case .multipart: .multipart
        }
    }
}

/// A JSON value of a body template.
public indirect enum JSONBodyTemplate: Sendable, Equatable {
    /// An object, members in order.
    case object([(key: String, value: JSONBodyTemplate)])
    /// An array.
    case array([JSONBodyTemplate])
    /// A number, `true`, `false` or `null`, as written.
    case literal(String)
    /// A string, possibly with placeholders; a string that is exactly one placeholder becomes the param's value
    /// in its type (`"${qty:int}"` → `2`).
    case string([BodyPart])

    /// Calls `body` with the parts of every string, depth first.
    func visitStrings(_ body: ([BodyPart]) -> Void) {
        var stack = [self]
        while let value = stack.popLast() {
            switch value {
            case .object(let members): stack += members.reversed().map(\.value)
            case .array(let items): stack += items.reversed()
            case .literal: break
            case .string(let parts): body(parts)
            }
        }
    }

    /// Compares two templates.
    public static func == (a: JSONBodyTemplate, b: JSONBodyTemplate) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let x), .array(let y)): x == y
        case (.literal(let x), .literal(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        default: false
        }
    }
}

/// One multipart field: a name and text or a file from the session folder.
public struct MultipartField: Sendable, Equatable {
    /// The field's value.
    public enum Value: Sendable, Equatable {
        /// Text, possibly with placeholders.
        case text([BodyPart])
        /// `@path`: a file inside the session folder, sent with its name and a content type from its extension.
        case file(String)
    }

    /// The form field's name.
    public var name: String
    /// Its value.
    public var value: Value

    /// Creates a field.
    public init(name: String, value: Value) {
        self.name = name
        self.value = value
    }
}

/// A piece of a body template string.
public enum BodyPart: Sendable, Equatable {
    /// Text used as written.
    case literal(String)
    /// `${name}` or `${name:type}`: the value of param `name`.
    case param(name: String, type: PlaceholderType?)
    /// `${env:NAME}` or `${env:NAME:-default}`: an environment variable.
    case variable(name: String, default: String?)
    /// `${response:ROUTE:QUERY}`: a value from the latest response of another route; as the whole of a JSON string,
    /// it keeps its JSON type.
    case response(ChainedValue)

    /// Splits `text` at its `${…}` placeholders, or throws saying which one is malformed.
    public static func parse(_ text: String) throws(TemplateError) -> [BodyPart] {
        var parts: [BodyPart] = []
        for piece in try Template.pieces(of: text) {
            switch piece {
            case .literal(let s): parts.append(.literal(s))
            case .placeholder(let inner) where inner.hasPrefix(ChainedValue.prefix):
                parts.append(.response(try ChainedValue(placeholder: inner)))
            case .placeholder(let inner) where inner.hasPrefix("env:"):
                if case .variable(let name, let fallback) = try Template.variable(inner) {
                    parts.append(.variable(name: name, default: fallback))
                }
            case .placeholder(let inner):
                var name = Substring(inner)
                var type: PlaceholderType? = nil
                if let colon = inner.firstIndex(of: ":") {
                    name = inner[..<colon]
                    let typeName = String(inner[inner.index(after: colon)...])
                    guard let t = PlaceholderType(rawValue: typeName) else {
                        let names = PlaceholderType.allCases.map(\.rawValue)
                        throw TemplateError(
                            message: "unknown type '\(typeName)' in '${\(inner)}'"
                                + "\(Suggestion.didYouMean(typeName, in: names)) (types: \(names.joined(separator: ", ")))"
                        )
                    }
                    type = t
                }
                guard !name.isEmpty else {
                    throw TemplateError(message: "empty placeholder '${\(inner)}' in \(JSONString.quote(text))")
                }
                parts.append(.param(name: String(name), type: type))
            }
        }
        return parts
    }
}

/// The type a body placeholder gives its param's value: `${qty:int}`.
public enum PlaceholderType: String, Sendable, CaseIterable {
    /// A JSON string (the default for text values).
    case string
    /// A whole number.
    case int
    /// Any JSON number.
    case number
    /// `true` or `false`.
    case bool
    /// A raw JSON fragment, inserted as written (it must parse).
    case json
}
