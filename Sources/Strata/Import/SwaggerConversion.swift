import Foundation

/// A Swagger 2.0 document read as the OpenAPI 3.0 document it describes, so one importer reads both.
///
/// `host`, `basePath` and `schemes` become `servers`; `definitions`, `parameters`, `responses` and
/// `securityDefinitions` move under `components` (local `$ref`s follow them); `body` params become a `requestBody`
/// for each type `consumes` lists, `formData` params a form (multipart when one is a file); `produces` gives each
/// response's media types, with its `examples` by type; `x-example` is a param's `example`; in schemas,
/// `x-nullable` is `nullable`, a `discriminator` name is a discriminator object and `type: file` is binary.
/// Converted values keep the offsets of what they came from, so every message still names the Swagger file's
/// line and column.
struct SwaggerConversion {
    private let root: ImportValue
    private let document: Int
    /// What could not be carried over, with its place.
    private(set) var notes: [String] = []
    private let location: (ImportValue) -> String

    /// The OpenAPI 3.0 form of Swagger document `main`, and notes on what it could not say.
    static func openAPI(_ main: ImportDocument) -> (root: ImportValue, notes: [String]) {
        var conversion = SwaggerConversion(root: main.root, location: { main.location($0.offset) })
        let root = conversion.convert()
        return (root, conversion.notes)
    }

    private init(root: ImportValue, location: @escaping (ImportValue) -> String) {
        self.root = root
        self.document = root.document
        self.location = location
    }

    // MARK: Building values

    private func object(_ members: [(String, ImportValue)], at v: ImportValue) -> ImportValue {
        ImportValue(kind: .object(members), document: document, offset: v.offset)
    }

    private func string(_ s: String, at v: ImportValue) -> ImportValue {
        ImportValue(kind: .string(s), document: document, offset: v.offset)
    }

    private func array(_ items: [ImportValue], at v: ImportValue) -> ImportValue {
        ImportValue(kind: .array(items), document: document, offset: v.offset)
    }

    private func strings(_ v: ImportValue?) -> [String]? {
        guard let v, v.isArray else { return nil }
        return v.items.compactMap(\.string)
    }

    // MARK: The document

    private mutating func convert() -> ImportValue {
        var out: [(String, ImportValue)] = [("openapi", string("3.0.3", at: root["swagger"] ?? root))]
        if let info = root["info"] { out.append(("info", info)) }
        if let server = servers() { out.append(("servers", server)) }
        if let security = root["security"] { out.append(("security", security)) }
        let produces = strings(root["produces"]) ?? []
        let consumes = strings(root["consumes"]) ?? []
        var paths: [(String, ImportValue)] = []
        for (path, item) in root["paths"]?.members ?? [] {
            paths.append((path, pathItem(item, produces: produces, consumes: consumes)))
        }
        out.append(("paths", object(paths, at: root["paths"] ?? root)))
        var components: [(String, ImportValue)] = []
        if let definitions = root["definitions"] {
            components.append(
                ("schemas", object(definitions.members.map { ($0.0, schema($0.1)) }, at: definitions)))
        }
        if let parameters = root["parameters"] {
            // Body and form params are not parameters in 3.0: they are inlined where an operation names them.
            let kept = parameters.members.filter { !["body", "formData"].contains($0.1["in"]?.string ?? "") }
            components.append(("parameters", object(kept.map { ($0.0, parameter($0.1)) }, at: parameters)))
        }
        if let responses = root["responses"] {
            components.append(
                (
                    "responses",
                    object(responses.members.map { ($0.0, response($0.1, produces: produces)) }, at: responses)
                ))
        }
        if let schemes = root["securityDefinitions"] {
            components.append(
                ("securitySchemes", object(schemes.members.map { ($0.0, securityScheme($0.1)) }, at: schemes)))
        }
        if !components.isEmpty { out.append(("components", object(components, at: root))) }
        for (key, value) in root.members where key.hasPrefix("x-") || key == "tags" || key == "externalDocs" {
            out.append((key, value))
        }
        return object(out, at: root)
    }

