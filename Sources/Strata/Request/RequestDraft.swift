/// A route's request with the user's edits applied, whether or not it can be sent: every param with its value
/// and provenance, the request when it can be built, and the problems when it cannot.
///
/// This is the one place edits are applied. ``RequestBuilder/build(_:edits:)`` is a draft that throws its
/// problems, so `strata run`, `--curl`, `record` and the explorer's Request pane all see the same params: an
/// added param stays listed while a required one is empty, and a header edit finds its header ignoring case.
public struct RequestDraft: Sendable {
    /// The route.
    public let route: Route
    /// Every param: sent, left out when empty, or removed; each with its value and origin.
    public let params: [ResolvedParam]
    /// The request, when it can be built (``problems`` is empty).
    public let request: BuiltRequest?
    /// Why the request cannot be built, one sentence each, in the order found (edits first, then values).
    public let problems: [String]
    /// The value of each declared param as written in the session, before edits, by key.
    private let declared: [String: String]

    /// Applies `edits` in order to `route`'s params (session defaults, then route values) with `${env:...}`
    /// expanded from `environment` and `${response:ROUTE:QUERY}` read from `responses`.
    public init(
        session: Session, route: Route, edits: [ParamEdit], environment: [String: String],
        responses: any ResponseLookup = NoResponses()
    ) {
        self.init(
            builder: RequestBuilder(session: session, environment: environment, responses: responses), route: route,
            edits: edits)
    }

