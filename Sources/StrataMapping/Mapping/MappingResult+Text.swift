import Foundation
import StrataDocuments

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
        var out: [UInt8] = []
        writeText(chunkSize: .max) { out.append(contentsOf: $0) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Writes ``text()`` handing `sink` chunks of about `chunkSize` bytes of UTF-8 as they fill, so the mapped view
    /// of a large response is never held whole (`strata run --show mapped`).
    ///
    /// Plain values are written straight into bytes (names' labels once per name, strings read from JSON as
    /// written); a value with issues or of a rare kind goes through ``valueText(_:)`` and its marks.
    public func writeText(chunkSize: Int = 1 << 16, to sink: ([UInt8]) -> Void) {
        var out: [UInt8] = []
        out.reserveCapacity(min(chunkSize, 1 << 16) + 256)
        // Values with descendants whose lines are being written: end, whether an array, children written so far.
        var open: [(end: Int, isArray: Bool, position: Int)] = []
        var labels = [[UInt8]?](repeating: nil, count: values.names.count)
        tree.source.withUnsafeBufferPointer { source in
            let json = tree.isJSONBacked ? source : nil
            for i in values.indices {
                while let top = open.last, i >= top.end { open.removeLast() }
                out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * open.count))
                if !open.isEmpty {
                    let top = open.count - 1
                    if open[top].isArray {
                        out.append(UInt8(ascii: "["))
                        ByteText.appendDecimal(open[top].position, to: &out)
                        out.append(contentsOf: "]: ".utf8)
                    } else if let name = values.nameID(i) {
                        if labels[name] == nil {
                            let text = values.names[name]
                            labels[name] = Array(
                                ((TreePath.isIdentifier(text) ? text : JSONString.quote(text)) + ": ").utf8)
                        }
                        out.append(contentsOf: labels[name]!)
                    }
                    open[top].position += 1
                }
                if values.severity(i) != nil || !appendPlainValue(i, json, to: &out) {
                    let v = values[i]
                    out.append(contentsOf: valueText(v).utf8)
                    out.append(contentsOf: marks(v).utf8)
                }
                out.append(0x0A)
                if values.end(i) > i + 1 { open.append((values.end(i), values.isArray(i), 0)) }
                if out.count >= chunkSize {
                    sink(out)
                    out.removeAll(keepingCapacity: true)
                }
            }
        }
        if !out.isEmpty { sink(out) }
    }

    /// Appends value `i`'s text as ``valueText(_:)`` writes it, for the common kinds; false, appending nothing, for
    /// the others. `json` is the source of a JSON-backed tree, whose plain strings are copied as written.
    private func appendPlainValue(_ i: Int, _ json: UnsafeBufferPointer<UInt8>?, to out: inout [UInt8]) -> Bool {
        switch values.kind(i) {
        case .object:
            out.append(contentsOf: values.className(i)!.utf8)
        case .array, .dictionary:
            let isArray = values.isArray(i)
            out.append(isArray ? UInt8(ascii: "[") : UInt8(ascii: "{"))
            var count = 0
            var c = i + 1
            while c < values.end(i) {
                count += 1
                c = values.end(c)
            }
            ByteText.appendDecimal(count, to: &out)
            out.append(isArray ? UInt8(ascii: "]") : UInt8(ascii: "}"))
        case .sourceString:
            guard let json, let node = values.stringSource(i),
                let end = Tree.plainLiteralEnd(json, from: tree.startOffset(node))
            else { return false }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: json[tree.startOffset(node)..<end]))
        case .int:
            guard case .int(let n) = values.content(i) else { return false }
            ByteText.appendDecimal(n, to: &out)
        case .bool:
            out.append(contentsOf: (values.content(i) == .bool(true) ? "true" : "false").utf8)
        case .null: out.append(contentsOf: "nil".utf8)
        case .missing: out.append(contentsOf: "missing".utf8)
        default: return false
        }
        return true
    }

    /// The issues, one per line (`error typeMismatch $.a.b Article.b: …`).
    public func issuesText() -> String {
        issues.map { $0.description + "\n" }.joined()
    }

    /// How a value reads on its line, without marks.
    package func valueText(_ v: MappedValue) -> String {
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
