import StrataDocuments

/// Something the mapping found about the data: a missing field, a type mismatch, a bad date, an unmapped field.
///
/// One line reads `error typeMismatch $.bookstore.catalogue[2].copies Article.copies: expected int, found string
/// "x1" — …`; `jsonText()` gives the same as a JSON object for `--json`.
public struct MappingIssue: Sendable, Equatable, CustomStringConvertible {
    /// How serious an issue is.
    public typealias Severity = Diagnostic.Severity

    /// What kind of issue it is.
    public enum Kind: String, Sendable, CaseIterable {
        /// A required property has no matching field.
        case missingField
        /// The field holds a different type than the property expects.
        case typeMismatch
        /// A required property's field is null.
        case valueNull
        /// A date that does not read in the configured format, or does not exist.
        case badDate
        /// The route's key path leads nowhere.
        case keyPathNotFound
        /// A class is named that the mappings do not define (or a discriminator value selects none).
        case unknownClass
        /// JSON:API: a relationship's target resource is not in the document.
        case missingInclude
        /// JSON:API: the document breaks the specification.
        case jsonapiInvalid
        /// A field present in the data that no property consumed.
        case unmappedField
        /// A value converted safely from another type (`"24.56"` read as a double).
        case coerced
        /// Data nested deeper than the mapper follows.
        case tooDeep
    }

    /// How serious it is: errors and warnings mark values, info is for the record.
    public var severity: Severity
    /// What kind of issue it is.
    public var kind: Kind
    /// The parsed node the issue is about (nil when there is none, e.g. a default).
    public var node: Tree.Index?
    /// The node's path in the source (`$.bookstore.catalogue[2].copies`); the root is `$`.
    public var path: String
    /// The class property concerned (`Article.copies`), when there is one.
    public var property: String?
    /// What the property expects (`int`, `date in format M/d/yyyy`).
    public var expected: String?
    /// What was found: a type and a short raw fragment (`string "x1"`).
    public var found: String?
    /// What is wrong, in words a person can act on.
    public var message: String
    /// The mapped value the issue marks, when there is one.
    public var value: MappedValue.ID?

    /// Creates an issue.
    public init(
        severity: Severity, kind: Kind, node: Tree.Index?, path: String, property: String?, expected: String?,
        found: String?, message: String, value: MappedValue.ID?
    ) {
        self.severity = severity
        self.kind = kind
        self.node = node
        self.path = path
        self.property = property
        self.expected = expected
        self.found = found
        self.message = message
        self.value = value
    }

    /// `severity kind path property: message` on one line.
    public var description: String {
        var s = severity.rawValue + " " + kind.rawValue + " " + path
        if let property { s += " " + property }
        return s + ": " + message
    }

    /// The issue as a JSON object: severity, kind, path, property, expected, found, message.
    public func jsonText() -> String {
        var s = "{\"severity\":\(JSONString.quote(severity.rawValue)),\"kind\":\(JSONString.quote(kind.rawValue))"
        s += ",\"path\":\(JSONString.quote(path))"
        s += ",\"property\":" + (property.map(JSONString.quote) ?? "null")
        s += ",\"expected\":" + (expected.map(JSONString.quote) ?? "null")
        s += ",\"found\":" + (found.map(JSONString.quote) ?? "null")
        s += ",\"message\":\(JSONString.quote(message))}"
        return s
    }
}
