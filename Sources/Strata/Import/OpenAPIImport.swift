import Foundation
import StrataDocuments

/// `strata import openapi`: a session from an OpenAPI 3.0 or 3.1 document, or a Swagger 2.0 one (JSON or YAML): a
/// route per operation, secrets from the environment, mappings drafted from the schemas and fixtures from the
/// examples.
public enum OpenAPIImport {
    /// Imports the spec at `path` as a session named `name` (default: the spec's title).
    public static func session(path: String, name: String? = nil) throws(ImportError) -> ImportResult {
        try session(ImportDocument.read(path), name: name)
    }

    /// Imports a spec already in memory, named `file` in messages (relative `$ref` files are read beside it).
    public static func session(_ bytes: [UInt8], file: String, name: String? = nil) throws(ImportError)
        -> ImportResult
    {
        try session(ImportDocument.parse(bytes, file: file), name: name)
    }

    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    static func session(_ spec: ImportDocument, name: String?) throws(ImportError) -> ImportResult {
        var main = spec
        guard main.root.isObject else {
            throw ImportError("\(main.location(main.root.offset)): not an OpenAPI document (not an object)")
        }
        var converted: [String] = []
        if let swagger = main.root["swagger"] {
            guard swagger.scalarText == "2.0" else {
                throw ImportError(
                    "\(main.location(swagger.offset)): Swagger \(swagger.scalarText ?? "?") is not supported "
                        + "(2.0, OpenAPI 3.0 and 3.1 are)")
            }
            let conversion = SwaggerConversion.openAPI(main)
            main.root = conversion.root
            converted = conversion.notes
        }
        let root = main.root
        guard let version = root["openapi"]?.scalarText else {
            throw ImportError("\(main.location(root.offset)): not an OpenAPI document (no \"openapi\" version)")
        }
        guard version.hasPrefix("3.") else {
            throw ImportError(
                "\(main.location(root["openapi"]!.offset)): OpenAPI \(version) is not supported (3.0 and 3.1 are)")
        }
        var state = State(docs: OpenAPIDocuments(main: main))
        let title = root["info"]?["title"]?.string ?? "api"
        state.draft = SessionDraft(name: name ?? title)
        if let d = root["info"]?["description"]?.string { state.draft.description = firstLine(d) }
        let envWords = ImportNaming.words(name ?? title).prefix(2).joined(separator: " ")
        state.prefix = envWords.isEmpty ? "API" : envWords
        state.baseURL(root["servers"]?.items.first)
        state.security(root)
        state.components()
        for (path, item) in root["paths"]?.members ?? [] {
            let resolvedItem = state.docs.resolve(item).value
            for (method, operation) in resolvedItem.members where methods.contains(method) {
                if method == "trace" {
                    state.notCarried.append(
                        "\(state.docs.location(operation)): TRACE \(path) left out (Strata does not send TRACE)")
                    continue
                }
                state.operation(path: path, method: method.uppercased(), operation, item: resolvedItem)
            }
        }
        if let hooks = root["webhooks"], !hooks.members.isEmpty {
            state.notCarried.append(
                "\(state.docs.location(hooks)): \(hooks.members.count) webhooks left out (they are requests the API sends)"
            )
        }
        state.draft.mappings = state.mappings.classes
        var made = state.made
        made.insert(
            "\(Counted.text(state.draft.routes.count, "route")), "
                + "\(Counted.text(state.mappings.classes.count, "mapping class", "mapping classes")), "
                + Counted.text(state.draft.fixtures.reduce(0) { $0 + $1.pairs.count }, "fixture pair"), at: 0)
        if spec.root["swagger"] != nil { made.insert("read as OpenAPI 3.0 from Swagger 2.0", at: 1) }
        return ImportResult(
            files: state.draft.files, made: made, notCarried: converted + state.docs.notCarried + state.notCarried)
    }

    /// The first line of `s` that is not empty, trimmed; found in its UTF-8 bytes, since Kubernetes' thousands of
    /// paragraph-long descriptions made splitting them into lines by characters a tenth of an import.
    static func firstLine(_ s: String) -> String {
        let bytes = s.utf8
        let newline = UInt8(ascii: "\n")
        guard var start = bytes.firstIndex(where: { $0 != newline }) else { return "" }
        var end = bytes[start...].firstIndex(of: newline) ?? bytes.endIndex
        func blank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0D }
        while start < end, blank(bytes[start]) { start = bytes.index(after: start) }
        while end > start, blank(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
        return String(s[start..<end])
    }