    /// `servers` from `schemes`, `host` and `basePath` (https when it is one of the schemes); a `basePath` alone
    /// is a relative server URL, which the importer puts under localhost and reports.
    private func servers() -> ImportValue? {
        let basePath = root["basePath"]?.string ?? ""
        guard let host = root["host"]?.string else {
            guard !basePath.isEmpty, basePath != "/" else { return nil }
            return array([object([("url", string(basePath, at: root["basePath"]!))], at: root)], at: root)
        }
        let schemes = strings(root["schemes"]) ?? []
        let scheme = schemes.contains("https") || schemes.isEmpty ? "https" : schemes[0]
        let url = "\(scheme)://\(host)\(basePath == "/" ? "" : basePath)"
        return array([object([("url", string(url, at: root["host"]!))], at: root)], at: root)
    }

    private func securityScheme(_ s: ImportValue) -> ImportValue {
        var out: [(String, ImportValue)] = []
        switch s["type"]?.string {
        case "basic":
            out = [("type", string("http", at: s)), ("scheme", string("basic", at: s))]
        case "oauth2":
            out = [("type", string("oauth2", at: s)), ("flows", object([], at: s))]
        default:
            out = s.members.filter { ["type", "name", "in"].contains($0.0) }
        }
        if let d = s["description"] { out.append(("description", d)) }
        return object(out, at: s)
    }

    // MARK: Paths and operations

    /// A local `$ref` to a Swagger parameter, resolved (`#/parameters/NAME`); other values as they are.
    private func localParameter(_ p: ImportValue) -> ImportValue {
        guard let ref = p["$ref"]?.string, ref.hasPrefix("#/parameters/") else { return p }
        let name = SwaggerConversion.unescape(String(ref.dropFirst("#/parameters/".count)))
        return root["parameters"]?[name] ?? p
    }

    static func unescape(_ step: String) -> String {
        step.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }

    private mutating func pathItem(_ item: ImportValue, produces: [String], consumes: [String]) -> ImportValue {
        guard item.isObject, item["$ref"] == nil else { return reference(item) }
        let shared = item["parameters"]?.items ?? []
        var out: [(String, ImportValue)] = []
        for (key, value) in item.members {
            switch key {
            case "parameters":
                let kept = shared.filter { !isBodyOrForm(localParameter($0)) }
                out.append((key, array(kept.map(parameter), at: value)))
            case "get", "put", "post", "delete", "options", "head", "patch":
                out.append((key, operation(value, shared: shared, produces: produces, consumes: consumes)))
            default:
                out.append((key, value))
            }
        }
        return object(out, at: item)
    }

    private func isBodyOrForm(_ p: ImportValue) -> Bool {
        ["body", "formData"].contains(p["in"]?.string ?? "")
    }

    private mutating func operation(
        _ op: ImportValue, shared: [ImportValue], produces globalProduces: [String], consumes globalConsumes: [String]
    ) -> ImportValue {
        let produces = strings(op["produces"]) ?? globalProduces
        let consumes = strings(op["consumes"]) ?? globalConsumes
        // The path item's body and form params, then the operation's (which replace them by name and place).
        var bodyParams: [ImportValue] = []
        for p in shared + (op["parameters"]?.items ?? []) {
            let resolved = localParameter(p)
            guard isBodyOrForm(resolved) else { continue }
            bodyParams.removeAll {
                $0["name"]?.string == resolved["name"]?.string && $0["in"]?.string == resolved["in"]?.string
            }
            bodyParams.append(resolved)
        }
        var out: [(String, ImportValue)] = []
        for (key, value) in op.members {
            switch key {
            case "parameters":
                let kept = value.items.filter { !isBodyOrForm(localParameter($0)) }
                out.append((key, array(kept.map(parameter), at: value)))
            case "responses":
                out.append(
                    (key, object(value.members.map { ($0.0, response($0.1, produces: produces)) }, at: value)))
            case "produces", "consumes", "schemes":
                continue
            default:
                out.append((key, value))
            }
        }
        if let body = requestBody(bodyParams, consumes: consumes, at: op) { out.append(("requestBody", body)) }
        return object(out, at: op)
    }

