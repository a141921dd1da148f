import StrataDocuments

/// The mapped tree and the issues as JSON, for `--json`.
extension MappingResult {
    /// The mapped tree as JSON: objects as `{ "$class": "Article", … }` in property order, dates as ISO 8601
    /// strings, `any` values as their source JSON; missing and invalid values are `null` (the issues say why).
    /// JSON:API references are `{ "$ref": "data[0].author" }` and missing includes
    /// `{ "$type": "people", "$id": "9", "$missing": true }`.
    public func jsonText(pretty: Bool = false) -> String {
        jsonText(of: 0, pretty: pretty)
    }

    /// Value `id` and what it holds as JSON, in the form ``jsonText(pretty:)`` uses for the whole tree.
    public func jsonText(of id: Int, pretty: Bool = false) -> String {
        var out: [UInt8] = []
        writeJSON(of: id, pretty: pretty, chunkSize: .max) { out.append(contentsOf: $0) }
        return String(decoding: out, as: UTF8.self)
    }

    /// The issues as a JSON array of issue objects.
    public func issuesJSONText() -> String {
        "[" + issues.map { $0.jsonText() }.joined(separator: ",") + "]"
    }

    /// Writes ``jsonText(of:pretty:)`` handing `sink` chunks of about `chunkSize` bytes as they fill, without
    /// recursion, so the mapped JSON of a large response is never held whole (`strata run --json`).
    public func writeJSON(of id: Int = 0, pretty: Bool = false, chunkSize: Int = 1 << 16, to sink: ([UInt8]) -> Void) {
        guard id < values.count else { return }
        var writer = MappedJSONWriter(result: self, pretty: pretty, chunkSize: chunkSize)
        tree.source.withUnsafeBufferPointer { source in
            writer.write(id, json: tree.isJSONBacked ? source : nil, to: sink)
        }
    }

    /// Appends the JSON of value `i`, which holds no other values.
    fileprivate func appendScalarJSON(_ i: Int, pretty: Bool, to out: inout [UInt8]) {
        let colon = pretty ? ": " : ":"
        let text: String
        switch values.content(i) {
        case .object, .dictionary, .array: text = ""
        case .string(let s): text = JSONString.quote(s)
        case .int(let n):
            ByteText.appendDecimal(n, to: &out)
            return
        case .date(let d):
            out.append(UInt8(ascii: "\""))
            ISO8601Text.append(d, to: &out)
            out.append(UInt8(ascii: "\""))
            return
        case .double(let d): text = d.isFinite ? "\(d)" : "null"
        case .decimal(_, let written): text = written
        case .bool(let b): text = b ? "true" : "false"
        case .url(let u): text = JSONString.quote(u.absoluteString)
        case .raw:
            if let source = values.source(i) {
                tree.writeJSON(source, into: &out)
                return
            }
            text = "null"
        case .null, .missing, .invalid: text = "null"
        case .reference(let target):
            text = "{\"$ref\"" + colon + JSONString.quote(referencePath(target)) + "}"
        case .unresolved(let type, let rid):
            text =
                "{\"$type\"" + colon + JSONString.quote(type) + "," + (pretty ? " " : "") + "\"$id\"" + colon
                + JSONString.quote(rid) + "," + (pretty ? " " : "") + "\"$missing\"" + colon + "true}"
        }
        out.append(contentsOf: text.utf8)
    }
}

/// The state of one ``MappingResult/writeJSON(of:pretty:chunkSize:to:)``: the bytes not yet handed on, the
/// containers being written, and each name quoted once.
private struct MappedJSONWriter {
    let result: MappingResult
    let pretty: Bool
    let chunkSize: Int
    let colon: [UInt8]
    var out: [UInt8] = []
    /// Quoted names and class names, by their interned position.
    var quoted: [[UInt8]?]
    /// Containers being written: end, closing byte, whether their children are named, children written so far (an
    /// object's `$class` counts).
    var open: [(end: Int, close: UInt8, hasNamedChildren: Bool, written: Int)] = []

    init(result: MappingResult, pretty: Bool, chunkSize: Int) {
        self.result = result
        self.pretty = pretty
        self.chunkSize = chunkSize
        colon = Array((pretty ? ": " : ":").utf8)
        quoted = [[UInt8]?](repeating: nil, count: result.values.names.count)
        out.reserveCapacity(min(chunkSize, 1 << 16) + 256)
    }

    mutating func newline(_ level: Int) {
        guard pretty else { return }
        out.append(0x0A)
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level))
    }

    mutating func appendQuoted(_ name: Int) {
        if quoted[name] == nil { quoted[name] = Array(JSONString.quote(result.values.names[name]).utf8) }
        out.append(contentsOf: quoted[name]!)
    }

    /// Writes value `id` and its descendants; `json` is the source of a JSON-backed tree.
    mutating func write(_ id: Int, json: UnsafeBufferPointer<UInt8>?, to sink: ([UInt8]) -> Void) {
        let values = result.values
        var i = id
        while true {
            if let top = open.last {
                if top.written > 0 { out.append(UInt8(ascii: ",")) }
                open[open.count - 1].written += 1
                newline(open.count)
                if top.hasNamedChildren {
                    if let name = values.nameID(i) { appendQuoted(name) } else { out.append(contentsOf: "\"\"".utf8) }
                    out.append(contentsOf: colon)
                }
            }
            var next = values.end(i)
            switch values.kind(i) {
            case .object:
                out.append(UInt8(ascii: "{"))
                newline(open.count + 1)
                out.append(contentsOf: "\"$class\"".utf8)
                out.append(contentsOf: colon)
                appendQuoted(values.classNameID(i)!)
                open.append((next, UInt8(ascii: "}"), true, 1))
                next = i + 1
            case .dictionary:
                out.append(UInt8(ascii: "{"))
                open.append((next, UInt8(ascii: "}"), true, 0))
                next = i + 1
            case .array:
                out.append(UInt8(ascii: "["))
                open.append((next, UInt8(ascii: "]"), false, 0))
                next = i + 1
            case .sourceString:
                let start = values.stringSource(i).map { result.tree.startOffset($0) }
                if let json, let start, let end = Tree.plainLiteralEnd(json, from: start) {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: json[start..<end]))
                } else {
                    result.appendScalarJSON(i, pretty: pretty, to: &out)
                }
            default:
                result.appendScalarJSON(i, pretty: pretty, to: &out)
            }
            // Close the containers this value ends.
            while let top = open.last, next >= top.end {
                open.removeLast()
                if top.written > 0 { newline(open.count) }
                out.append(top.close)
            }
            if open.isEmpty { break }
            i = next
            if out.count >= chunkSize {
                sink(out)
                out.removeAll(keepingCapacity: true)
            }
        }
        if !out.isEmpty { sink(out) }
    }
}
