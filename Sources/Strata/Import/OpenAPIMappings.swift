import Foundation
import StrataMapping

/// Drafting `mappings` classes from OpenAPI schemas.
struct OpenAPIMappings {
    /// A property's (or route's) type, as the mapping configuration writes it.
    struct TypeInfo {
        var type: String
        var format: String? = nil
        var of: OutputJSON? = nil
        var nullable = false
        var note: String? = nil

        static let any = TypeInfo(type: "any")

        var isClassLike: Bool {
            !OpenAPIMappings.builtIn.contains(type) && !type.hasPrefix("[") && !type.hasPrefix("{")
        }

        /// True for an array or dictionary of something more specific than `any` (`[Pet]`, `{API}`, `{int}`): a
        /// type worth mapping a route's response with.
        var isTypedContainer: Bool {
            (type.hasPrefix("[") || type.hasPrefix("{")) && type != "[any]" && type != "{any}"
        }
    }

    static let builtIn: Set<String> = Set(MappingType.scalarNames + ["dictionary"])

    /// Classes by name, in the order they were made.
    var classes: [(String, OutputJSON)] = []
    private var names: Set<String> = []
    /// Class names given to reference targets (set before the class is built, so cycles end).
    private var named: [OpenAPIDocuments.Target: String] = [:]

    /// A class name not yet used, made from `hint`.
    mutating func freshName(_ hint: String) -> String {
        var base =
            hint.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" })
                && !hint.isEmpty && !(hint.first?.isNumber ?? true) ? hint : ImportNaming.pascal(hint)
        if OpenAPIMappings.builtIn.contains(base) || base.hasPrefix("JSONAPI") { base += "Model" }
        var name = base
        var n = 2
        while names.contains(name) {
            name = base + String(n)
            n += 1
        }
        names.insert(name)
        return name
    }

    /// The name of the schema a target holds (`Pet` for `#/components/schemas/Pet`).
    static func hint(for target: OpenAPIDocuments.Target, documents: OpenAPIDocuments) -> String {
        if let last = target.pointer.split(separator: "/").last { return String(last) }
        let file = (documents.documents[target.document].file as NSString).lastPathComponent
        return String(file.split(separator: ".").first ?? "Model")
    }

    /// The type `schema` maps to; objects become classes named from `hint`.
    mutating func type(_ schema: ImportValue, hint: String, docs: inout OpenAPIDocuments, depth: Int = 0) -> TypeInfo {
        guard depth < 64 else { return .any }
        let (s, target) = docs.resolve(schema)
        if let target, let name = named[target] { return TypeInfo(type: name) }
        var info: TypeInfo
        let types = typeNames(s)
        let nullable = s["nullable"]?.bool == true || types.contains("null")
        let t = types.first { $0 != "null" }
        if let part = OpenAPIMappings.onlyPart(ofAllOf: s, docs: &docs) {
            // `allOf: [{ $ref: Tags }, { description: … }]`: the one part that says something is the type (an array
            // stays an array; a class keeps its own name rather than a copy named after the property).
            info = type(part, hint: hint, docs: &docs, depth: depth + 1)
        } else if s["allOf"] != nil || !s["properties"].isNil || (t == "object" && s["additionalProperties"] == nil) {
            if t == "object" || s["allOf"] != nil || !s["properties"].isNil {
                let members = merged(s, docs: &docs)
                if members.properties.isEmpty, let extra = s["additionalProperties"], extra.isObject {
                    info = dictionary(extra, hint: hint, docs: &docs, depth: depth)
                } else if members.properties.isEmpty && s["allOf"] == nil && s["properties"].isNil {
                    info = TypeInfo(type: "dictionary")
                } else {
                    let name = freshName(target.map { OpenAPIMappings.hint(for: $0, documents: docs) } ?? hint)
                    if let target { named[target] = name }
                    makeClass(name, members, docs: &docs, depth: depth)
                    info = TypeInfo(type: name)
                }
            } else {
                info = TypeInfo(type: "dictionary")
            }
        } else if let variants = (s["oneOf"] ?? s["anyOf"])?.items, !variants.isEmpty {
            info = choice(s, variants, hint: hint, docs: &docs, depth: depth)
        } else {
            switch t {
            case "string":
                switch s["format"]?.string {
                case "date-time": info = TypeInfo(type: "date", format: "rfc3339")
                case "date": info = TypeInfo(type: "date", format: "iso8601")
                case "uri", "url", "uri-reference", "iri": info = TypeInfo(type: "url")
                case "uuid": info = TypeInfo(type: "string", note: "a UUID")
                case "byte": info = TypeInfo(type: "string", note: "base64-encoded bytes")
                case "binary": info = TypeInfo(type: "string", note: "binary data")
                case "int-or-string": info = TypeInfo(type: "any", note: "an integer or a string")
                default: info = TypeInfo(type: "string")
                }
            case "integer": info = TypeInfo(type: "int", note: s["format"]?.string)
            case "number": info = TypeInfo(type: "double", note: s["format"]?.string)
            case "boolean": info = TypeInfo(type: "bool")
            case "array":
                if let items = s["items"] {
                    let element = type(items, hint: hint + "Item", docs: &docs, depth: depth + 1)
                    if let of = element.of {
                        info = TypeInfo(type: "array", of: of)
                    } else if element.format != nil {
                        info = TypeInfo(type: "[\(element.type)]", format: element.format)
                    } else {
                        info = TypeInfo(type: "[\(element.type)]", note: element.note)
                    }
                } else {
                    info = TypeInfo(type: "[any]")
                }
            case "object":
                info = dictionary(s["additionalProperties"], hint: hint, docs: &docs, depth: depth)
            default: info = .any
            }
        }
        if let e = s["enum"]?.items, !e.isEmpty {
            let list = e.compactMap { $0.scalarText ?? ($0.kind.isNull ? "null" : nil) }.joined(separator: ", ")
            info.note = "one of: " + list
        }
        info.nullable = info.nullable || nullable
        return info
    }