    /// The `requestBody` of an operation's `body` param, or of its `formData` params.
    private mutating func requestBody(_ params: [ImportValue], consumes: [String], at op: ImportValue)
        -> ImportValue?
    {
        if let body = params.first(where: { $0["in"]?.string == "body" }) {
            let types = consumes.isEmpty ? ["application/json"] : consumes
            let bodySchema = body["schema"].map(schema) ?? object([], at: body)
            let examples = body["x-examples"]
            let content = types.map { type -> (String, ImportValue) in
                var media: [(String, ImportValue)] = [("schema", bodySchema)]
                if let e = examples?[type] { media.append(("example", e)) }
                return (type, object(media, at: body))
            }
            var out: [(String, ImportValue)] = []
            if let d = body["description"] { out.append(("description", d)) }
            if let r = body["required"] { out.append(("required", r)) }
            out.append(("content", object(content, at: body)))
            if params.contains(where: { $0["in"]?.string == "formData" }) {
                notes.append("\(location(body)): an operation with a body param and form params: the form is left out")
            }
            return object(out, at: body)
        }
        let form = params.filter { $0["in"]?.string == "formData" }
        guard let first = form.first else { return nil }
        let multipart =
            consumes.contains("multipart/form-data") || form.contains { $0["type"]?.string == "file" }
        var properties: [(String, ImportValue)] = []
        var required: [ImportValue] = []
        for p in form {
            guard let name = p["name"]?.string else { continue }
            var s = parameterSchema(p).members
            if let e = p["x-example"] ?? p["example"], !s.contains(where: { $0.0 == "example" }) {
                s.append(("example", e))
            }
            if let d = p["description"] { s.append(("description", d)) }
            properties.append((name, object(s, at: p)))
            if p["required"]?.bool == true { required.append(string(name, at: p)) }
        }
        var formSchema: [(String, ImportValue)] = [
            ("type", string("object", at: first)), ("properties", object(properties, at: first)),
        ]
        if !required.isEmpty { formSchema.append(("required", array(required, at: first))) }
        let type = multipart ? "multipart/form-data" : "application/x-www-form-urlencoded"
        let content = object([(type, object([("schema", object(formSchema, at: first))], at: first))], at: first)
        return object([("content", content)], at: op)
    }

    /// A non-body parameter: its type, format, items, enum and default become its `schema`, `x-example` its
    /// `example`.
    private func parameter(_ p: ImportValue) -> ImportValue {
        if p["$ref"] != nil { return reference(p) }
        var out: [(String, ImportValue)] = []
        for (key, value) in p.members {
            switch key {
            case "name", "in", "description", "required", "allowEmptyValue", "deprecated", "example":
                out.append((key, value))
            case "x-example":
                if p["example"] == nil { out.append(("example", value)) }
            default:
                continue
            }
        }
        if p["in"]?.string == "path", p["required"] == nil {
            out.append(("required", ImportValue(kind: .bool(true), document: document, offset: p.offset)))
        }
        out.append(("schema", parameterSchema(p)))
        return object(out, at: p)
    }

    /// The schema a Swagger parameter (or header, or `items`) describes with its own keywords.
    private func parameterSchema(_ p: ImportValue) -> ImportValue {
        if let s = p["schema"] { return schema(s) }
        var out: [(String, ImportValue)] = []
        for (key, value) in p.members {
            switch key {
            case "type":
                if value.string == "file" {
                    out.append(("type", string("string", at: value)))
                    out.append(("format", string("binary", at: value)))
                } else {
                    out.append((key, value))
                }
            case "items":
                out.append((key, parameterSchema(value)))
            case "format":
                if p["type"]?.string != "file" { out.append((key, value)) }
            case "enum", "default", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength",
                "maxLength", "pattern", "minItems", "maxItems", "uniqueItems", "multipleOf":
                out.append((key, value))
            case "x-nullable":
                out.append(("nullable", value))
            default:
                continue
            }
        }
        return object(out, at: p)
    }

