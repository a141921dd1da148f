import Foundation
import StrataDocuments
import StrataMapping

/// Reading and validating session.json.
extension Session {
    /// The keys allowed at the top of session.json.
    static let topKeys =
        [
            "name", "description", "baseURL", "timeout", "headers", "params", "redact", "auth", "environments",
            "routes", "mappings", "parsers", "serve", "history",
        ] + Session.transportKeys
    /// The keys allowed in an environment.
    static let environmentKeys = ["description", "baseURL", "headers", "params", "auth"] + Session.transportKeys
    /// The keys allowed in each `auth` type.
    static let authKeys: [String: [String]] = [
        "bearer": ["type", "token"], "basic": ["type", "user", "password"], "apiKey": ["type", "name", "in", "value"],
    ]
    /// The keys allowed in a route's `body` object (one of the three kinds, plus `contentType` for `raw`).
    static let bodyKeys = ["json", "raw", "multipart", "contentType"]
    /// The keys allowed in a route.
    static let routeKeys = [
        "name", "description", "method", "path", "params", "headers", "auth", "body", "contentType", "map",
        "errorMap", "expect",
    ]
    /// The keys allowed in a param written as an object.
    static let paramKeys = ["value", "in", "required", "description", "name"]

    /// Loads a session from its directory or its session.json, reporting every problem with `file:line:col`.
    ///
    /// Unknown keys are errors everywhere except inside `mappings` and route `map` values, which belong to the
    /// mapping component and are validated there.
    public static func load(from path: String) throws(SessionError) -> Session {
        let (session, problems) = loadReportingProblems(from: path)
        guard let session, problems.isEmpty else { throw SessionError(problems) }
        return session
    }

    /// Builds a session from the bytes of a session.json named `file` in `directory`.
    public static func parse(_ bytes: [UInt8], file: String, directory: String) throws(SessionError) -> Session {
        let (session, problems) = parseReportingProblems(bytes, file: file, directory: directory)
        guard let session, problems.isEmpty else { throw SessionError(problems) }
        return session
    }

    /// Loads what can be loaded and lists every problem: `check` uses the routes of a session with problems to
    /// go on checking its fixtures. The session is nil only when the file is unreadable or not a JSON object.
    public static func loadReportingProblems(from path: String) -> (Session?, [Diagnostic]) {
        let (file, directory) = location(of: path)
        guard let data = FileManager.default.contents(atPath: file) else {
            let why =
                !FileManager.default.fileExists(atPath: path)
                ? "no such file or directory"
                : FileManager.default.fileExists(atPath: file)
                    ? "cannot be read" : "the directory has no session.json"
            return (nil, [Diagnostic(file: file, line: 1, column: 1, message: "cannot load session: \(why)")])
        }
        return parseReportingProblems([UInt8](data), file: file, directory: directory)
    }

    /// The session file and the session directory `path` names: a directory and its `session.json`, or a file and
    /// the folder holding it (`.` for a bare file name).
    static func location(of path: String) -> (file: String, directory: String) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return (join(path, "session.json"), path)
        }
        let parent = (path as NSString).deletingLastPathComponent
        return (path, parent.isEmpty ? "." : parent)
    }

    /// Parses what can be parsed and lists every problem, in file order.
    static func parseReportingProblems(_ bytes: [UInt8], file: String, directory: String) -> (Session?, [Diagnostic]) {
        let tree: Tree
        do {
            tree = try JSONParser().parse(bytes)
        } catch {
            return (nil, [Diagnostic(file: file, error: error)])
        }
        var loader = SessionLoader(reader: DocumentReader(tree: tree, file: file))
        let session = loader.load(file: file, directory: directory)
        let sorted = loader.reader.diagnostics.enumerated().sorted {
            ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset)
        }
        return (session, sorted.map(\.element))
    }
}

/// The validation pass over a parsed session.json.
struct SessionLoader {
    var reader: DocumentReader
    var tree: Tree { reader.tree }
    /// The session folder (multipart files are looked up in it).
    var directory = "."
    /// Every `${response:ROUTE:QUERY}` read so far, with the string it is in: checked against the route names once
    /// the routes are read.
    var chainedValues: [(value: ChainedValue, node: Tree.Index)] = []

