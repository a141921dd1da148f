import StrataDocuments

/// A JSON value for command output, written with stable member order.
public indirect enum OutputJSON: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` / `false`.
    case bool(Bool)
    /// A number, written as given.
    case number(String)
    /// A string.
    case string(String)
    /// An array.
    case array([OutputJSON])
    /// An object, members in order.
    case object([(String, OutputJSON)])
    /// JSON text inserted as is (already valid JSON, e.g. a tree's canonical JSON).
    case raw(String)

    /// An integer.
    public static func int(_ i: Int) -> OutputJSON { .number(String(i)) }

    /// A string, or null when nil.
    public static func optional(_ s: String?) -> OutputJSON { s.map { .string($0) } ?? .null }

    /// The JSON text, indented by two spaces per level when `pretty`.
    public func text(pretty: Bool = true) -> String {
        var out = ""
        write(into: &out, pretty: pretty, depth: 0)
        return out
    }

    func write(into out: inout String, pretty: Bool, depth: Int) {
        func newline(_ d: Int) {
            if pretty { out += "\n" + String(repeating: "  ", count: d) }
        }
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n
        case .string(let s): JSONString.appendQuoted(s, to: &out)
        case .raw(let r): out += r
        case .array(let items):
            if items.isEmpty {
                out += "[]"
                return
            }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                newline(depth + 1)
                item.write(into: &out, pretty: pretty, depth: depth + 1)
            }
            newline(depth)
            out += "]"
        case .object(let members):
            if members.isEmpty {
                out += "{}"
                return
            }
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += "," }
                newline(depth + 1)
                JSONString.appendQuoted(key, to: &out)
                out += pretty ? ": " : ":"
                value.write(into: &out, pretty: pretty, depth: depth + 1)
            }
            newline(depth)
            out += "}"
        }
    }

    /// Whether two values print as the same compact JSON.
    public static func == (a: OutputJSON, b: OutputJSON) -> Bool { a.text(pretty: false) == b.text(pretty: false) }
}
