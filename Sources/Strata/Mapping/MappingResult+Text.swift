import Foundation

/// The mapped tree as indented text for people, with issues marked.
extension MappingResult {
    /// The mapped tree, one value per line:
    ///
    /// ```text
    /// BookStore
    ///   name: "HappyBook"
    ///   catalogue: [2]
    ///     [0]: Article
    ///       copies: "x1" ⚠ expected int
    /// ```
    ///
    /// Errors and warnings are marked `⚠` with a short note; coercions add `(from string "24.56")`.
    public func text() -> String {
        var out = ""
        var depth = [Int](repeating: 0, count: values.count)
        var position = [Int](repeating: 0, count: values.count)
        for v in values {
            var line = ""
            if let p = v.parent {
                depth[v.id] = depth[p] + 1
                if values.isArray(p) {
                    line = "[\(position[p])]: "
                } else if let name = v.name {
                    line = (TreePath.isIdentifier(name) ? name : JSONString.quote(name)) + ": "
                }
                position[p] += 1
            }
            line += valueText(v)
            line += marks(v)
            out += String(repeating: "  ", count: depth[v.id]) + line + "\n"
        }
        return out
    }

    /// The issues, one per line (`error typeMismatch $.a.b Article.b: …`).
    public func issuesText() -> String {
        issues.map { $0.description + "\n" }.joined()
    }

    /// How a value reads on its line, without marks.
    func valueText(_ v: MappedValue) -> String {
        switch v.content {
        case .object(let className): return className
        case .array: return "[\(children(of: v.id).count)]"
        case .dictionary: return "{\(children(of: v.id).count)}"
        case .raw:
            return v.source.map { MappedValueText.short(tree.canonicalJSON($0)) } ?? "null"
        case .null: return "nil"
        case .missing: return "missing"
        case .invalid:
            guard let s = v.source else { return "invalid" }
            return tree.isContainer(s) ? MappedValueText.short(tree.canonicalJSON(s)) : tree.scalarText(s)
        case .reference(let target):
            let t = values[target]
            return "→ \(t.className ?? "value") (shown at \(referencePath(target)))"
        case .unresolved(let type, let id):
            return "→ \(type)/\(id) (not in the document)"
        default:
            return MappingResult.scalarText(v.content)
        }
    }

    /// The `⚠ note` and `(note)` suffixes of a value's issues.
    private func marks(_ v: MappedValue) -> String {
        guard v.severity != nil else { return "" }
        var warn: [String] = []
        var info: [String] = []
        for issue in issues(for: v.id) {
            let note: String?
            switch issue.kind {
            case .missingField: note = issue.expected.map { "expected " + $0 }
            case .valueNull: note = "required"
            case .typeMismatch, .badDate: note = issue.expected.map { "expected " + $0 }
            case .unknownClass: note = "unknown class " + (issue.expected ?? "")
            case .missingInclude: note = "not included"
            case .jsonapiInvalid: note = "invalid JSON:API"
            case .tooDeep: note = "too deep"
            case .coerced: note = issue.found.map { "from " + $0 }
            case .keyPathNotFound: note = "key path not found"
            case .unmappedField: note = nil
            }
            guard let note else { continue }
            if issue.severity == .info { info.append(note) } else { warn.append(note) }
        }
        var s = ""
        if !warn.isEmpty { s += " ⚠ " + warn.joined(separator: "; ") }
        if !info.isEmpty { s += " (" + info.joined(separator: "; ") + ")" }
        return s
    }

    /// A scalar as text: strings quoted, dates in ISO 8601 (UTC), URLs as written.
    static func scalarText(_ content: MappedValue.Content) -> String {
        switch content {
        case .string(let s): return JSONString.quote(s)
        case .int(let i): return String(i)
        case .double(let d): return MappedValueText.double(d)
        case .decimal(_, let written): return written
        case .bool(let b): return b ? "true" : "false"
        case .date(let d): return ISO8601Text.string(d)
        case .url(let u): return u.absoluteString
        case .null: return "nil"
        default: return ""
        }
    }
}

/// Small text helpers for mapped values.
enum MappedValueText {
    /// A double the way people write it: `24.56`, `3.0`, `1e+20`.
    static func double(_ d: Double) -> String { d.isFinite ? "\(d)" : (d.isNaN ? "nan" : (d < 0 ? "-inf" : "inf")) }

    /// `text` cut to 80 characters with an ellipsis.
    static func short(_ text: String) -> String { text.count <= 80 ? text : String(text.prefix(79)) + "…" }
}