    // MARK: Responses

    private func response(_ r: ImportValue, produces: [String]) -> ImportValue {
        if r["$ref"] != nil { return reference(r) }
        var out: [(String, ImportValue)] = [("description", r["description"] ?? string("", at: r))]
        if let headers = r["headers"] {
            out.append(
                (
                    "headers",
                    object(
                        headers.members.map { name, h in
                            var m: [(String, ImportValue)] = []
                            if let d = h["description"] { m.append(("description", d)) }
                            m.append(("schema", parameterSchema(h)))
                            return (name, object(m, at: h))
                        }, at: headers)
                ))
        }
        let examples = r["examples"]?.members ?? []
        var types = produces
        for (type, _) in examples where !types.contains(type) { types.append(type) }
        if types.isEmpty, r["schema"] != nil { types = ["application/json"] }
        let responseSchema = r["schema"].map(schema)
        var content: [(String, ImportValue)] = []
        for type in types {
            var media: [(String, ImportValue)] = []
            if let responseSchema { media.append(("schema", responseSchema)) }
            if let e = examples.first(where: { $0.0 == type })?.1 { media.append(("example", e)) }
            if !media.isEmpty { content.append((type, object(media, at: r))) }
        }
        if !content.isEmpty { out.append(("content", object(content, at: r))) }
        return object(out, at: r)
    }

    // MARK: Schemas and references

    /// A `$ref` with a local Swagger pointer moved to where the 3.0 document keeps it.
    private func reference(_ v: ImportValue) -> ImportValue {
        guard let ref = v["$ref"]?.string else { return v }
        return object([("$ref", string(SwaggerConversion.pointer(ref), at: v["$ref"]!))], at: v)
    }

    /// `#/definitions/X` → `#/components/schemas/X`, and so for parameters and responses; refs into other files
    /// stay as written (those files are read as they are).
    static func pointer(_ ref: String) -> String {
        for (from, to) in [
            ("#/definitions/", "#/components/schemas/"), ("#/parameters/", "#/components/parameters/"),
            ("#/responses/", "#/components/responses/"),
        ] where ref.hasPrefix(from) {
            return to + ref.dropFirst(from.count)
        }
        return ref
    }

    /// A schema with its Swagger-only keywords in their 3.0 form, down through every subschema (examples,
    /// defaults and enums are values, left as they are).
    private func schema(_ s: ImportValue) -> ImportValue {
        guard s.isObject else { return s }
        var out: [(String, ImportValue)] = []
        for (key, value) in s.members {
            switch key {
            case "$ref":
                out.append((key, value.string.map { string(SwaggerConversion.pointer($0), at: value) } ?? value))
            case "properties", "patternProperties":
                out.append((key, object(value.members.map { ($0.0, schema($0.1)) }, at: value)))
            case "items", "additionalProperties", "not":
                out.append((key, value.isArray ? array(value.items.map(schema), at: value) : schema(value)))
            case "allOf", "anyOf", "oneOf":
                out.append((key, array(value.items.map(schema), at: value)))
            case "x-nullable":
                if s["nullable"] == nil { out.append(("nullable", value)) }
            case "discriminator":
                if let name = value.string {
                    out.append((key, object([("propertyName", string(name, at: value))], at: value)))
                } else {
                    out.append((key, value))
                }
            case "type" where value.string == "file":
                out.append(("type", string("string", at: value)))
                if s["format"] == nil { out.append(("format", string("binary", at: value))) }
            default:
                out.append((key, value))
            }
        }
        return object(out, at: s)
    }
}
