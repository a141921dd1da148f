import StrataDocuments

/// A named set of overrides in session.json's `environments` (`staging`, `prod`): its base URL, headers, params and
/// auth replace the session's defaults when the environment is chosen (`--env NAME`, `v` in the explorer).
public struct SessionEnvironment: Sendable {
    /// The environment's name, unique in its session.
    public let name: String
    /// The base URL to use instead of the session's, when given.
    public let baseURL: Template?
    /// Headers that override (by name, ignoring case) or add to the session's.
    public let headers: [ParamSpec]
    /// Params that override (by name) or add to the session's.
    public let params: [ParamSpec]
    /// The auth to use instead of the session's, when given (a route's own auth still wins).
    public let auth: Auth?
    /// TLS trust, proxy, connect timeout and body limit instead of the session's, when the environment sets any of
    /// `tls`, `proxy`, `connectTimeout`, `maxBodyBytes` (the keys it leaves out keep the session's values).
    public let transport: TransportSettings?
    /// A note for people.
    public let description: String?
    /// The environment's object node in the session document.
    public let node: Tree.Index?

    /// Creates an environment; sessions are normally loaded from a file instead.
    public init(
        name: String, baseURL: Template? = nil, headers: [ParamSpec] = [], params: [ParamSpec] = [],
        auth: Auth? = nil, transport: TransportSettings? = nil, description: String? = nil, node: Tree.Index? = nil
    ) {
        self.name = name
        self.baseURL = baseURL
        self.headers = headers
        self.params = params
        self.auth = auth
        self.transport = transport
        self.description = description
        self.node = node
    }
}

extension Session {
    /// The environment called `name`, if the session has one.
    public func environment(named name: String) -> SessionEnvironment? { environments.first { $0.name == name } }

    /// This session with environment `name`'s overrides applied: its base URL, its headers and params over the
    /// session's (same name replaced in place, new ones added), its auth instead of the session's; nil for no
    /// environment gives the session's own defaults. Everything downstream (drafts, fixtures, export) sees an
    /// ordinary session.
    ///
    /// Throws when the session has no environment of that name, suggesting the nearest one.
    public func applying(environment name: String?) throws(RequestError) -> Session {
        var copy = self
        copy.baseURL = own.baseURL
        copy.headers = own.headers
        copy.params = own.params
        copy.auth = own.auth
        copy.transport = own.transport
        if let limit = maxBodyOverride { copy.transport.maxBodyBytes = limit }
        copy.activeEnvironment = nil
        guard let name else { return copy }
        guard let env = environment(named: name) else {
            let names = environments.map(\.name)
            let known =
                names.isEmpty
                ? "the session has no environments" : "environments: \(names.joined(separator: ", "))"
            throw RequestError("unknown environment '\(name)'\(Suggestion.didYouMean(name, in: names)) (\(known))")
        }
        copy.activeEnvironment = name
        if let url = env.baseURL { copy.baseURL = url }
        copy.headers = Session.override(own.headers, with: env.headers) { $0.name.lowercased() }
        copy.params = Session.override(own.params, with: env.params) { $0.name }
        if let auth = env.auth { copy.auth = auth }
        if let transport = env.transport { copy.transport = transport }
        if let limit = maxBodyOverride { copy.transport.maxBodyBytes = limit }
        return copy
    }

    /// `base` with each spec of `overrides` replacing the one of the same `key` in place, or appended.
    static func override(_ base: [ParamSpec], with overrides: [ParamSpec], key: (ParamSpec) -> String)
        -> [ParamSpec]
    {
        var out = base
        for spec in overrides {
            if let i = out.firstIndex(where: { key($0) == key(spec) }) { out[i] = spec } else { out.append(spec) }
        }
        return out
    }
}

/// The session's own defaults as loaded, which an environment overrides (kept so switching environments always
/// starts from them).
struct SessionDefaults: Sendable {
    var baseURL: Template
    var headers: [ParamSpec]
    var params: [ParamSpec]
    var auth: Auth?
    var transport = TransportSettings()
}
