/// Response bodies made from a schema when a description gives no example, so every route answers offline.
extension OpenAPIImport.State {
    /// How deep a made-up body goes, and from which depth it holds only required members: Kubernetes' objects nest
    /// a dozen levels, and a fixture of every optional member at every level is megabytes nobody reads.
    static let sampleDepth = 12
    static let optionalMembersDepth = 4

    /// A JSON value that fits `schema` (so the route's own mapping reads it without an error): its examples and
    /// defaults where it has them, else a stand-in per type; nil when none can be made without going round a cycle
    /// of references or deeper than ``sampleDepth``: an optional member is then left out and an array left empty.
    mutating func sampleJSON(_ raw: ImportValue, seen: inout Set<OpenAPIDocuments.Target>, depth: Int) -> OutputJSON? {
        let (schema, target) = docs.resolve(raw)
        if let target {
            guard seen.insert(target).inserted else { return nil }
        }
        defer { if let target { seen.remove(target) } }
        if let e = example(schema, raw: true) { return e.json }
        if let d = schema["default"] { return d.json }
        if let first = schema["enum"]?.items.first { return first.json }
        if let c = schema["const"] { return c.json }
        if let part = OpenAPIMappings.onlyPart(ofAllOf: schema, docs: &docs) {
            return sampleJSON(part, seen: &seen, depth: depth + 1)
        }
        let types = mappings.typeNames(schema)
        let nullable = schema["nullable"]?.bool == true || types.contains("null")
        let t = types.first { $0 != "null" }
        let isObject = schema["properties"] != nil || schema["allOf"] != nil || t == "object"
        if isObject || t == "array" || schema["oneOf"] != nil || schema["anyOf"] != nil {
            guard depth < Self.sampleDepth else { return t == "array" ? .array([]) : nullable ? .null : nil }
        }
        if let variants = (schema["oneOf"] ?? schema["anyOf"])?.items, !variants.isEmpty {
            for variant in variants {
                if let value = sampleJSON(variant, seen: &seen, depth: depth + 1) { return value }
            }
            return nullable ? .null : nil
        }
        if isObject {
            let m = mappings.merged(schema, docs: &docs)
            if m.properties.isEmpty, let extra = schema["additionalProperties"], extra.isObject {
                // A dictionary: one entry, so the made fixture shows what each value holds.
                return .object(sampleJSON(extra, seen: &seen, depth: depth + 1).map { [("key", $0)] } ?? [])
            }
            var members: [(String, OutputJSON)] = []
            for (name, property) in m.properties {
                let required = m.required.contains(name)
                if !required, depth >= Self.optionalMembersDepth { continue }
                if docs.resolve(property).value["writeOnly"]?.bool == true { continue }
                if let value = sampleJSON(property, seen: &seen, depth: depth + 1) { members.append((name, value)) }
            }
            return .object(members)
        }
        switch t {
        case "array":
            guard let items = schema["items"] else { return .array([]) }
            return .array(sampleJSON(items, seen: &seen, depth: depth + 1).map { [$0] } ?? [])
        case "integer": return .number("1")
        case "number": return .number("1.5")
        case "boolean": return .bool(true)
        case "string": return .string(sample(schema))
        default: return .null
        }
    }
}
