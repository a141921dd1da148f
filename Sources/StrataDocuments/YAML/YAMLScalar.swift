/// Typing plain YAML scalars by the YAML 1.2 core schema, and explicit `!!` tags.
enum YAMLScalar {
    /// The tag prefix of the standard (`!!`) tags as libyaml resolves them.
    static let standardPrefix = "tag:yaml.org,2002:"

    /// A typed scalar: its kind, its text (decoded for strings, a JSON-style literal for numbers) and a bool's value.
    struct Typed: Equatable {
        var kind: NodeKind
        var text: String?
        var bool = false
    }

    /// The value of a scalar with `text`, written `plain` (unquoted, not a block scalar) or not, with `tag` (nil
    /// when untagged). Throws a message when an explicit `!!int`, `!!float`, `!!bool` or `!!null` tag does not fit
    /// the text.
    static func resolve(_ text: String, plain: Bool, tag: String?) throws(YAMLFailure) -> Typed {
        guard let tag else { return plain ? core(text) : Typed(kind: .string, text: text) }
        guard tag.hasPrefix(standardPrefix) else {
            // The non-specific `!` makes a string; a local or unknown tag keeps the value as written.
            return tag == "!" || !plain ? Typed(kind: .string, text: text) : core(text)
        }
        let name = tag.dropFirst(standardPrefix.count)
        let typed = core(text)
        switch name {
        case "str": return Typed(kind: .string, text: text)
        case "null" where typed.kind == .null, "bool" where typed.kind == .bool: return typed
        case "int" where typed.kind == .number && integer(text) != nil: return typed
        case "float" where typed.kind == .number: return typed
        case "null", "bool", "int", "float":
            throw YAMLFailure(message: "'\(text)' is not a valid !!\(name)")
        default: return plain ? typed : Typed(kind: .string, text: text)  // !!binary, !!timestamp, …: as written
        }
    }

    /// The core schema's reading of a plain scalar: null, bool, int, float, else string.
    static func core(_ text: String) -> Typed {
        switch text {
        case "", "~", "null", "Null", "NULL": return Typed(kind: .null, text: nil)
        case "true", "True", "TRUE": return Typed(kind: .bool, text: nil, bool: true)
        case "false", "False", "FALSE": return Typed(kind: .bool, text: nil, bool: false)
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return Typed(kind: .number, text: "inf")
        case "-.inf", "-.Inf", "-.INF": return Typed(kind: .number, text: "-inf")
        case ".nan", ".NaN", ".NAN": return Typed(kind: .number, text: "nan")
        default: break
        }
        if let n = integer(text) ?? float(text) { return Typed(kind: .number, text: n) }
        return Typed(kind: .string, text: text)
    }

    /// The decimal text of a core schema int (`[-+]?[0-9]+`, `0o17`, `0x1F`), or nil. Values beyond 64 bits stay
    /// decimal text as written (without sign `+` or leading zeros) so nothing is lost.
    static func integer(_ text: String) -> String? {
        let b = Array(text.utf8)
        func all(_ r: ArraySlice<UInt8>, _ ok: (UInt8) -> Bool) -> Bool { !r.isEmpty && r.allSatisfy(ok) }
        if b.count > 2, b[0] == UInt8(ascii: "0"), b[1] == UInt8(ascii: "o") || b[1] == UInt8(ascii: "x") {
            let radix = b[1] == UInt8(ascii: "o") ? 8 : 16
            let digits = b[2...]
            let ok = radix == 8 ? all(digits, { $0 >= 0x30 && $0 <= 0x37 }) : all(digits, isHex)
            guard ok else { return nil }
            return UInt64(String(decoding: digits, as: UTF8.self), radix: radix).map(String.init)
        }
        var body = b[...]
        var negative = false
        if let f = body.first, f == UInt8(ascii: "-") || f == UInt8(ascii: "+") {
            negative = f == UInt8(ascii: "-")
            body = body.dropFirst()
        }
        guard all(body, isDigit) else { return nil }
        let digits = body.drop { $0 == UInt8(ascii: "0") }
        if digits.isEmpty { return "0" }
        return (negative ? "-" : "") + String(decoding: digits, as: UTF8.self)
    }

    /// The JSON number text of a core schema float (`[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`), or nil:
    /// `+1.5` → `1.5`, `.5` → `0.5`, `1.` → `1.0`, `007.5` → `7.5`.
    static func float(_ text: String) -> String? {
        var b = Array(text.utf8)[...]
        var out = ""
        if let f = b.first, f == UInt8(ascii: "-") || f == UInt8(ascii: "+") {
            if f == UInt8(ascii: "-") { out = "-" }
            b = b.dropFirst()
        }
        let whole = b.prefix(while: isDigit)
        b = b.dropFirst(whole.count)
        var fraction: ArraySlice<UInt8>? = nil
        if b.first == UInt8(ascii: ".") {
            b = b.dropFirst()
            fraction = b.prefix(while: isDigit)
            b = b.dropFirst(fraction!.count)
        }
        guard !whole.isEmpty || !(fraction ?? []).isEmpty else { return nil }
        var exponent = ""
        if let e = b.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            b = b.dropFirst()
            var sign = ""
            if let s = b.first, s == UInt8(ascii: "-") || s == UInt8(ascii: "+") {
                sign = s == UInt8(ascii: "-") ? "-" : ""
                b = b.dropFirst()
            }
            let digits = b.prefix(while: isDigit)
            guard !digits.isEmpty else { return nil }
            b = b.dropFirst(digits.count)
            exponent = "e" + sign + String(decoding: digits, as: UTF8.self)
        }
        guard b.isEmpty else { return nil }
        let w = whole.drop { $0 == UInt8(ascii: "0") }
        out += w.isEmpty ? "0" : String(decoding: w, as: UTF8.self)
        if let fraction { out += "." + (fraction.isEmpty ? "0" : String(decoding: fraction, as: UTF8.self)) }
        return out + exponent
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
    private static func isHex(_ c: UInt8) -> Bool { isDigit(c) || (c | 0x20) >= 0x61 && (c | 0x20) <= 0x66 }
}

/// A YAML reading error before it is placed: its message, and the byte where it happened when known.
struct YAMLFailure: Error {
    var message: String
    var offset: Int? = nil
}
