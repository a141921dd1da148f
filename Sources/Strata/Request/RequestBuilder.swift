import Foundation

/// Builds the request for a route: session defaults, then the route's own values, then the user's edits.
///
/// `${env:...}` templates are expanded from `environment` at build time. A variable that is unset and has no
/// default expands to the empty string and is listed in `BuiltRequest.missingVariables`: mock sends work without
/// secrets, and live sends refuse such a request with a message naming the variable and the route.
public struct RequestBuilder: Sendable {
    /// The session the routes belong to.
    public let session: Session
    /// The environment templates read.
    public let environment: [String: String]

    /// Creates a builder reading `environment` (the process environment by default).
    public init(session: Session, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.session = session
        self.environment = environment
    }

    /// The params of `route` before edits, without expanding templates: what `routes` lists and the explorer's
    /// param editor starts from.
    public func declaredParams(_ route: Route) -> [ResolvedParam] {
        resolve(route, expand: false)
    }

    /// Builds the request for `route` with `edits` applied in order.
    ///
    /// Throws when a required param (or a path param) would be empty, or an edit removes a path param.
    public func build(_ route: Route, edits: [ParamEdit] = []) throws(RequestError) -> BuiltRequest {
        var params = resolve(route, expand: true)
        for edit in edits {
            let index =
                params.firstIndex { $0.name == edit.name }
                ?? params.firstIndex { $0.location == .header && $0.name.lowercased() == edit.name.lowercased() }
            switch edit {
            case .remove(let name):
                guard let index else { continue }
                if params[index].location == .path {
                    throw RequestError(
                        "param '\(name)' fills {\(name)} in the path of route '\(route.name)': it cannot be removed")
                }
                params[index].status = .removed
                params[index].origin = .edited
            case .set(let name, let value, let location):
                if let index {
                    params[index].value = value
                    params[index].template = value
                    params[index].origin = .edited
                    params[index].missingVariables = []
                    params[index].status = .sent
                } else {
                    guard !name.isEmpty else { throw RequestError("a param name is empty") }
                    let loc = location ?? ParamLocation.defaultLocation(for: route.method)
                    if loc == .header, !HTTPHeaders.isValidName(name) {
                        throw RequestError("'\(name)' is not a valid header name")
                    }
                    if loc == .path {
                        throw RequestError("route '\(route.name)' has no {\(name)} in its path \(route.path)")
                    }
                    params.append(
                        ResolvedParam(
                            name: name, value: value, template: value, location: loc, origin: .added, kind: .string,
                            required: false, isSecret: session.isSecret(name, in: loc), status: .sent,
                            missingVariables: [],
                            description: nil))
                }
            }
        }
        // Optional params left empty are not sent; required and path params must have a value (unless the value is
        // empty only because an environment variable is missing, which a live send reports instead).
        var problems: [String] = []
        for i in params.indices where params[i].status != .removed {
            let p = params[i]
            if p.location == .header, !HTTPHeaders.isValidValue(p.value) {
                // The value is never repeated: it may be a secret.
                problems.append(
                    "header '\(p.name)' of route '\(route.name)' contains a line break or NUL, which a header cannot carry"
                )
            }
            guard p.value.isEmpty else {
                params[i].status = .sent
                continue
            }
            if p.location == .path || p.required {
                if p.missingVariables.isEmpty {
                    problems.append(
                        p.location == .path
                            ? "path param '\(p.name)' of route '\(route.name)' is empty"
                            : "param '\(p.name)' of route '\(route.name)' is required but empty")
                }
                params[i].status = .sent
            } else {
                params[i].status = .empty
            }
        }
        if !problems.isEmpty { throw RequestError(problems.joined(separator: "; ")) }
        let base = session.baseURL.expand(environment)
        var missing = base.missing.map { MissingVariable(name: $0, usedBy: "the base URL") }
        for p in params where p.status != .removed {
            for name in p.missingVariables {
                missing.append(
                    MissingVariable(name: name, usedBy: "\(p.location == .header ? "header" : "param") '\(p.name)'"))
            }
        }
        let parts = RequestAssembly(
            method: route.method, baseURL: base.value, pathTemplate: route.path, params: params, encoding: route.body)
        return BuiltRequest(
            routeName: route.name, method: route.method, url: parts.url, path: parts.path, headers: parts.headers,
            body: parts.body, contentType: parts.contentType, params: params, timeout: session.timeout,
            missingVariables: missing, baseURL: base.value, pathTemplate: route.path, bodyEncoding: route.body)
    }

    /// Session specs overridden by route specs of the same name (headers by name ignoring case), in the order:
    /// route params, remaining session params, session headers, route headers.
    func resolve(_ route: Route, expand: Bool) -> [ResolvedParam] {
        func key(_ spec: ParamSpec, _ location: ParamLocation) -> String {
            location == .header ? "header:" + spec.name.lowercased() : "param:" + spec.name
        }
        func location(_ spec: ParamSpec) -> ParamLocation {
            if let l = spec.location { return l }
            return route.placeholders.contains(spec.name) ? .path : ParamLocation.defaultLocation(for: route.method)
        }
        func resolved(_ spec: ParamSpec, _ origin: ResolvedParam.Origin) -> ResolvedParam {
            let expanded = expand ? spec.value.expand(environment) : (value: spec.value.text, missing: [String]())
            return ResolvedParam(
                name: spec.name, value: expanded.value, template: spec.value.text, location: location(spec),
                origin: origin, kind: spec.kind, required: spec.required,
                isSecret: session.isSecret(spec.name, in: location(spec)),
                status: .sent, missingVariables: expanded.missing, description: spec.description)
        }
        let routeKeys = Set((route.params + route.headers).map { key($0, location($0)) })
        var out: [ResolvedParam] = []
        for spec in route.params { out.append(resolved(spec, .route)) }
        for spec in session.params where !routeKeys.contains(key(spec, location(spec))) {
            out.append(resolved(spec, .session))
        }
        for spec in session.headers where !routeKeys.contains(key(spec, .header)) {
            out.append(resolved(spec, .session))
        }
        for spec in route.headers { out.append(resolved(spec, .route)) }
        return out
    }
}