    mutating func load(file: String, directory: String) -> Session? {
        self.directory = directory
        guard let top = reader.members(of: Tree.root, known: Session.topKeys, what: "the session") else { return nil }
        var name = (directory as NSString).lastPathComponent
        if let n = top["name"], let s = reader.string(n, "'name'") { name = s }
        var description: String? = nil
        if let n = top["description"] { description = reader.string(n, "'description'") }
        var baseURL = Template(literal: "")
        if let n = top["baseURL"], let s = reader.string(n, "'baseURL'") {
            baseURL = template(s, at: n, allowsChains: false)
        }
        var timeout = Session.defaultTimeout
        if let n = top["timeout"], let t = reader.number(n, "'timeout'") {
            if t <= 0 {
                reader.error("'timeout' must be more than 0 seconds", at: n)
            } else if t > Session.maximumTimeout {
                reader.error(
                    "'timeout' must be at most \(Int(Session.maximumTimeout)) seconds (a day), found \(tree.scalarText(n))",
                    at: n)
            } else {
                timeout = t
            }
        }
        let headers = top["headers"].map { headerSpecs($0, what: "session headers") } ?? []
        let params = top["params"].map { paramSpecs($0, what: "session params") } ?? []
        let auth = top["auth"].flatMap { self.auth($0, what: "the session's 'auth'") }
        let transport = transportSettings(top, directory: directory)
        let environments =
            top["environments"].map { self.environments($0, directory: directory, transport: transport) } ?? []
        var redact: [String] = []
        if let n = top["redact"], reader.expectArray(n, "'redact'") {
            for item in tree.children(n) {
                if let s = reader.string(item, "each 'redact' entry") { redact.append(s) }
            }
        }
        var routes: [Route] = []
        if let n = top["routes"] {
            if reader.expectArray(n, "'routes'") {
                var seen: [String: Tree.Index] = [:]
                for (k, item) in tree.children(n).enumerated() {
                    guard
                        let route = self.route(
                            item, number: k + 1, sessionParams: params,
                            environmentParams: environments.flatMap(\.params))
                    else { continue }
                    if let first = seen[route.name] {
                        let nameNode = tree.node(at: TreePath([.key("name")]), from: item) ?? item
                        reader.error(
                            "duplicate route name '\(route.name)' (first at \(reader.position(of: first)))",
                            at: nameNode)
                        continue
                    }
                    seen[route.name] = item
                    routes.append(route)
                }
            }
        } else {
            reader.error("the session has no 'routes' array", at: Tree.root)
        }
        checkChainedRoutes(routes.map(\.name))
        let parsers = top["parsers"].map { externalParsers($0, directory: directory) } ?? []
        let loaded = Session.loadMappings(
            reader: reader, mappingsNode: top["mappings"], routes: routes, directory: directory)
        var session = Session(
            document: tree, file: file, directory: directory, name: name, baseURL: baseURL, timeout: timeout,
            headers: headers, params: params, auth: auth, environments: environments, activeEnvironment: nil,
            own: SessionDefaults(
                baseURL: baseURL, headers: headers, params: params, auth: auth, transport: transport),
            redactList: RedactList(redact), routes: routes, mappingsNode: top["mappings"],
            mappings: loaded.set, mapper: Mapper(mappings: loaded.set), routeMappings: loaded.routes,
            routeErrorMappings: loaded.errorRoutes, mappingDiagnostics: loaded.allDiagnostics,
            mappingSetDiagnostics: loaded.setDiagnostics,
            routeMappingDiagnostics: loaded.routeDiagnostics, description: description,
            serve: top["serve"].map { serveSettings($0) } ?? ServeSettings(), parsers: parsers)
        session.transport = transport
        if let n = top["history"] { session.history = historySettings(n) }
        session.trust = SessionTrust(of: session)
        return session
    }