    /// Applies `edits` with `builder`'s session and environment.
    init(builder: RequestBuilder, route declaredRoute: Route, edits: [ParamEdit]) {
        let session = builder.session
        // An edited JSON body replaces the route's template; its placeholders decide where params go.
        var route = declaredRoute
        for case .body(let template) in edits {
            route = Route(
                name: route.name, method: route.method, path: route.path, params: route.params,
                headers: route.headers, body: .json, bodyTemplate: .json(template), auth: route.auth,
                contentType: route.contentType, description: route.description, mapNode: route.mapNode,
                errorMapNode: route.errorMapNode, node: route.node)
        }
        self.route = route
        declared = Dictionary(
            builder.declaredParams(route).map { ($0.key, $0.template) }, uniquingKeysWith: { first, _ in first })
        var chains = ChainResolver(session: session, responses: builder.responses, routeName: route.name)
        var params = builder.resolve(route, expand: true, chains: &chains)
        var problems: [String] = []
        var lookup = ParamLookup(params)
        for edit in edits {
            if case .body = edit { continue }
            let index = lookup.find(edit.name)
            switch edit {
            case .place(let name, let location):
                guard let index else {
                    problems.append("route '\(route.name)' has no param '\(name)' to move")
                    continue
                }
                if params[index].location == .path || location == .path {
                    problems.append(
                        params[index].location == .path
                            ? "param '\(name)' fills {\(name)} in the path of route '\(route.name)': it cannot be moved"
                            : "route '\(route.name)' has no {\(name)} in its path \(route.path)")
                    continue
                }
                if location == .header, !HTTPHeaders.isValidName(name) {
                    problems.append("'\(name)' is not a valid header name")
                    continue
                }
                lookup.move(index, of: params[index].name, from: params[index].location, to: location)
                params[index].location = location
                params[index].isSecret =
                    params[index].auth != nil || params[index].chainedSecret || session.isSecret(name, in: location)
                switch params[index].origin {
                case .auth, .response: break
                default: params[index].origin = .edited
                }
            case .body: break
            case .remove(let name):
                guard let index else { continue }
                if params[index].location == .path {
                    problems.append(
                        "param '\(name)' fills {\(name)} in the path of route '\(route.name)': it cannot be removed")
                    continue
                }
                params[index].status = .removed
                params[index].origin = .edited
            case .set(let name, let value, let location):
                if let index {
                    params[index].value = value
                    params[index].template = value
                    params[index].origin = .edited
                    params[index].missingVariables = []
                    params[index].auth = nil
                    params[index].secretParts = []
                    params[index].status = .sent
                    params[index].chainProblems = []
                    params[index].chainedSecret = false
                    RequestDraft.readChains(into: &params[index], &chains, &problems)
                    continue
                }
                let loc = location ?? ParamLocation.defaultLocation(for: route.method)
                if name.isEmpty {
                    problems.append("a param name is empty")
                    continue
                }
                if loc == .header, !HTTPHeaders.isValidName(name) {
                    problems.append("'\(name)' is not a valid header name")
                } else if loc == .path {
                    problems.append("route '\(route.name)' has no {\(name)} in its path \(route.path)")
                }
                // Listed even when it is a problem, so the user sees the row to fix.
                var added = ResolvedParam(
                    name: name, value: value, template: value, location: loc, origin: .added, kind: .string,
                    required: false, isSecret: session.isSecret(name, in: loc), status: .sent, missingVariables: [],
                    description: nil)
                RequestDraft.readChains(into: &added, &chains, &problems)
                lookup.add(params.count, name: name, location: loc)
                params.append(added)
            }
        }
        // Optional params left empty are not sent; required and path params must have a value (unless the value is
        // empty only because an environment variable is missing, which a live send reports instead).
        for i in params.indices where params[i].status != .removed {
            let p = params[i]
            problems += p.chainProblems
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
                if p.missingVariables.isEmpty, p.chainProblems.isEmpty {
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
        guard problems.isEmpty else {
            self.params = params
            self.problems = problems
            request = nil
            return
        }
        let base = session.baseURL.expand(builder.environment)
        var missing = base.missing.map { MissingVariable(name: $0, usedBy: "the base URL") }
        for p in params where p.status != .removed {
            for name in p.missingVariables {
                missing.append(
                    MissingVariable(name: name, usedBy: "\(p.location == .header ? "header" : "param") '\(p.name)'"))
            }
        }
        chains.startReading("the body")
        let parts = RequestAssembly(
            method: route.method, baseURL: base.value, pathTemplate: route.pathTemplate, params: params,
            encoding: route.body,
            template: route.bodyTemplate, environment: builder.environment, directory: session.directory,
            routeName: route.name, chains: chains)
        self.params = params
        self.problems = parts.problems
        guard parts.problems.isEmpty else {
            request = nil
            return
        }
        for name in parts.missingVariables { missing.append(MissingVariable(name: name, usedBy: "the body")) }
        request = BuiltRequest(
            routeName: route.name, method: route.method, url: parts.url, path: parts.path, headers: parts.headers,
            body: parts.body, contentType: parts.contentType, params: params, timeout: session.timeout,
            transport: session.transport, missingVariables: missing, baseURL: base.value, pathTemplate: route.path,
            bodyEncoding: route.body, bodyTemplate: route.bodyTemplate, environment: builder.environment,
            sessionDirectory: session.directory, chainedSecrets: parts.chains.secrets)
    }

    /// Reads the chained values of edited value `param.value` (`${response:…}`; other text stays as typed) through
    /// `chains`: the value with them filled in, or a problem when one is malformed.
    private static func readChains(
        into param: inout ResolvedParam, _ chains: inout ChainResolver, _ problems: inout [String]
    ) {
        let template: Template?
        do {
            template = try Template.chained(in: param.value)
        } catch {
            problems.append("the value of \(param.location == .header ? "header" : "param") '\(param.name)': \(error)")
            return
        }
        guard let template else { return }
        chains.startReading("\(param.location == .header ? "header" : "param") '\(param.name)'")
        param.value = template.expand([:], chains: &chains).value
        param.chained(from: chains)
    }

    /// The declared (default) value of param `name` (its key) as written in the session, or nil for a param the
    /// route does not declare.
    public func declaredTemplate(_ name: String) -> String? { declared[name] }

    /// Why the request cannot be built, as one error; nil when it can.
    public var error: RequestError? {
        problems.isEmpty ? nil : RequestError(problems.joined(separator: "; "))
    }

    /// The method and URL as shown (secrets as `<redacted>`), or the method and path template when the request
    /// cannot be built.
    public var title: String {
        if let request {
            let shown = request.redacted()
            return "\(shown.method) \(shown.url)"
        }
        return "\(route.method) \(route.path)"
    }
}

/// Where an edit's param is among a draft's params: the first with that key (a param's key is its name unless the
/// session gives it another), else the first of that exact name, else the first header of that name in any case
/// (HTTP header names ignore case). Kept up to date as edits add and move params, so applying many edits is not a
/// scan of every param per edit.
private struct ParamLookup {
    private var byKey: [String: Int] = [:]
    private var byName: [String: Int] = [:]
    /// Header positions by lower-cased name, in order.
    private var headers: [String: [Int]] = [:]

    init(_ params: [ResolvedParam]) {
        for (i, p) in params.enumerated() { add(i, name: p.name, key: p.key, location: p.location) }
    }

    /// The position of the param edit `name` applies to, if any.
    func find(_ name: String) -> Int? {
        byKey[name] ?? byName[name] ?? headers[name.lowercased()]?.first
    }

    /// Records param `i`, appended with `name` (and `key`) at `location`.
    mutating func add(_ i: Int, name: String, key: String? = nil, location: ParamLocation) {
        if let key, byKey[key] == nil { byKey[key] = i }
        if byName[name] == nil { byName[name] = i }
        if location == .header { headers[name.lowercased(), default: []].append(i) }
    }

    /// Records that param `i` moves from `old` to `new`.
    mutating func move(_ i: Int, of name: String, from old: ParamLocation, to new: ParamLocation) {
        guard (old == .header) != (new == .header) else { return }
        let key = name.lowercased()
        if new == .header {
            var list = headers[key, default: []]
            list.insert(i, at: list.firstIndex { $0 > i } ?? list.endIndex)
            headers[key] = list
        } else {
            headers[key]?.removeAll { $0 == i }
        }
    }
}