    struct State {
        var docs: OpenAPIDocuments
        var draft = SessionDraft(name: "")
        var mappings = OpenAPIMappings()
        var made: [String] = []
        var notCarried: [String] = []
        var prefix = "API"
        /// Security schemes by name: how each is sent.
        var schemes: [String: SessionDraft.Param] = [:]
        var cookieSchemes: [String: (String, String)] = [:]
        var globalSecurity: [String] = []

        // MARK: Servers and security

        mutating func baseURL(_ server: ImportValue?) {
            let env = ImportNaming.envName(prefix, "url")
            guard let server, var url = server["url"]?.string else {
                draft.baseURL = "${env:\(env):-http://localhost}"
                notCarried.append("no servers: baseURL reads ${env:\(env)} (default http://localhost)")
                return
            }
            for (name, variable) in server["variables"]?.members ?? [] {
                let value = variable["default"]?.scalarText ?? variable["enum"]?.items.first?.scalarText ?? ""
                url = url.replacingOccurrences(of: "{\(name)}", with: value)
            }
            if !url.contains("://") {
                notCarried.append(
                    "\(docs.location(server)): server URL \(url) is relative; baseURL assumes http://localhost")
                url = "http://localhost" + (url.hasPrefix("/") ? "" : "/") + url
            }
            if url.hasSuffix("/") { url.removeLast() }
            url = url.replacingOccurrences(of: "}", with: "%7D")
            draft.baseURL = "${env:\(env):-\(url)}"
            made.append("baseURL reads ${env:\(env)}, default \(url)")
        }

        mutating func security(_ root: ImportValue) {
            let defined = docs.resolve(
                root["components"]?["securitySchemes"] ?? ImportValue(kind: .null, document: 0, offset: 0)
            ).value
            for (name, raw) in defined.members {
                let scheme = docs.resolve(raw).value
                let env = ImportNaming.envName(prefix, name)
                switch scheme["type"]?.string?.lowercased() {
                case "apikey":
                    let pname = scheme["name"]?.string ?? name
                    switch scheme["in"]?.string {
                    case "header":
                        schemes[name] = .init(name: pname, value: .string("${env:\(env)}"), placement: "header")
                    case "query":
                        schemes[name] = .init(name: pname, value: .string("${env:\(env)}"), placement: "query")
                    case "cookie":
                        cookieSchemes[name] = (pname, "${env:\(env)}")
                    default:
                        notCarried.append("\(docs.location(scheme)): security scheme \(name): unknown 'in'")
                    }
                case "http":
                    let s = scheme["scheme"]?.string?.lowercased() ?? "bearer"
                    let word =
                        s == "basic" ? "Basic" : s == "bearer" ? "Bearer" : (scheme["scheme"]?.string ?? "Bearer")
                    schemes[name] = .init(
                        name: "Authorization", value: .string("\(word) ${env:\(env)}"), placement: "header")
                case "oauth2", "openidconnect":
                    schemes[name] = .init(
                        name: "Authorization",
                        value: .string("Bearer ${env:\(ImportNaming.envName(prefix, name, "token"))}"),
                        placement: "header")
                    notCarried.append(
                        "\(docs.location(scheme)): security scheme \(name) (\(scheme["type"]?.string ?? "")): get a token yourself; it is sent as a bearer token"
                    )
                case "mutualtls":
                    notCarried.append("\(docs.location(scheme)): security scheme \(name) (mutualTLS) is not supported")
                default:
                    notCarried.append("\(docs.location(scheme)): security scheme \(name) has an unknown type")
                }
            }
            globalSecurity = requirement(root["security"])
            for s in globalSecurity {
                if let p = schemes[s] {
                    if p.placement == "header" {
                        if !draft.headers.contains(where: { $0.0 == p.name }), case .string(let v) = p.value {
                            draft.headers.append((p.name, v))
                        }
                    } else {
                        draft.params.append(p)
                    }
                    draft.addRedacted(p.name)
                    made.append(
                        "\(p.placement == "header" ? "header" : "param") \(p.name) reads the environment (\(s)) and is redacted"
                    )
                } else if let c = cookieSchemes[s] {
                    draft.headers.append(("Cookie", "\(c.0)=\(c.1)"))
                    draft.addRedacted("Cookie")
                    made.append("Cookie \(c.0) reads the environment (\(s)) and is redacted")
                }
            }
        }

