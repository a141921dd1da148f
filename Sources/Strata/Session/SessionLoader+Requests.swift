import StrataDocuments

/// Reading `auth`, `environments` and body templates from session.json.
extension SessionLoader {
    /// How deep a JSON body template may nest.
    static let maximumBodyDepth = 64

    /// Reads an `auth` object; nil (with its problems recorded) when it is unusable.
    mutating func auth(_ node: Tree.Index, what: String) -> Auth? {
        guard tree.kind(node) == .object else {
            reader.error("\(what) must be an object with a \"type\", found \(tree.describe(node))", at: node)
            return nil
        }
        guard let typeNode = tree.node(at: TreePath([.key("type")]), from: node) else {
            reader.error("\(what) has no \"type\" (one of \(Auth.types.joined(separator: ", ")))", at: node)
            return nil
        }
        guard let type = reader.string(typeNode, "'type' of \(what)") else { return nil }
        guard let keys = Session.authKeys[type] else {
            reader.error(
                "unknown auth type '\(type)' in \(what)\(Suggestion.didYouMean(type, in: Auth.types)) "
                    + "(types: \(Auth.types.joined(separator: ", ")))", at: typeNode)
            return nil
        }
        guard let m = reader.members(of: node, known: keys, what: "\(what) (\(type))") else { return nil }
        func value(_ key: String) -> Template? {
            guard let n = m[key] else {
                reader.error("\(what) of type \(type) has no '\(key)'", at: node)
                return nil
            }
            guard let s = reader.string(n, "'\(key)' of \(what)") else { return nil }
            return template(s, at: n)
        }
        switch type {
        case "bearer":
            guard let token = value("token") else { return nil }
            return .bearer(token: token)
        case "basic":
            let user = value("user")
            let password = value("password")
            guard let user, let password else { return nil }
            return .basic(user: user, password: password)
        default:
            let name = m["name"] == nil ? nil : reader.string(m["name"]!, "'name' of \(what)")
            if m["name"] == nil { reader.error("\(what) of type apiKey has no 'name'", at: node) }
            var location = ParamLocation.header
            if let n = m["in"], let s = reader.string(n, "'in' of \(what)") {
                let allowed = Auth.apiKeyLocations.map(\.rawValue)
                if let l = ParamLocation(rawValue: s), Auth.apiKeyLocations.contains(l) {
                    location = l
                } else {
                    reader.error(
                        "'in' of \(what) must be one of \(allowed.joined(separator: ", "))"
                            + "\(Suggestion.didYouMean(s, in: allowed)); found \(JSONString.quote(s))", at: n)
                }
            }
            let key = value("value")
            guard let name, let key else { return nil }
            if name.isEmpty {
                reader.error("'name' of \(what) is empty", at: m["name"]!)
                return nil
            }
            if location == .header, !HTTPHeaders.isValidName(name) {
                reader.error("'name' of \(what) goes in a header but is not a valid header name", at: m["name"]!)
                return nil
            }
            return .apiKey(name: name, location: location, value: key)
        }
    }

    /// Reads `environments`: an object of name → `{ baseURL, headers, params, auth, description }` plus the
    /// transport keys (`tls`, `proxy`, `connectTimeout`, `maxBodyBytes`), which override `transport`, the session's.
    mutating func environments(_ node: Tree.Index, directory: String, transport: TransportSettings)
        -> [SessionEnvironment]
    {
        var out: [SessionEnvironment] = []
        for (name, member) in reader.namedMembers(of: node, what: "'environments'", noun: "environment") ?? [] {
            if name.isEmpty {
                reader.error("an environment name is empty", atKeyOf: member)
                continue
            }
            let what = "environment '\(name)'"
            guard let m = reader.members(of: member, known: Session.environmentKeys, what: what) else { continue }
            var baseURL: Template? = nil
            if let n = m["baseURL"], let s = reader.string(n, "'baseURL' of \(what)") {
                baseURL = template(s, at: n, allowsChains: false)
            }
            let headers = m["headers"].map { headerSpecs($0, what: "headers of \(what)") } ?? []
            let params = m["params"].map { paramSpecs($0, what: "params of \(what)") } ?? []
            let auth = m["auth"].flatMap { self.auth($0, what: "'auth' of \(what)") }
            var description: String? = nil
            if let n = m["description"] { description = reader.string(n, "'description' of \(what)") }
            let overridesTransport = Session.transportKeys.contains { m[$0] != nil }
            let settings = overridesTransport ? transportSettings(m, directory: directory, base: transport) : nil
            out.append(
                SessionEnvironment(
                    name: name, baseURL: baseURL, headers: headers, params: params, auth: auth, transport: settings,
                    description: description, node: member))
        }
        return out
    }