    private mutating func dictionary(_ extra: ImportValue?, hint: String, docs: inout OpenAPIDocuments, depth: Int)
        -> TypeInfo
    {
        guard let extra, extra.isObject else { return TypeInfo(type: "dictionary") }
        let v = type(extra, hint: hint + "Value", docs: &docs, depth: depth + 1)
        if v.of != nil { return TypeInfo(type: "dictionary") }
        // `{T}`, the one spelling of a dictionary of T (a date's format stays beside it).
        return v.type == "any" ? TypeInfo(type: "dictionary") : TypeInfo(type: "{\(v.type)}", format: v.format)
    }

    private mutating func choice(
        _ s: ImportValue, _ variants: [ImportValue], hint: String, docs: inout OpenAPIDocuments, depth: Int
    ) -> TypeInfo {
        let list = variants.map { docs.resolve($0) }
        if let by = s["discriminator"]?["propertyName"]?.string {
            var cases: [(String, OutputJSON)] = []
            var byTarget: [OpenAPIDocuments.Target: String] = [:]
            for (value, ref) in s["discriminator"]?["mapping"]?.members ?? [] {
                if let r = ref.string,
                    let t = docs.target(
                        r.contains("#") || r.contains(".") ? r : "#/components/schemas/" + r,
                        from: ref.document, at: ref)
                {
                    byTarget[t] = value
                }
            }
            for (i, variant) in variants.enumerated() {
                let t = type(variant, hint: hint + "Variant\(i + 1)", docs: &docs, depth: depth + 1)
                guard t.isClassLike else { continue }
                if let value = list[i].target.flatMap({ byTarget[$0] }) {
                    cases.append((value, .string(t.type)))
                    continue
                }
                // Without a mapping the value is the schema's name, as OpenAPI says; a variant whose property
                // allows one value (`type: { enum: [function] }`, `const`) is sent with that value, so it maps too.
                let pinned = pinnedValue(of: by, in: list[i].value, docs: &docs)
                let named = list[i].target.map { OpenAPIMappings.hint(for: $0, documents: docs) } ?? t.type
                for value in [pinned, named].compactMap({ $0 }) where !cases.contains(where: { $0.0 == value }) {
                    cases.append((value, .string(t.type)))
                }
            }
            if !cases.isEmpty {
                let of = OutputJSON.object([("by", .string(by)), ("map", .object(cases))])
                return TypeInfo(
                    type: "any", of: of, note: "one of " + cases.map { $0.0 }.joined(separator: ", ") + " by " + by)
            }
        }
        let types = variants.enumerated().map {
            type($0.element, hint: hint + "Variant\($0.offset + 1)", docs: &docs, depth: depth + 1)
        }
        let nonNull = types.filter { $0.type != "any" || $0.of != nil }
        if let first = nonNull.first, nonNull.allSatisfy({ $0.type == first.type && $0.of == nil }) {
            var t = first
            t.nullable = types.count != nonNull.count
            return t
        }
        return TypeInfo(type: "any", note: "one of several shapes (oneOf/anyOf without a discriminator)")
    }