        /// The scheme names of the first alternative of a `security` list.
        mutating func requirement(_ v: ImportValue?) -> [String] {
            guard let list = v?.items else { return [] }
            if list.count > 1 {
                notCarried.append(
                    "\(docs.location(v!)): \(list.count) alternative security requirements; the first is used")
            }
            return list.first?.members.map(\.0) ?? []
        }

        mutating func components() {
            let main = docs.documents[0].root
            for (name, schema) in main["components"]?["schemas"]?.members ?? [] {
                let resolved = docs.resolve(schema).value
                let isObject = resolved["properties"] != nil || resolved["allOf"] != nil
                if isObject {
                    _ = mappings.type(
                        ImportValue(
                            kind: .object([
                                (
                                    "$ref",
                                    ImportValue(
                                        kind: .string("#/components/schemas/" + escape(name)), document: 0,
                                        offset: schema.offset)
                                )
                            ]), document: 0, offset: schema.offset),
                        hint: name, docs: &docs)
                }
            }
        }

        func escape(_ s: String) -> String {
            s.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
        }

        // MARK: Operations

        mutating func operation(path: String, method: String, _ raw: ImportValue, item: ImportValue) {
            let op = docs.resolve(raw).value
            let name = draft.uniqueRouteName(
                op["operationId"]?.string.map { id in
                    id.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }
                        ? id : ImportNaming.camel(ImportNaming.words(id))
                } ?? ImportNaming.routeName(method: method, path: path))
            var route = SessionDraft.Route(name: name, method: method, path: path)
            if let s = op["summary"]?.string ?? op["description"]?.string {
                route.description = OpenAPIImport.firstLine(s)
            }
            let bodyMethod = ["POST", "PUT", "PATCH"].contains(method)

            // Parameters: the path item's, then the operation's (which win).
            var params: [(String, String, ImportValue)] = []
            for p in (item["parameters"]?.items ?? []) + (op["parameters"]?.items ?? []) {
                let resolved = docs.resolve(p).value
                guard let pname = resolved["name"]?.string, let place = resolved["in"]?.string else {
                    notCarried.append("\(docs.location(p)): a parameter without name or in; left out")
                    continue
                }
                if let i = params.firstIndex(where: { $0.0 == pname && $0.1 == place }) {
                    params[i] = (pname, place, resolved)
                } else {
                    params.append((pname, place, resolved))
                }
            }
            var cookies: [String] = []
            for (pname, place, p) in params {
                let schema = docs.resolve(
                    p["schema"] ?? ImportValue(kind: .object([]), document: p.document, offset: p.offset)
                ).value
                let required = p["required"]?.bool == true || place == "path"
                var value = example(p) ?? example(schema) ?? schema["default"].flatMap(paramValue)
                if value == nil, required {
                    value = .string(sample(schema))
                    notCarried.append(
                        "\(docs.location(p)): \(place) param \(pname) of \(name) has no example or default; \(sample(schema)) is a made-up value"
                    )
                }
                let secret = CredentialNames.isField(pname)
                if secret {
                    value = .string("${env:\(ImportNaming.envName(prefix, pname))}")
                    draft.addRedacted(pname)
                }
                let description = p["description"]?.string.map(OpenAPIImport.firstLine)
                // OpenAPI keys a parameter by name and place: a second of one name (Kubernetes' proxy routes have a
                // path param and a query param called `path`) gets the key `query:path` and says the name it sends.
                let taken = route.params.contains { $0.name == pname }
                let key = taken ? "\(place):\(pname)" : pname
                let sentName = taken ? pname : nil
                switch place {
                case "path":
                    guard path.contains("{\(pname)}") else {
                        notCarried.append("\(docs.location(p)): path param \(pname) is not in \(path); left out")
                        continue
                    }
                    route.params.append(
                        .init(
                            name: key, value: value ?? .string(""), placement: taken ? "path" : nil,
                            description: description, sentName: sentName))
                case "query":
                    route.params.append(
                        .init(
                            name: key, value: value ?? .string(""),
                            placement: bodyMethod || taken || path.contains("{\(pname)}") ? "query" : nil,
                            required: required, description: description, sentName: sentName))
                case "header":
                    if ["accept", "content-type", "authorization"].contains(pname.lowercased()) { continue }
                    route.params.append(
                        .init(
                            name: key, value: value ?? .string(""), placement: "header", required: required,
                            description: description, sentName: sentName))
                case "cookie":
                    cookies.append("\(pname)=\(value.flatMap(text) ?? "")")
                default:
                    notCarried.append("\(docs.location(p)): param \(pname) in \(place) left out")
                }
            }
            if !cookies.isEmpty {
                route.headers.append(("Cookie", cookies.joined(separator: "; ")))
                made.append("\(name): cookie params sent in a Cookie header")
            }

