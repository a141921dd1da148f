import StrataDocuments

/// Where a param goes in a request.
public enum ParamLocation: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Substituted for `{name}` in the route's path (percent-encoded).
    case path
    /// Added to the URL's query string.
    case query
    /// Sent as a request header.
    case header
    /// Sent in the request body, as form fields or JSON members (the route's `body`), or filling a `${name}` of
    /// the route's body template.
    case body
    /// Sent as a cookie in the `Cookie` header.
    case cookie

    /// The name as written in sessions (`path`, `query`, `header`, `body`, `cookie`).
    public var description: String { rawValue }

    /// Where a param without an explicit `in` goes for `method`: query for GET, HEAD, DELETE and OPTIONS, the body
    /// for POST, PUT and PATCH.
    public static func defaultLocation(for method: String) -> ParamLocation {
        switch method.uppercased() {
        case "POST", "PUT", "PATCH": .body
        default: .query
        }
    }
}

/// The JSON type a param's value had in the session, kept so JSON bodies send `1` as a number, not `"1"`.
public enum ParamValueKind: String, Sendable {
    /// A JSON string (the usual case).
    case string
    /// A JSON number.
    case number
    /// `true` or `false`.
    case bool
}

/// A param or header as declared in session.json: its default value and, optionally, where it goes.
///
/// Written as `"name": "value"` or `"name": { "value": "...", "in": "query", "required": true }`. A param object
/// may say `"name"` when the name sent is not its key, so one route can hold a path param and a query param that
/// OpenAPI both names `path`: `"query:path": { "name": "path", "in": "query" }`.
public struct ParamSpec: Sendable {
    /// The param's key in the session: its name unless ``sentName`` says otherwise (a header's name for headers).
    /// Edits, `-p` and the session's own checks name the param by it.
    public let name: String
    /// The name sent in the request when the session's `"name"` gives one different from the key.
    public let sentName: String?
    /// The default value, possibly reading the environment.
    public let value: Template
    /// The JSON type of the declared value.
    public let kind: ParamValueKind
    /// Where it goes when the session says so; nil means "decide from the path and the method".
    public let location: ParamLocation?
    /// True when a request must not be sent with this param empty.
    public let required: Bool
    /// A note for people, shown by `routes` and the explorer.
    public let description: String?
    /// The member node in the session document (for diagnostics).
    public let node: Tree.Index?

    /// Creates a spec; sessions are normally loaded from a file instead.
    public init(
        name: String, value: Template, kind: ParamValueKind = .string, location: ParamLocation? = nil,
        required: Bool = false, description: String? = nil, node: Tree.Index? = nil, sentName: String? = nil
    ) {
        self.name = name
        self.sentName = sentName
        self.value = value
        self.kind = kind
        self.location = location
        self.required = required
        self.description = description
        self.node = node
    }

    /// The name the request carries: ``sentName`` when the session gives one, else the key.
    public var wireName: String { sentName ?? name }
}
