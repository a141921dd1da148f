/// The parsed form of an RFC 9535 JSONPath query: segments of selectors, and the filter expressions inside them.
enum QueryAST {
    /// A query: `$` (absolute) or `@` (relative, inside a filter) followed by segments.
    struct Query: Sendable {
        var relative: Bool
        var segments: [Segment]
        /// For an absolute query inside a filter (`$[-1]` in `$[?@.a == $[-1].a]`), its offset in the text: what it
        /// selects does not depend on the filter's current node, so the evaluator selects it once by this key.
        var shared: Int? = nil

        /// True when every segment is a child segment with one name or index selector (RFC 9535 §2.3.5.1).
        var isSingular: Bool {
            segments.allSatisfy { seg in
                guard !seg.descendant, seg.selectors.count == 1 else { return false }
                switch seg.selectors[0] {
                case .name, .index: return true
                default: return false
                }
            }
        }
    }

    /// `[…]`, `.name`, `.*` (child) or `..…` (descendant) with its selectors.
    struct Segment: Sendable {
        var descendant: Bool
        var selectors: [Selector]
    }

    /// One selector of a segment.
    indirect enum Selector: Sendable {
        /// A member name, with its UTF-8 bytes (compared with raw keys, so kept once here).
        case name(String, utf8: [UInt8])
        case wildcard
        case index(Int)
        case slice(start: Int?, end: Int?, step: Int?)
        case filter(Logical)

        /// The name selector for `name`.
        static func named(_ name: String) -> Selector { .name(name, utf8: Array(name.utf8)) }
    }

    /// A filter condition (LogicalType).
    indirect enum Logical: Sendable {
        case or([Logical])
        case and([Logical])
        case not(Logical)
        case compare(Operand, CompareOp, Operand)
        case exists(Query)
        case function(Call)
    }

    /// One side of a comparison (ValueType): a literal, a singular query or a function returning a value.
    indirect enum Operand: Sendable {
        case literal(Literal)
        case query(Query)
        case function(Call)
    }

    /// A literal in a filter.
    enum Literal: Sendable {
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    /// A function call with arguments already checked against the function's parameter types.
    struct Call: Sendable {
        var function: Function
        var arguments: [Argument]
    }

    /// A function argument, by the type of the parameter it fills.
    indirect enum Argument: Sendable {
        case value(Operand)
        case nodes(Query)
        case logical(Logical)
    }

    /// The types of the RFC 9535 type system.
    enum ExprType: Sendable, CustomStringConvertible {
        case value, logical, nodes

        var description: String {
            switch self {
            case .value: "ValueType"
            case .logical: "LogicalType"
            case .nodes: "NodesType"
            }
        }
    }

    /// The standard function extensions.
    enum Function: String, Sendable, CaseIterable {
        case length, count, match, search, value

        var parameters: [ExprType] {
            switch self {
            case .length: [.value]
            case .count, .value: [.nodes]
            case .match, .search: [.value, .value]
            }
        }

        var result: ExprType {
            switch self {
            case .length, .count, .value: .value
            case .match, .search: .logical
            }
        }
    }

    /// A comparison operator.
    enum CompareOp: String, Sendable {
        case eq = "==", ne = "!=", lt = "<", le = "<=", gt = ">", ge = ">="
    }
}