    /// The one value property `name` of variant `schema` may take (its `const`, or an `enum` of one), if any.
    private func pinnedValue(of name: String, in schema: ImportValue, docs: inout OpenAPIDocuments) -> String? {
        guard let property = merged(schema, docs: &docs).properties.first(where: { $0.0 == name })?.1 else {
            return nil
        }
        let p = docs.resolve(property).value
        if let c = p["const"]?.scalarText { return c }
        if let e = p["enum"]?.items, e.count == 1 { return e[0].scalarText }
        return nil
    }

    /// Keywords that describe a value without constraining its shape.
    static let annotations: Set<String> = [
        "description", "title", "example", "examples", "nullable", "readOnly", "writeOnly", "deprecated", "default",
        "externalDocs", "xml",
    ]

    /// The one part of `s`'s `allOf` that says something about the shape, when `s` adds no properties of its own
    /// and every other part only annotates (a description, `nullable`); else nil.
    static func onlyPart(ofAllOf s: ImportValue, docs: inout OpenAPIDocuments) -> ImportValue? {
        guard let parts = s["allOf"]?.items, s["properties"] == nil, s["additionalProperties"] == nil else {
            return nil
        }
        var found: ImportValue? = nil
        for part in parts {
            let resolved = docs.resolve(part).value
            if resolved.members.allSatisfy({ annotations.contains($0.0) || $0.0.hasPrefix("x-") }) { continue }
            guard found == nil else { return nil }
            found = part
        }
        return found
    }

    struct Members {
        var properties: [(String, ImportValue)] = []
        var required: Set<String> = []
        var description: String? = nil
    }

    /// Properties and `required` of an object schema, with `allOf` parts merged in order.
    func merged(_ s: ImportValue, docs: inout OpenAPIDocuments, depth: Int = 0) -> Members {
        var m = Members()
        guard depth < 32 else { return m }
        for part in s["allOf"]?.items ?? [] {
            let resolved = docs.resolve(part).value
            let inner = merged(resolved, docs: &docs, depth: depth + 1)
            for p in inner.properties where !m.properties.contains(where: { $0.0 == p.0 }) { m.properties.append(p) }
            m.required.formUnion(inner.required)
        }
        for p in s["properties"]?.members ?? [] {
            if let i = m.properties.firstIndex(where: { $0.0 == p.0 }) {
                m.properties[i] = p
            } else {
                m.properties.append(p)
            }
        }
        for r in s["required"]?.items ?? [] { if let name = r.string { m.required.insert(name) } }
        m.description = s["description"]?.string
        return m
    }

    private mutating func makeClass(_ name: String, _ members: Members, docs: inout OpenAPIDocuments, depth: Int) {
        let index = classes.count
        classes.append((name, .null))
        var properties: [(String, OutputJSON)] = []
        for (pname, schema) in members.properties {
            let t = type(schema, hint: name + ImportNaming.pascal(pname), docs: &docs, depth: depth + 1)
            // A writeOnly member is sent, never answered: a response has no value for it.
            let writeOnly = docs.resolve(schema).value["writeOnly"]?.bool == true
            let optional = !members.required.contains(pname) || t.nullable || writeOnly
            properties.append((pname, OpenAPIMappings.property(t, optional: optional)))
        }
        classes[index].1 = .object([("properties", .object(properties))])
    }

    /// A property as configuration: a type string when that says everything, else an object.
    static func property(_ t: TypeInfo, optional: Bool) -> OutputJSON {
        var t = t
        if t.of != nil, t.type != "array" { t.of = nil }
        if t.format == nil, t.of == nil, t.note == nil, !optional { return .string(t.type) }
        var m: [(String, OutputJSON)] = []
        if t.of == nil { m.append(("type", .string(t.type))) }
        if let of = t.of { m.append(("of", of)) }
        if let format = t.format { m.append(("format", .string(format))) }
        if optional { m.append(("optional", .bool(true))) }
        if let note = t.note { m.append(("description", .string(note))) }
        return .object(m)
    }

    /// The type names of a schema: `type` as a string or (3.1) a list.
    func typeNames(_ s: ImportValue) -> [String] {
        if let t = s["type"]?.string { return [t] }
        return s["type"]?.items.compactMap(\.string) ?? []
    }
}

extension ImportValue.Kind {
    var isNull: Bool { if case .null = self { true } else { false } }
}

extension Optional where Wrapped == ImportValue {
    var isNil: Bool { self == nil }
}
