/// The mapped tree and the issues as JSON, for `--json`.
extension MappingResult {
    /// The mapped tree as JSON: objects as `{ "$class": "Article", … }` in property order, dates as ISO 8601
    /// strings, `any` values as their source JSON; missing and invalid values are `null` (the issues say why).
    /// JSON:API references are `{ "$ref": "data[0].author" }` and missing includes
    /// `{ "$type": "people", "$id": "9", "$missing": true }`.
    public func jsonText(pretty: Bool = false) -> String {
        var out = ""
        write(0, into: &out, pretty: pretty, indent: 0)
        return out
    }

    /// Value `id` and what it holds as JSON, in the form ``jsonText(pretty:)`` uses for the whole tree.
    public func jsonText(of id: Int, pretty: Bool = false) -> String {
        var out = ""
        write(id, into: &out, pretty: pretty, indent: 0)
        return out
    }

    /// The issues as a JSON array of issue objects.
    public func issuesJSONText() -> String {
        "[" + issues.map { $0.jsonText() }.joined(separator: ",") + "]"
    }

    private func write(_ id: Int, into out: inout String, pretty: Bool, indent: Int) {
        let v = values[id]
        func newline(_ level: Int) {
            guard pretty else { return }
            out += "\n" + String(repeating: "  ", count: level)
        }
        let colon = pretty ? ": " : ":"
        switch v.content {
        case .object(let className):
            out += "{"
            newline(indent + 1)
            out += "\"$class\"" + colon + JSONString.quote(className)
            for c in children(of: id) {
                out += ","
                newline(indent + 1)
                out += JSONString.quote(values.name(c) ?? "") + colon
                write(c, into: &out, pretty: pretty, indent: indent + 1)
            }
            newline(indent)
            out += "}"
        case .dictionary:
            let kids = children(of: id)
            out += "{"
            for (k, c) in kids.enumerated() {
                if k > 0 { out += "," }
                newline(indent + 1)
                out += JSONString.quote(values.name(c) ?? "") + colon
                write(c, into: &out, pretty: pretty, indent: indent + 1)
            }
            if !kids.isEmpty { newline(indent) }
            out += "}"
        case .array:
            let kids = children(of: id)
            out += "["
            for (k, c) in kids.enumerated() {
                if k > 0 { out += "," }
                newline(indent + 1)
                write(c, into: &out, pretty: pretty, indent: indent + 1)
            }
            if !kids.isEmpty { newline(indent) }
            out += "]"
        case .string(let s): out += JSONString.quote(s)
        case .int(let i): out += String(i)
        case .double(let d): out += d.isFinite ? "\(d)" : "null"
        case .decimal(_, let written): out += written
        case .bool(let b): out += b ? "true" : "false"
        case .date(let d): out += JSONString.quote(ISO8601Text.string(d))
        case .url(let u): out += JSONString.quote(u.absoluteString)
        case .raw:
            out += v.source.map { tree.canonicalJSON($0) } ?? "null"
        case .null, .missing, .invalid: out += "null"
        case .reference(let target):
            out += "{\"$ref\"" + colon + JSONString.quote(referencePath(target)) + "}"
        case .unresolved(let type, let rid):
            out += "{\"$type\"" + colon + JSONString.quote(type) + "," + (pretty ? " " : "")
            out +=
                "\"$id\"" + colon + JSONString.quote(rid) + "," + (pretty ? " " : "") + "\"$missing\"" + colon + "true}"
        }
    }
}