    /// Reads `parsers`: `{ "csv": { "command": ["python3", "tools/csv2json.py"], "produces": "json" } }`.
    mutating func externalParsers(_ node: Tree.Index, directory: String) -> [ExternalParser] {
        guard tree.kind(node) == .object else {
            reader.error("'parsers' must be an object of parsers by name, found \(tree.describe(node))", at: node)
            return []
        }
        let builtIn = ParserRegistry.standard
        var out: [ExternalParser] = []
        for p in tree.children(node) {
            let name = tree.key(p) ?? ""
            guard let m = reader.members(of: p, known: ExternalParser.keys, what: "parser '\(name)'") else { continue }
            if builtIn.parser(named: name) != nil {
                reader.error("parser '\(name)' is built in; give the external parser another name", atKeyOf: p)
                continue
            }
            guard let c = m["command"] else {
                reader.error("parser '\(name)' has no \"command\" (the program and its arguments)", at: p)
                continue
            }
            guard let command = reader.strings(c, "the command of parser '\(name)'") else { continue }
            guard !command.isEmpty, !command[0].isEmpty else {
                reader.error("the command of parser '\(name)' is empty: name the program first", at: c)
                continue
            }
            guard let pn = m["produces"], let produces = reader.string(pn, "produces of parser '\(name)'") else {
                if m["produces"] == nil {
                    reader.error(
                        "parser '\(name)' has no \"produces\" (the format its output is in: json, xml…)", at: p)
                }
                continue
            }
            guard builtIn.parser(named: produces) != nil else {
                reader.error(
                    "parser '\(name)' produces '\(produces)', which Strata cannot read (formats: "
                        + builtIn.names.joined(separator: ", ") + ")", at: pn)
                continue
            }
            var timeout = ExternalParser.defaultTimeout
            if let t = m["timeout"], let v = reader.number(t, "the timeout of parser '\(name)'") {
                if v > 0, v <= 3600 {
                    timeout = v
                } else {
                    reader.error("a parser timeout must be 0 < seconds ≤ 3600", at: t)
                }
            }
            var mediaTypes = ["text/\(name)", "application/\(name)"]
            if let t = m["mediaTypes"], let v = reader.strings(t, "the mediaTypes of parser '\(name)'") {
                mediaTypes = v.map { $0.lowercased() }
            }
            out.append(
                ExternalParser(
                    name: name, command: command, produces: produces, mediaTypes: mediaTypes, timeout: timeout,
                    directory: directory))
        }
        return out
    }

    /// The template `text` at `node`; a problem with it is recorded and the text is used as written. A base URL
    /// (`allowsChains` false) may not read another route's response.
    mutating func template(_ text: String, at node: Tree.Index, allowsChains: Bool = true) -> Template {
        do {
            let template = try Template(parsing: text)
            if let chained = template.chainedValues.first, !allowsChains {
                reader.error(
                    "a base URL cannot take a value from a response (\(chained)): put it in a param or header", at: node
                )
                return Template(literal: text)
            }
            chainedValues += template.chainedValues.map { ($0, node) }
            return template
        } catch {
            reader.error(error.message, at: node, inString: error.utf8Offset(in: text))
            return Template(literal: text)
        }
    }

    /// Records a problem for each chained value naming a route that is not in `routes`.
    mutating func checkChainedRoutes(_ routes: [String]) {
        let known = Set(routes)
        for (chained, node) in chainedValues where !known.contains(chained.route) {
            reader.error(
                "\(chained) reads the response of route '\(chained.route)', which the session does not have"
                    + "\(Suggestion.didYouMean(chained.route, in: routes))", at: node)
        }
    }