            // Security: an operation's own requirement replaces the global one.
            if let own = op["security"] {
                let names = requirement(own)
                if names != globalSecurity {
                    for s in names {
                        if let p = schemes[s] {
                            if p.placement == "header", case .string(let v) = p.value {
                                route.headers.append((p.name, v))
                            } else if let i = route.params.firstIndex(where: { $0.name == p.name }) {
                                // The operation lists the credential as a param too: it reads the environment.
                                route.params[i].value = p.value
                            } else {
                                route.params.append(p)
                            }
                            draft.addRedacted(p.name)
                        } else if let c = cookieSchemes[s] {
                            route.headers.append(("Cookie", "\(c.0)=\(c.1)"))
                            draft.addRedacted("Cookie")
                        }
                    }
                }
            }

            if let body = op["requestBody"] { requestBody(body, route: &route, bodyMethod: bodyMethod) }
            for key in ["callbacks", "links"] where op[key] != nil {
                notCarried.append("\(docs.location(op[key]!)): \(key) of \(name) left out")
            }

            // Responses: the 2xx schema maps the route; examples become fixtures, 2xx first.
            let responses = op["responses"]?.members ?? []
            let ordered = responses.filter { $0.0.hasPrefix("2") } + responses.filter { !$0.0.hasPrefix("2") }
            var mappedSchema: (status: String, schema: ImportValue)? = nil
            if let (successStatus, success) = ordered.first(where: { $0.0.hasPrefix("2") }) {
                let r = docs.resolve(success).value
                if let (_, media) = jsonMedia(r["content"]), let schema = media["schema"] {
                    mappedSchema = (successStatus, schema)
                    let t = mappings.type(schema, hint: ImportNaming.pascal(name) + "Response", docs: &docs)
                    if t.isClassLike || t.isTypedContainer {
                        route.map = .string(t.type)
                    }
                }
            }
            var concrete = path
            for p in route.params where (p.placement ?? "path") == "path" && path.contains("{\(p.sentName ?? p.name)}")
            {
                concrete = concrete.replacingOccurrences(
                    of: "{\(p.sentName ?? p.name)}",
                    with: PercentEncoding.encode(text(p.value) ?? "", allowing: PercentEncoding.pathSegment))
            }
            let fixtureFile = FixtureWriter.fileName(for: name) + ".json"
            for (status, raw) in ordered {
                let r = docs.resolve(raw).value
                let code: Int
                if let n = Int(status) {
                    code = n
                } else if status.count == 3, status.hasSuffix("XX"), let d = Int(status.prefix(1)) {
                    code = d * 100
                } else {
                    if exampleBody(r) != nil {
                        notCarried.append(
                            "\(docs.location(raw)): the \(status) response example of \(name) has no status; left out")
                    }
                    continue
                }
                // A route maps its successes with one map: another 2xx example of another shape (GitHub's 202
                // "merged branch" beside the 201 deployment) would only show that map's errors, so it is left out.
                if code / 100 == 2, route.map != nil, let mapped = mappedSchema, mapped.status != status,
                    let (_, media) = jsonMedia(r["content"]), let other = media["schema"],
                    !sameShape(mapped.schema, other), exampleBody(r) != nil
                {
                    notCarried.append(
                        "\(docs.location(raw)): the \(status) example of \(name) has another schema than the \(mapped.status) "
                            + "response the route maps (one map reads a route's successes); left out")
                    continue
                }
                var found = exampleBody(r)
                var description = r["description"]?.string.map(OpenAPIImport.firstLine)
                if found == nil, code / 100 == 2, !draft.hasFixtureFile(fixtureFile),
                    let (type, media) = jsonMedia(r["content"]), let schema = media["schema"]
                {
                    var seen = Set<OpenAPIDocuments.Target>()
                    found = (
                        type == "*/*" ? "application/json" : type,
                        .json(sampleJSON(schema, seen: &seen, depth: 0) ?? .null)
                    )
                    description = "made from the schema: the spec has no example"
                    made.append("\(name): a \(code) fixture made from the schema (the spec has no example)")
                }
                if found == nil, code / 100 == 2, r["content"]?.members.isEmpty ?? true,
                    !draft.hasFixtureFile(fixtureFile)
                {
                    draft.addPair(
                        SessionDraft.Pair(path: concrete, method: method, status: code, description: description),
                        file: fixtureFile)
                    continue
                }
                guard let (contentType, body) = found else { continue }
                draft.addPair(
                    SessionDraft.Pair(
                        path: concrete, method: method, status: code,
                        headers: [("Content-Type", contentType)], body: body,
                        description: description),
                    file: fixtureFile)
            }
            draft.addRoute(route)
        }

