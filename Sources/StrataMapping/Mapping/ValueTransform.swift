import StrataDocuments

/// A named change a property makes to a scalar value before it is typed (`"transform": "trim"`), in the spirit of
/// jsonapi-ios's `JSONAPIResourceFormatter`: text as servers send it (`" Ada "`, `"1,234.50"`, `"yes"`) read as the
/// value it stands for.
///
/// A property applies its transforms in order, each to what the one before gave, to every scalar it reads (the
/// elements of an array, the values of a dictionary). Text transforms leave numbers and bools as they are.
public enum ValueTransform: String, Sendable, Hashable, CaseIterable {
    /// Text without leading and trailing white space (line breaks included).
    case trim
    /// Text in lower case.
    case lowercase
    /// Text in upper case.
    case uppercase
    /// A number written with `,` between groups of digits and `.` before the fraction (`"1,234.50"` → 1234.50).
    case number
    /// A number written with `.` or spaces between groups and `,` before the fraction (`"1.234,50"` → 1234.50).
    case decimalComma
    /// A bool written as a word: yes/no, y/n, on/off, true/false, 1/0 (any case).
    case yesno
    /// Empty or blank text as null: missing for an optional property, its default, or `valueNull`.
    case emptyNull

    /// What the transform reads and gives, for the documentation table and messages.
    public var summary: String {
        switch self {
        case .trim: "text without leading and trailing white space"
        case .lowercase: "text in lower case"
        case .uppercase: "text in upper case"
        case .number: "a number written like 1,234.50 (`,` between groups, `.` before the fraction)"
        case .decimalComma: "a number written like 1.234,50 or 1 234,50 (`,` before the fraction)"
        case .yesno: "a bool written as yes/no, y/n, on/off, true/false or 1/0"
        case .emptyNull: "null for empty or blank text"
        }
    }
}

/// A scalar on its way through a property's transforms.
enum TransformedScalar: Equatable {
    case string(String)
    /// A number as JSON writes it (`-1234.50`).
    case number(String)
    case bool(Bool)
    case null

    /// The value of scalar node `n`, or nil for a container.
    init?(_ tree: Tree, _ n: Tree.Index) {
        switch tree.kind(n) {
        case .string: self = .string(ScalarConversion.string(tree, n))
        case .number: self = .number(tree.numberText(n) ?? "")
        case .bool: self = .bool(tree.bool(n) ?? false)
        case .null: self = .null
        case .object, .array: return nil
        }
    }

    /// A one-node tree holding the value, for the conversion every other value goes through.
    var tree: Tree {
        var b = TreeBuilder(source: [], format: .yaml)
        switch self {
        case .string(let s): b.scalar(.string, value: s, start: 0, end: 0)
        case .number(let s): b.scalar(.number, value: s, start: 0, end: 0)
        case .bool(let v): b.scalar(.bool, bool: v, start: 0, end: 0)
        case .null: b.scalar(.null, start: 0, end: 0)
        }
        return b.build()
    }

    /// The type that reads the value, for a mismatch's hint: `string`, `int`, `double`, `bool`, `optional`.
    var typeName: String {
        switch self {
        case .string: "string"
        case .number(let s): Int(s) != nil ? "int" : "double"
        case .bool: "bool"
        case .null: "optional"
        }
    }

    /// The value as a message shows it: `"Ada"`, `1234.50`, `true`, `null`.
    var text: String {
        switch self {
        case .string(let s): JSONString.quote(s)
        case .number(let s): s
        case .bool(let v): v ? "true" : "false"
        case .null: "null"
        }
    }
}

extension ValueTransform {
    /// Applies `transforms` in order to scalar node `n`; the failure says which transform could not read what.
    static func apply(_ transforms: [ValueTransform], to tree: Tree, _ n: Tree.Index) -> Result<
        TransformedScalar, TransformFailure
    > {
        guard var value = TransformedScalar(tree, n) else {
            return .failure(
                TransformFailure(reason: "transform \(transforms[0].rawValue) reads a scalar, not \(tree.describe(n))"))
        }
        for t in transforms {
            guard let next = t.apply(value) else {
                return .failure(
                    TransformFailure(reason: "transform \(t.rawValue) reads \(t.reads), not \(value.text)"))
            }
            value = next
        }
        return .success(value)
    }