    /// Reads route object `node`, the `number`-th in `routes` (counted by the caller: counting siblings here made
    /// loading quadratic in the number of routes); nil when it is too broken to use (its problems are recorded).
    mutating func route(
        _ node: Tree.Index, number: Int, sessionParams: [ParamSpec], environmentParams: [ParamSpec] = []
    ) -> Route? {
        let label = "route #\(number)"
        var what = label
        if tree.kind(node) == .object, let n = tree.node(at: TreePath([.key("name")]), from: node),
            let s = tree.string(n)
        {
            what = "route '\(s)'"
        }
        guard let m = reader.members(of: node, known: Session.routeKeys, what: what) else { return nil }
        var name: String? = nil
        if let n = m["name"], let s = reader.string(n, "the name of \(label)") {
            if s.isEmpty { reader.error("the name of \(label) is empty", at: n) } else { name = s }
        } else if m["name"] == nil {
            reader.error("\(label) has no 'name'", at: node)
        }
        var method = "GET"
        if let n = m["method"], let s = reader.method(n, of: what) { method = s }
        var path: String? = nil
        var placeholders: [String] = []
        if let n = m["path"], let s = reader.string(n, "'path' of \(what)") {
            if !s.hasPrefix("/") {
                reader.error("the path of \(what) must start with '/' (it is appended to the base URL)", at: n)
            }
            do {
                placeholders = try Route.placeholders(in: s)
                path = s
            } catch {
                reader.error(error.message, at: n)
            }
        } else if m["path"] == nil {
            reader.error("\(what) has no 'path'", at: node)
        }
        let params = m["params"].map { paramSpecs($0, what: "params of \(what)") } ?? []
        let headers = m["headers"].map { headerSpecs($0, what: "headers of \(what)") } ?? []
        var body = BodyEncoding.form
        var bodyTemplate: BodyTemplate? = nil
        if let n = m["body"] {
            if tree.kind(n) == .object {
                bodyTemplate = self.bodyTemplate(
                    n, of: what, params: params + sessionParams + environmentParams)
            } else if let s = reader.string(n, "'body' of \(what)") {
                if let b = BodyEncoding(rawValue: s), b == .form || b == .json {
                    body = b
                } else {
                    reader.error(
                        "'body' of \(what) must be \"form\", \"json\" or an object with \"json\", \"raw\" or "
                            + "\"multipart\", found \(JSONString.quote(s))", at: n)
                }
            }
        }
        let auth = m["auth"].flatMap { self.auth($0, what: "'auth' of \(what)") }
        var contentType: String? = nil
        if let n = m["contentType"], let s = reader.string(n, "'contentType' of \(what)") { contentType = s }
        var description: String? = nil
        if let n = m["description"] { description = reader.string(n, "'description' of \(what)") }
        // Every placeholder needs a param, and a param placed in the path needs a placeholder.
        if let path, let pathNode = m["path"] {
            for p in placeholders {
                // The param that fills {p}: one sending that name in the path (or saying nowhere), else the first.
                func filling(_ specs: [ParamSpec]) -> ParamSpec? {
                    specs.first { $0.wireName == p && ($0.location == nil || $0.location == .path) }
                        ?? specs.first { $0.wireName == p }
                }
                if let spec = filling(params) ?? filling(sessionParams) {
                    if let loc = spec.location, loc != .path, let specNode = spec.node {
                        reader.error(
                            "param '\(spec.name)' fills {\(p)} in the path of \(what) but says \"in\": \"\(loc)\"",
                            atKeyOf: specNode)
                    }
                } else {
                    reader.error(
                        "path placeholder {\(p)} in \(what) has no param; add \"\(p)\" to the route's params",
                        at: pathNode)
                }
            }
            for spec in params where spec.location == .path && !placeholders.contains(spec.wireName) {
                if let specNode = spec.node {
                    reader.error(
                        "param '\(spec.name)' of \(what) says \"in\": \"path\" but the path \(JSONString.quote(path)) has no {\(spec.wireName)}",
                        atKeyOf: specNode)
                }
            }
            // Two params may share a name only where they go to different places (OpenAPI keys them by both).
            // (Only a `"name"` can make two keys send one name, so sessions without one are not looked at.)
            var sending: [String: ParamSpec] = [:]
            let renames = params.contains { $0.sentName != nil }
            for spec in params where renames {
                let place =
                    spec.location
                    ?? (placeholders.contains(spec.wireName) ? .path : ParamLocation.defaultLocation(for: method))
                let key = "\(place):" + (place == .header ? spec.wireName.lowercased() : spec.wireName)
                if let first = sending[key], let specNode = spec.node {
                    reader.error(
                        "params '\(first.name)' and '\(spec.name)' of \(what) both send \(JSONString.quote(spec.wireName)) in the \(place); give one another \"name\" or \"in\"",
                        atKeyOf: specNode)
                } else {
                    sending[key] = spec
                }
            }
        }
        let expectations = m["expect"].flatMap {
            self.expectations($0, of: what, mapsResponses: m["map"] != nil || m["errorMap"] != nil)
        }
        guard let name, let path else { return nil }
        return Route(
            name: name, method: method, path: path, params: params, headers: headers, body: body,
            bodyTemplate: bodyTemplate, auth: auth, contentType: contentType, description: description,
            mapNode: m["map"], errorMapNode: m["errorMap"], expectations: expectations, node: node)
    }

