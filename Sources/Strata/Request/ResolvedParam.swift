/// One param of a built request: its final value, where it goes, and where that value came from.
public struct ResolvedParam: Sendable, Equatable {
    /// Where a value came from, from weakest to strongest.
    public enum Origin: Sendable, Equatable, CustomStringConvertible {
        /// The session's `params` or `headers`.
        case session
        /// The active environment's `params` or `headers` (`--env NAME`, `v` in the explorer), over the session's.
        case environment
        /// The route's `params` or `headers`.
        case route
        /// The user changed a declared param.
        case edited
        /// The user added a param the route does not declare.
        case added
        /// The session's, environment's or route's `auth`.
        case auth
        /// A declared value (session, route or auth) that reads `${response:ROUTE:QUERY}`: the first value it takes
        /// from another route's latest response.
        case response(route: String, query: String)

        /// `session default`, `environment`, `route default`, `edited`, `added`, `auth`, `from login $.token`.
        public var description: String {
            switch self {
            case .session: "session default"
            case .environment: "environment"
            case .route: "route default"
            case .edited: "edited"
            case .added: "added"
            case .auth: "auth"
            case .response(let route, let query): "from \(route) \(query)"
            }
        }

        /// `session`, `environment`, `route`, `edited`, `added`, `auth`, `response`: the origin's kind, as JSON output names it.
        public var name: String {
            switch self {
            case .session: "session"
            case .environment: "environment"
            case .route: "route"
            case .edited: "edited"
            case .added: "added"
            case .auth: "auth"
            case .response: "response"
            }
        }

        /// The origin called `name` (see ``name``); a `response` origin needs the `route` and `query` it read.
        public init?(name: String, route: String? = nil, query: String? = nil) {
            switch name {
            case "session": self = .session
            case "environment": self = .environment
            case "route": self = .route
            case "edited": self = .edited
            case "added": self = .added
            case "auth": self = .auth
            case "response":
                guard let route, let query else { return nil }
                self = .response(route: route, query: query)
            default: return nil
            }
        }
    }

    /// Whether the param is part of the request.
    public enum Status: String, Sendable {
        /// It is sent.
        case sent
        /// It is optional and empty, so it is left out.
        case empty
        /// The user removed it.
        case removed
    }

    /// The param's name, as the request carries it.
    public var name: String
    /// The param's key in the session when it is not its name (a param object's `"name"`), else nil.
    public var sessionKey: String? = nil
    /// The value sent, with `${env:...}` expanded.
    public var value: String
    /// The value as written (before expansion), safe to show.
    public var template: String
    /// Where it goes.
    public var location: ParamLocation
    /// Where its value came from.
    public var origin: Origin
    /// Its JSON type in the session (used for JSON bodies).
    public var kind: ParamValueKind
    /// True when it may not be empty.
    public var required: Bool
    /// True when the session's `redact` names it: shown and recorded as `<redacted>`.
    public var isSecret: Bool
    /// Whether it is sent.
    public var status: Status
    /// Environment variables its value reads that are not set (and have no default).
    public var missingVariables: [String]
    /// A note for people, from the session.
    public var description: String?
    /// The auth scheme the value comes from, for params with origin ``Origin/auth``.
    public var auth: Auth? = nil
    /// Parts of the value that are secret by themselves (an auth token or password), expanded.
    var secretParts: [String] = []
    /// Why chained values (`${response:…}`) the value reads could not be read; the request is not built while the
    /// param is sent.
    var chainProblems: [String] = []
    /// True when a chained value the value reads is secret (its field is redacted), so the param stays secret
    /// wherever it is placed.
    var chainedSecret = false

    /// What edits name the param by: its key in the session (its name unless the session gives another).
    public var key: String { sessionKey ?? name }

    /// The text shown for the value: `<redacted>` for secrets.
    public var displayValue: String { isSecret ? ResolvedParam.redacted : value }

    /// The placeholder written for secret values.
    public static let redacted = "<redacted>"
}

/// An environment variable a request needs but that is not set.
public struct MissingVariable: Sendable, Equatable, CustomStringConvertible {
    /// The variable's name.
    public var name: String
    /// What reads it: `param 'api_key'`, `header 'Authorization'`, `the base URL`.
    public var usedBy: String

    /// Creates an entry.
    public init(name: String, usedBy: String) {
        self.name = name
        self.usedBy = usedBy
    }

    /// `SHOP_KEY (needed by param 'api_key')`.
    public var description: String { "\(name) (needed by \(usedBy))" }
}