    /// What the transform can read, for its failure message.
    private var reads: String {
        switch self {
        case .trim, .lowercase, .uppercase, .emptyNull: "text"
        case .number: "a number written like 1,234.50"
        case .decimalComma: "a number written like 1.234,50"
        case .yesno: "yes/no, y/n, on/off, true/false or 1/0"
        }
    }

    /// This transform applied to `value`, or nil when it cannot read it.
    func apply(_ value: TransformedScalar) -> TransformedScalar? {
        switch (self, value) {
        case (_, .null): return .null
        case (.trim, .string(let s)): return .string(s.trimmingCharacters(in: .whitespacesAndNewlines))
        case (.lowercase, .string(let s)): return .string(s.lowercased())
        case (.uppercase, .string(let s)): return .string(s.uppercased())
        case (.trim, _), (.lowercase, _), (.uppercase, _): return value
        case (.emptyNull, .string(let s)):
            return s.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? .null : value
        case (.emptyNull, _): return value
        case (.number, .number), (.decimalComma, .number): return value
        case (.number, .string(let s)):
            return ValueTransform.groupedNumber(s, group: [","], point: ".").map { .number($0) }
        case (.decimalComma, .string(let s)):
            return ValueTransform.groupedNumber(s, group: [".", " ", "\u{00A0}", "\u{202F}"], point: ",").map {
                .number($0)
            }
        case (.number, .bool), (.decimalComma, .bool): return nil
        case (.yesno, .bool): return value
        case (.yesno, .number(let s)):
            switch s {
            case "1": return .bool(true)
            case "0": return .bool(false)
            default: return nil
            }
        case (.yesno, .string(let s)):
            switch s.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() {
            case "yes", "y", "on", "true", "1": return .bool(true)
            case "no", "n", "off", "false", "0": return .bool(false)
            default: return nil
            }
        }
    }

    /// A number written with `group` characters between runs of digits of its whole part and `point` before the
    /// fraction, as JSON writes it (`+1,234.50` gives `1234.50`, `007` gives `7`); nil when it is not one.
    static func groupedNumber(_ text: String, group: Set<Character>, point: Character) -> String? {
        var chars = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        var negative = false
        if let sign = chars.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            chars = chars.dropFirst()
        }
        var whole = ""
        var fraction: String? = nil
        var previousWasGroup = true  // no group character first
        for c in chars {
            if fraction != nil {
                guard c.isASCII, c.isNumber else { return nil }
                fraction!.append(c)
            } else if c.isASCII, c.isNumber {
                whole.append(c)
                previousWasGroup = false
            } else if group.contains(c) {
                guard !previousWasGroup else { return nil }
                previousWasGroup = true
            } else if c == point {
                guard !whole.isEmpty ? !previousWasGroup : true else { return nil }
                fraction = ""
            } else {
                return nil
            }
        }
        if fraction == nil, previousWasGroup { return nil }  // empty, or a group character last
        if let fraction, fraction.isEmpty { return nil }
        let digits = whole.drop { $0 == "0" }
        var out = negative ? "-" : ""
        out += digits.isEmpty ? "0" : String(digits)
        if let fraction { out += "." + fraction }
        return out
    }
}

/// Why a transform could not read a value.
struct TransformFailure: Error {
    var reason: String
}

extension ScalarOutcome {
    /// The outcome of typing a value `transforms` gave, saying what they gave when it does not fit.
    func transformed(into value: TransformedScalar, by transforms: [ValueTransform]) -> ScalarOutcome {
        let given = "after " + transforms.map(\.rawValue).joined(separator: ", ") + " it is " + value.text
        switch self {
        case .value: return self
        case .mismatch(let reason): return .mismatch(given + (reason.map { ": " + $0 } ?? ""))
        case .badDate(let reason): return .badDate(reason + " (" + given + ")")
        }
    }
}
