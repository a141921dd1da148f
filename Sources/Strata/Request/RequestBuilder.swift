import Foundation

/// Builds the request for a route: session defaults, then the route's own values, then the user's edits.
///
/// `${env:...}` templates are expanded from `environment` at build time. A variable that is unset and has no
/// default expands to the empty string and is listed in `BuiltRequest.missingVariables`: mock sends work without
/// secrets, and live sends refuse such a request with a message naming the variable and the route.
///
/// `${response:ROUTE:QUERY}` values are read from `responses` (each route's latest response); one that cannot be
/// read (no response yet, a query selecting none or several nodes) is a problem of the draft, so the request is
/// not built.
public struct RequestBuilder: Sendable {
    /// The session the routes belong to.
    public let session: Session
    /// The environment templates read.
    public let environment: [String: String]
    /// The latest responses chained values read.
    public let responses: any ResponseLookup

    /// Creates a builder reading `environment` (the process environment by default) and, for chained values,
    /// `responses` (none by default).
    public init(
        session: Session, environment: [String: String] = ProcessInfo.processInfo.environment,
        responses: any ResponseLookup = NoResponses()
    ) {
        self.session = session
        self.environment = environment
        self.responses = responses
    }

    /// The params of `route` before edits, without expanding templates: what `routes` lists and the explorer's
    /// param editor starts from.
    public func declaredParams(_ route: Route) -> [ResolvedParam] {
        var chains = ChainResolver()
        return resolve(route, expand: false, chains: &chains)
    }

    /// Builds the request for `route` with `edits` applied in order: the ``RequestDraft``, or its problems.
    ///
    /// Throws when a required param (or a path param) would be empty, or an edit removes a path param.
    public func build(_ route: Route, edits: [ParamEdit] = []) throws(RequestError) -> BuiltRequest {
        let draft = draft(route, edits: edits)
        guard let request = draft.request else { throw draft.error ?? RequestError("the request is incomplete") }
        return request
    }

    /// The request for `route` with `edits` applied, whether or not it can be sent.
    public func draft(_ route: Route, edits: [ParamEdit] = []) -> RequestDraft {
        RequestDraft(builder: self, route: route, edits: edits)
    }

    /// Session specs overridden by route specs sending the same name (headers by name ignoring case), in the order:
    /// route params, remaining session params, session headers, route headers. Chained values are read through
    /// `chains` (when expanding); a param that reads one gets its origin, and is secret when the value is.
    func resolve(_ route: Route, expand: Bool, chains: inout ChainResolver) -> [ResolvedParam] {
        func key(_ spec: ParamSpec, _ location: ParamLocation) -> String {
            location == .header ? "header:" + spec.wireName.lowercased() : "param:" + spec.wireName
        }
        let bodyNames = Set(route.bodyTemplate?.paramNames ?? [])
        let placeholders = Set(route.placeholders)
        func location(_ spec: ParamSpec) -> ParamLocation {
            if let l = spec.location { return l }
            if placeholders.contains(spec.wireName) { return .path }
            return bodyNames.contains(spec.name) ? .body : ParamLocation.defaultLocation(for: route.method)
        }
        func resolved(_ spec: ParamSpec, _ origin: ResolvedParam.Origin) -> ResolvedParam {
            let place = location(spec)
            chains.startReading("\(place == .header ? "header" : "param") '\(spec.name)'")
            let expanded =
                expand ? spec.value.expand(environment, chains: &chains) : (value: spec.value.text, missing: [String]())
            var param = ResolvedParam(
                name: spec.wireName, sessionKey: spec.sentName == nil ? nil : spec.name, value: expanded.value,
                template: spec.value.text, location: place, origin: origin, kind: spec.kind, required: spec.required,
                isSecret: session.isSecret(spec.wireName, in: place),
                status: .sent, missingVariables: expanded.missing, description: spec.description)
            param.chained(from: chains)
            return param
        }
        let routeKeys = Set((route.params + route.headers).map { key($0, location($0)) })
        // What the active environment set (over the session's own defaults) is labelled as coming from it.
        let active = session.activeEnvironment.flatMap { session.environment(named: $0) }
        let fromEnvironment = Set(active?.params.map(\.name) ?? [])
        let headersFromEnvironment = Set(active?.headers.map { $0.name.lowercased() } ?? [])
        var out: [ResolvedParam] = []
        for spec in route.params { out.append(resolved(spec, .route)) }
        for spec in session.params where !routeKeys.contains(key(spec, location(spec))) {
            out.append(resolved(spec, fromEnvironment.contains(spec.name) ? .environment : .session))
        }
        for spec in session.headers where !routeKeys.contains(key(spec, .header)) {
            out.append(
                resolved(spec, headersFromEnvironment.contains(spec.name.lowercased()) ? .environment : .session))
        }
        for spec in route.headers { out.append(resolved(spec, .route)) }
        // Auth last, replacing a param or header of the same name where it goes.
        if let auth = route.auth ?? session.auth {
            chains.startReading("auth '\(auth.paramName)'")
            let expanded =
                expand ? auth.expand(environment, chains: &chains) : (value: auth.template, missing: [String]())
            let same = { (p: ResolvedParam) in
                p.location == auth.location
                    && (auth.location == .header
                        ? p.name.lowercased() == auth.paramName.lowercased() : p.name == auth.paramName)
            }
            out.removeAll(where: same)
            var param = ResolvedParam(
                name: auth.paramName, value: expanded.value, template: auth.template, location: auth.location,
                origin: .auth, kind: .string, required: true, isSecret: true, status: .sent,
                missingVariables: expanded.missing, description: nil, auth: auth,
                secretParts: expand ? auth.secretValues(environment, chains: &chains) : [])
            param.chained(from: chains)
            out.append(param)
        }
        return out
    }
}

extension ResolvedParam {
    /// Takes what `chains` read for this param's value: the origin of its first chained value, secrecy when a
    /// chained value is secret, and whether one could not be read.
    mutating func chained(from chains: ChainResolver) {
        guard let first = chains.read.first else { return }
        if origin != .edited, origin != .added { origin = .response(route: first.route, query: first.query.text) }
        chainedSecret = chains.readSecret
        if chainedSecret { isSecret = true }
        chainProblems = chains.readProblems
    }
}