        /// True when two response schemas describe one shape: the same schema, or objects with the same members
        /// of the same types' names.
        mutating func sameShape(_ a: ImportValue, _ b: ImportValue) -> Bool {
            let (x, tx) = docs.resolve(a)
            let (y, ty) = docs.resolve(b)
            if let tx, let ty, tx == ty { return true }
            if x.document == y.document, x.offset == y.offset { return true }
            guard mappings.typeNames(x) == mappings.typeNames(y) else { return false }
            let mx = mappings.merged(x, docs: &docs)
            let my = mappings.merged(y, docs: &docs)
            return mx.properties.map(\.0).sorted() == my.properties.map(\.0).sorted()
                && (!mx.properties.isEmpty || (x["items"] == nil && y["items"] == nil))
        }

        mutating func requestBody(_ raw: ImportValue, route: inout SessionDraft.Route, bodyMethod: Bool) {
            let body = docs.resolve(raw).value
            let content = body["content"]?.members ?? []
            guard !content.isEmpty else { return }
            if let (_, media) = jsonMedia(body["content"]) {
                route.body = "json"
                let schema = media["schema"].map { docs.resolve($0).value }
                let sample = example(media, raw: true) ?? schema.flatMap { example($0, raw: true) }
                if let sample, case .object(let members) = sample.kind {
                    for (k, v) in members { bodyParam(k, v, route: &route, bodyMethod: bodyMethod) }
                } else if let schema {
                    let m = mappings.merged(schema, docs: &docs)
                    for (k, p) in m.properties {
                        let ps = docs.resolve(p).value
                        if ps["readOnly"]?.bool == true { continue }
                        let v = example(ps, raw: true) ?? ps["default"]
                        var param = SessionDraft.Param(name: k, value: v.flatMap(paramValue) ?? .string(""))
                        if m.required.contains(k), param.value == .string("") {
                            param.value = .string(self.sample(ps))
                        }
                        param.required = m.required.contains(k)
                        if !bodyMethod { param.placement = "body" }
                        if CredentialNames.isField(k) {
                            param.value = .string("${env:\(ImportNaming.envName(prefix, k))}")
                            draft.addRedacted(k)
                        }
                        if !route.params.contains(where: { $0.name == k }) { route.params.append(param) }
                    }
                }
                return
            }
            if let (type, media) = content.first(where: {
                $0.0.contains("x-www-form-urlencoded") || $0.0.contains("multipart/form-data")
            }) {
                if type.contains("multipart") {
                    notCarried.append(
                        "\(docs.location(media)): \(route.name) takes multipart/form-data; its fields are sent as a form"
                    )
                }
                let schema = media["schema"].map { docs.resolve($0).value }
                let m = schema.map { mappings.merged($0, docs: &docs) } ?? .init()
                for (k, p) in m.properties {
                    let ps = docs.resolve(p).value
                    let v = example(ps, raw: true) ?? ps["default"]
                    bodyParam(
                        k, v ?? ImportValue(kind: .string(""), document: 0, offset: 0), route: &route,
                        bodyMethod: bodyMethod)
                }
                return
            }
            notCarried.append(
                "\(docs.location(raw)): request body of \(route.name) (\(content.map(\.0).joined(separator: ", "))) is not JSON or a form; left out"
            )
        }

