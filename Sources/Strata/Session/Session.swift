import StrataDocuments
import StrataMapping

/// An API session: a base URL, defaults applied to every request, named routes and (for the mapping component)
/// class mappings, loaded from a directory holding `session.json` and a `fixtures/` folder.
///
/// ```swift
/// let session = try Session.load(from: "Sessions/shop")
/// let request = try RequestBuilder(session: session).build(session.route(named: "product")!)
/// ```
public struct Session: Sendable {
    /// The parsed session.json, with byte positions for diagnostics.
    public let document: Tree
    /// The session file's path, as the user named it (a directory given gets `/session.json` appended).
    public let file: String
    /// The session directory (the folder holding session.json and `fixtures/`).
    public let directory: String
    /// The session's name (from the file, or the directory's name).
    public let name: String
    /// The base URL template every route's path is appended to; empty when the session has none.
    public internal(set) var baseURL: Template
    /// Seconds to wait for a live response (default 30).
    public let timeout: Double
    /// Headers sent with every request, in file order.
    public internal(set) var headers: [ParamSpec]
    /// Params sent with every request, in file order; routes override them by name.
    public internal(set) var params: [ParamSpec]
    /// How every request authenticates (a route's own `auth` wins), or nil.
    public internal(set) var auth: Auth?
    /// The named environments, in file order.
    public let environments: [SessionEnvironment]
    /// The environment whose overrides are applied (``applying(environment:)``), or nil for the session's own.
    public internal(set) var activeEnvironment: String?
    /// The base URL, headers, params and auth as written at the top of the file, before any environment.
    let own: SessionDefaults
    /// Param and header names whose values are shown and recorded as `<redacted>` (matched ignoring case).
    public var redact: [String] { redactList.names }
    /// The `redact` list, for lookups.
    let redactList: RedactList
    /// The routes, in file order.
    public let routes: [Route]
    /// The node of the top-level `mappings` value, interpreted by the mapping component.
    public let mappingsNode: Tree.Index?
    /// The class mappings read from `mappings` (empty when there are none).
    public let mappings: MappingSet
    /// A mapper for `mappings`, compiled once when the session is loaded and used for every response.
    public let mapper: Mapper
    /// Each route's `map`, by route name, for routes that have one.
    public let routeMappings: [String: RouteMapping]
    /// Each route's `errorMap` (what responses with a status of 400 or more map to), by route name.
    public let routeErrorMappings: [String: RouteMapping]
    /// Mistakes in `mappings` and in the routes' `map` and `errorMap` values, with file:line:col.
    public let mappingDiagnostics: [Diagnostic]
    /// Mistakes in `mappings` alone, each with the class it is about.
    let mappingSetDiagnostics: [ClassDiagnostic]
    /// Mistakes in each route's `map` and `errorMap`, by route name, in file order.
    let routeMappingDiagnostics: [String: [Diagnostic]]
    /// A note for people.
    public let description: String?
    /// How `strata serve` answers: its `serve` block (CORS).
    public let serve: ServeSettings
    /// TLS trust, proxy, connect timeout and body limit for live sends (`tls`, `proxy`, `connectTimeout`,
    /// `maxBodyBytes`); a command's `--max-body` replaces the limit.
    public var transport = TransportSettings()
    /// A body limit given on the command line (`--max-body`): it replaces every environment's and the session's.
    public var maxBodyOverride: Int? = nil {
        didSet { if let maxBodyOverride { transport.maxBodyBytes = maxBodyOverride } }
    }
    /// How much history the session keeps (`history`): the last 200 entries and 500 MB unless it says otherwise.
    public var history = HistorySettings()
    /// External parsers the session declares (`parsers`): programs that turn a body into a format Strata reads.
    /// They run only when the session ``isTrusted``.
    public var parsers: [ExternalParser] = []
    /// What trusting the session allows (the programs it names, the environment variables it reads into requests)
    /// and the fingerprint trust is recorded against; worked out when the session is loaded.
    public internal(set) var trust = SessionTrust.none
    /// Whether the user trusts the session (``TrustStore/applied(to:)`` sets it): until then its ``parsers`` are not
    /// run, and front ends ask before a live send carries an environment variable to an address session.json
    /// chose (``environmentExposure(of:)``). False for a session just loaded.
    public var isTrusted = false

    /// The default timeout in seconds.
    public static let defaultTimeout: Double = 30
    /// The longest `timeout` a session may set, in seconds (a day); larger values overflow the clock.
    public static let maximumTimeout: Double = 86_400

    /// The folder where fixtures live: `DIRECTORY/fixtures`.
    public var fixturesDirectory: String { Session.join(directory, "fixtures") }

    /// The route called `name`, if there is one.
    public func route(named name: String) -> Route? { routes.first { $0.name == name } }

    /// How the responses of `route` are mapped, or nil when the route has no `map`.
    public func mapping(for route: Route) -> RouteMapping? { routeMappings[route.name] }

    /// True when values of the param or header `name` must be hidden in output and fixtures.
    public func isRedacted(_ name: String) -> Bool { redactList.contains(name) }

    /// True when the value of param or header `name` placed in `location` is secret: the `redact` list names it,
    /// or it is a credential header (`Authorization`, `Cookie`, `Proxy-Authorization`).
    public func isSecret(_ name: String, in location: ParamLocation) -> Bool {
        isRedacted(name) || (location == .header && CredentialNames.isCredentialHeader(name))
    }

    /// True when the value of `name` in `location` is kept out of what leaves the process: it is secret
    /// (``isSecret(_:in:)``), or its name looks like a credential (``CredentialNames/looksSecret(_:in:)``).
    public func keepsSecret(_ name: String, in location: ParamLocation) -> Bool {
        isSecret(name, in: location) || CredentialNames.looksSecret(name, in: location)
    }

    /// `a/b` from `a` and `b`, without doubling a slash.
    static func join(_ directory: String, _ name: String) -> String {
        if directory.isEmpty { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