    /// Reads a `params` object: each member a string, number or bool, or `{ "value", "in", "required" }`.
    mutating func paramSpecs(_ node: Tree.Index, what: String) -> [ParamSpec] {
        var specs: [ParamSpec] = []
        for (name, member) in reader.namedMembers(of: node, what: what, noun: "param") ?? [] {
            if name.isEmpty {
                reader.error("a param name in \(what) is empty", atKeyOf: member)
                continue
            }
            if let spec = paramSpec(name: name, member, what: what) { specs.append(spec) }
        }
        return specs
    }

    mutating func paramSpec(name: String, _ member: Tree.Index, what: String) -> ParamSpec? {
        if let (value, kind) = reader.scalarValue(member) {
            return ParamSpec(name: name, value: template(value, at: member), kind: kind, node: member)
        }
        guard tree.kind(member) == .object else {
            reader.error(
                "param '\(name)' in \(what) must be a string or { \"value\": ..., \"in\": ... }, found \(tree.describe(member))",
                at: member)
            return nil
        }
        guard let m = reader.members(of: member, known: Session.paramKeys, what: "param '\(name)'") else {
            return nil
        }
        var value = Template(literal: "")
        var kind = ParamValueKind.string
        if let n = m["value"] {
            if let (v, k) = reader.scalarValue(n) {
                value = template(v, at: n)
                kind = k
            } else {
                reader.error(
                    "'value' of param '\(name)' must be a string, number or bool, found \(tree.describe(n))",
                    at: n)
            }
        }
        var location: ParamLocation? = nil
        if let n = m["in"], let s = reader.string(n, "'in' of param '\(name)'") {
            if let loc = ParamLocation(rawValue: s) {
                location = loc
            } else {
                reader.error(
                    "'in' of param '\(name)' must be one of path, query, header, body, cookie; found \(JSONString.quote(s))",
                    at: n)
            }
        }
        var sentName: String? = nil
        if let n = m["name"], let s = reader.string(n, "'name' of param '\(name)'") {
            if s.isEmpty {
                reader.error("'name' of param '\(name)' is empty: give the name the request carries", at: n)
            } else if s != name {
                sentName = s
            }
        }
        if location == .header, !HTTPHeaders.isValidName(sentName ?? name) {
            reader.error(
                "param '\(name)' goes in a header but \(JSONString.quote(sentName ?? name)) is not a valid header name",
                atKeyOf: member)
        }
        if location == .header, !HTTPHeaders.isValidValue(value.text), let n = m["value"] {
            reader.error(
                "the value of header param '\(name)' contains a line break or NUL, which a header cannot carry", at: n)
        }
        var required = false
        if let n = m["required"], let b = reader.bool(n, "'required' of param '\(name)'") { required = b }
        var description: String? = nil
        if let n = m["description"] { description = reader.string(n, "'description' of param '\(name)'") }
        return ParamSpec(
            name: name, value: value, kind: kind, location: location, required: required, description: description,
            node: member, sentName: sentName)
    }

    /// Reads a `headers` object of name: string.
    mutating func headerSpecs(_ node: Tree.Index, what: String) -> [ParamSpec] {
        var specs: [ParamSpec] = []
        for (name, member) in reader.namedMembers(of: node, what: what, noun: "header", identity: { $0.lowercased() })
            ?? []
        {
            guard HTTPHeaders.isValidName(name) else {
                reader.error("'\(name)' in \(what) is not a valid header name", atKeyOf: member)
                continue
            }
            guard let value = reader.string(member, "header '\(name)' in \(what)") else { continue }
            if !HTTPHeaders.isValidValue(value) {
                reader.error(
                    "header '\(name)' in \(what) contains a line break or NUL, which a header cannot carry", at: member)
                continue
            }
            specs.append(ParamSpec(name: name, value: template(value, at: member), location: .header, node: member))
        }
        return specs
    }
}