        mutating func bodyParam(_ k: String, _ v: ImportValue, route: inout SessionDraft.Route, bodyMethod: Bool) {
            guard let value = paramValue(v) else {
                notCarried.append(
                    "\(docs.location(v)): body member \(k) of \(route.name) is an object; only strings, numbers and booleans become params"
                )
                return
            }
            var param = SessionDraft.Param(name: k, value: value, placement: bodyMethod ? nil : "body")
            if CredentialNames.isField(k) {
                param.value = .string("${env:\(ImportNaming.envName(prefix, k))}")
                draft.addRedacted(k)
            }
            if !route.params.contains(where: { $0.name == k }) { route.params.append(param) }
        }

        /// The JSON media type of a `content` object (or the first `+json`).
        func jsonMedia(_ content: ImportValue?) -> (String, ImportValue)? {
            let members = content?.members ?? []
            return members.first { ParserRegistry.mediaType($0.0) == "application/json" }
                ?? members.first { $0.0.contains("json") || $0.0 == "*/*" }
        }

        /// The example of a response as a fixture body, with its content type.
        mutating func exampleBody(_ response: ImportValue) -> (String, SessionDraft.Pair.Body)? {
            for (type, media) in response["content"]?.members ?? [] {
                let schema = media["schema"].map { docs.resolve($0).value }
                guard let e = example(media, raw: true) ?? schema.flatMap({ example($0, raw: true) }) else { continue }
                let contentType = type == "*/*" ? "application/json" : type
                if contentType.contains("json") { return (contentType, .json(e.json)) }
                if let s = e.string { return (contentType, .text(s)) }
                return (contentType, .json(e.json))
            }
            return nil
        }

        /// The example of a parameter, media type or schema: `example`, the first of `examples` (3.1 schemas:
        /// a list; elsewhere: named Example objects with a `value`).
        mutating func example(_ v: ImportValue, raw: Bool) -> ImportValue? {
            if let e = v["example"] { return bundled(e) }
            if let examples = v["examples"] {
                if let first = examples.items.first { return bundled(first) }
                if let (_, named) = examples.members.first {
                    let resolved = docs.resolve(named).value
                    if let value = resolved["value"] { return bundled(value) }
                    if resolved["externalValue"] != nil {
                        notCarried.append("\(docs.location(named)): externalValue examples are not read")
                    }
                }
            }
            return nil
        }

        /// An example that is only a `$ref` (`example: { $ref: examples.yml#/droplet }`) is the value it names, as
        /// the bundlers multi-file descriptions such as DigitalOcean's are written for read it; other examples are
        /// values as written.
        mutating func bundled(_ e: ImportValue) -> ImportValue {
            guard e.members.count == 1, e["$ref"]?.string != nil else { return e }
            return docs.resolve(e).value
        }

        mutating func example(_ v: ImportValue) -> OutputJSON? {
            example(v, raw: true).flatMap(paramValue)
        }

        /// A param value from an example: strings, numbers and booleans as they are, arrays joined by commas.
        func paramValue(_ v: ImportValue) -> OutputJSON? {
            switch v.kind {
            case .string(let s): .string(s)
            case .number(let n): .number(n)
            case .bool(let b): .bool(b)
            case .array(let a): .string(a.compactMap(\.scalarText).joined(separator: ","))
            default: nil
            }
        }

        func text(_ v: OutputJSON) -> String? {
            switch v {
            case .string(let s): s
            case .number(let n): n
            case .bool(let b): b ? "true" : "false"
            default: nil
            }
        }

        /// A stand-in value for a required param without an example.
        func sample(_ schema: ImportValue) -> String {
            if let first = schema["enum"]?.items.first?.scalarText { return first }
            switch schema["type"]?.string ?? schema["type"]?.items.first?.string {
            case "integer", "number": return "1"
            case "boolean": return "true"
            default:
                switch schema["format"]?.string {
                case "uuid": return "00000000-0000-0000-0000-000000000001"
                case "date": return "2024-01-01"
                case "date-time": return "2024-01-01T00:00:00Z"
                case "uri", "url": return "https://example.com/"
                case "email": return "someone@example.com"
                default: return "example"
                }
            }
        }
    }
}