    /// Reads a route's `body` object; `params` are the params its placeholders may name.
    mutating func bodyTemplate(_ node: Tree.Index, of what: String, params: [ParamSpec]) -> BodyTemplate? {
        guard let m = reader.members(of: node, known: Session.bodyKeys, what: "'body' of \(what)") else { return nil }
        let kinds = ["json", "raw", "multipart"].filter { m[$0] != nil }
        guard kinds.count == 1 else {
            reader.error(
                kinds.isEmpty
                    ? "'body' of \(what) needs one of \"json\", \"raw\" or \"multipart\""
                    : "'body' of \(what) has both \"\(kinds[0])\" and \"\(kinds[1])\"; give one", at: node)
            return nil
        }
        if let n = m["contentType"], kinds[0] != "raw" {
            reader.error("'contentType' of the body of \(what) applies to \"raw\" bodies only", atKeyOf: n)
        }
        switch kinds[0] {
        case "json":
            return jsonBody(m["json"]!, depth: 0, what: what, params: params).map { .json($0) }
        case "raw":
            guard let n = m["raw"], let text = reader.string(n, "'raw' of the body of \(what)"),
                let p = bodyParts(n, text, what: what, params: params)
            else { return nil }
            var contentType = BodyTemplate.defaultRawContentType
            if let c = m["contentType"], let s = reader.string(c, "'contentType' of the body of \(what)") {
                if s.isEmpty || !HTTPHeaders.isValidValue(s) {
                    reader.error("'contentType' of the body of \(what) is not a media type", at: c)
                } else {
                    contentType = s
                }
            }
            return .raw(text: p, contentType: contentType)
        default:
            var fields: [MultipartField] = []
            let list = reader.namedMembers(of: m["multipart"]!, what: "'multipart' of \(what)", noun: "field") ?? []
            for (name, member) in list {
                guard let text = reader.string(member, "multipart field '\(name)' of \(what)") else { continue }
                if text.hasPrefix("@@") {
                    if let p = bodyParts(member, String(text.dropFirst()), what: what, params: params) {
                        fields.append(.init(name: name, value: .text(p)))
                    }
                } else if text.hasPrefix("@") {
                    let path = String(text.dropFirst())
                    let full = path.hasPrefix("/") ? path : Session.join(directory, path)
                    if case .failure(let refusal) = SessionFiles.resolve(full, inside: directory) {
                        reader.error("multipart file '\(name)' of \(what): '\(path)' \(refusal)", at: member)
                    }
                    fields.append(.init(name: name, value: .file(path)))
                } else if let p = bodyParts(member, text, what: what, params: params) {
                    fields.append(.init(name: name, value: .text(p)))
                }
            }
            return .multipart(fields)
        }
    }

    /// Reads a JSON body template value.
    mutating func jsonBody(
        _ node: Tree.Index, depth: Int, what: String, params: [ParamSpec]
    ) -> JSONBodyTemplate? {
        guard depth < SessionLoader.maximumBodyDepth else {
            reader.error("the JSON body nests deeper than \(SessionLoader.maximumBodyDepth) levels", at: node)
            return nil
        }
        switch tree.kind(node) {
        case .object:
            var members: [(key: String, value: JSONBodyTemplate)] = []
            for child in tree.children(node) {
                guard let value = jsonBody(child, depth: depth + 1, what: what, params: params) else { return nil }
                members.append((tree.key(child) ?? "", value))
            }
            return .object(members)
        case .array:
            var items: [JSONBodyTemplate] = []
            for child in tree.children(node) {
                guard let value = jsonBody(child, depth: depth + 1, what: what, params: params) else { return nil }
                items.append(value)
            }
            return .array(items)
        case .string:
            return bodyParts(node, tree.string(node) ?? "", what: what, params: params).map { .string($0) }
        default:
            return .literal(tree.scalarText(node))
        }
    }

    /// The parts of body string `text` at `n`, each param placeholder checked against `params`.
    private mutating func bodyParts(_ n: Tree.Index, _ text: String, what: String, params: [ParamSpec]) -> [BodyPart]? {
        let parts: [BodyPart]
        do {
            parts = try BodyPart.parse(text)
        } catch {
            reader.error("in the body of \(what): \(error.message)", at: n, inString: error.utf8Offset(in: text))
            return nil
        }
        for case .response(let chained) in parts { chainedValues.append((chained, n)) }
        for case .param(let name, _) in parts {
            if let spec = params.first(where: { $0.name == name }) {
                if let loc = spec.location, loc != .body, let specNode = spec.node {
                    reader.error(
                        "param '\(name)' fills ${\(name)} in the body of \(what) but says \"in\": \"\(loc)\"",
                        atKeyOf: specNode)
                }
            } else {
                reader.error(
                    "placeholder ${\(name)} in the body of \(what) names no param"
                        + "\(Suggestion.didYouMean(name, in: params.map(\.name))) (declare it in the route's params)",
                    at: n)
            }
        }
        return parts
    }
}
