import Foundation
import StrataDocuments
import StrataMapping

extension Tree: DiffableOutline {
    /// Objects by key, arrays by index, scalars by kind (`string`, `number`, `bool`, `null`).
    public func diffShape(_ i: Index) -> DiffShape {
        switch kind(i) {
        case .object: DiffShape(.keyed, "object")
        case .array: DiffShape(.indexed, "array")
        case let k: DiffShape(.scalar, k.description)
        }
    }

    /// A string's decoded text, a number's value (`1.0` and `1` are equal; text for numbers no Double holds
    /// exactly the same), a bool, or `null`.
    public func diffValue(_ i: Index) -> String {
        switch kind(i) {
        case .string: return string(i) ?? ""
        case .number:
            let text = numberText(i) ?? ""
            if let d = Double(text), d.isFinite { return "\(d)" }
            return text
        default: return scalarText(i)
        }
    }

    /// The node as ``describe(_:sizes:)`` tells it (`number 45`, `object with 3 fields`).
    public func diffText(_ i: Index) -> String { describe(i, sizes: true) }
}

extension MappingResult: DiffableOutline {
    /// Mapped objects by property (their class name is the type), dictionaries by key, arrays by index; scalars
    /// by their mapped type (`int`, `double`, `date`, …), so a value that now maps to another type is a type change.
    public func diffShape(_ i: Int) -> DiffShape {
        switch values[i].content {
        case .object(let className): DiffShape(.keyed, className)
        case .dictionary: DiffShape(.keyed, "dictionary")
        case .array: DiffShape(.indexed, "array")
        case .string: DiffShape(.scalar, "string")
        case .int: DiffShape(.scalar, "int")
        case .double: DiffShape(.scalar, "double")
        case .decimal: DiffShape(.scalar, "decimal")
        case .bool: DiffShape(.scalar, "bool")
        case .date: DiffShape(.scalar, "date")
        case .url: DiffShape(.scalar, "url")
        case .raw: DiffShape(.scalar, "any")
        case .null: DiffShape(.scalar, "nil")
        case .missing: DiffShape(.scalar, "missing")
        case .invalid: DiffShape(.scalar, "invalid")
        case .reference: DiffShape(.scalar, "reference")
        case .unresolved: DiffShape(.scalar, "unresolved")
        }
    }

    /// The value as the mapped text shows it (`"Dune"`, `45.00`, an ISO 8601 date).
    public func diffValue(_ i: Int) -> String { valueText(values[i]) }

    /// The value as the mapped text shows it, after its type for scalars (`int 3`).
    public func diffText(_ i: Int) -> String {
        let shape = diffShape(i)
        let text = valueText(values[i])
        return shape.children == .scalar && shape.type != text ? shape.type + " " + text : text
    }
}
