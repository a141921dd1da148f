import StrataDocuments
import StrataMapping

/// What a route's response must be: the route's `expect` object in session.json, checked by `strata test` and
/// shown in the explorer after each run.
///
/// ```json
/// "expect": {
///   "status": 200,
///   "headers": { "Content-Type": { "contains": "json" } },
///   "body": { "$.products[*]": { "count": 3 }, "$.products[0].name": "Desk Lamp", "$.pagination.total": { ">=": 1 } },
///   "time": "500ms",
///   "mapping": "no errors"
/// }
/// ```
///
/// Each test is one ``Check``; a matcher object with several operators is several checks, reported one by one.
public struct Expectations: Sendable {
    /// The checks, in the order session.json writes them.
    public var checks: [Check]

    /// Expectations made of `checks`.
    public init(_ checks: [Check]) { self.checks = checks }

    /// One thing the response must satisfy.
    public struct Check: Sendable {
        /// What is checked.
        public var kind: Kind
        /// Where session.json writes it (its value node), for messages that point there.
        public var node: Tree.Index?

        /// Creates a check.
        public init(_ kind: Kind, node: Tree.Index? = nil) {
            self.kind = kind
            self.node = node
        }

        /// What a check looks at and what it wants.
        public enum Kind: Sendable {
            /// The status is one of these (a code, or a class such as `2xx`).
            case status([StatusPattern])
            /// Header `name` (any case) passes `test`.
            case header(name: String, ValueTest)
            /// The nodes `query` selects in the parsed body pass `test`.
            case body(JSONPathQuery, ValueTest)
            /// The exchange took at most this long.
            case time(Duration)
            /// The body maps with no issue `filter` admits (`no errors`: `.error`).
            case mapping(SeverityFilter)
        }

        /// What the check says it wants, for reports: `status is 200`, `$.total >= 1`, `maps with no errors`.
        public var description: String {
            switch kind {
            case .status(let patterns): "status is " + patterns.map(\.description).joined(separator: " or ")
            case .header(let name, let test): "header \(name) " + test.description
            case .body(let query, let test): "\(query.text) " + test.description
            case .time(let limit): "time ≤ " + Response.Timing.text(limit)
            case .mapping(let filter): "maps with " + Self.mappingWords[filter]!
            }
        }

        /// The words of `"mapping"` for each filter: `no errors`, `no warnings`, `no issues`.
        static let mappingWords: [SeverityFilter: String] = [
            .error: "no errors", .warning: "no warnings", .info: "no issues",
        ]
    }

    /// A status the response may have: a code (`200`) or a class (`2xx`).
    public enum StatusPattern: Sendable, Equatable, CustomStringConvertible {
        /// Exactly this code.
        case code(Int)
        /// Any code from `hundred`00 to `hundred`99.
        case range(hundred: Int)

        /// True when `status` is this code or in this class.
        public func admits(_ status: Int) -> Bool {
            switch self {
            case .code(let c): status == c
            case .range(let h): status / 100 == h
            }
        }

        /// `200`, `2xx`.
        public var description: String {
            switch self {
            case .code(let c): "\(c)"
            case .range(let h): "\(h)xx"
            }
        }
    }

    /// What a header value or the nodes a JSONPath selects must be. Values compare as JSON values: numbers by
    /// value (`1.0` equals `1`), strings exactly, objects by key whatever the order, arrays in order.
    public enum ValueTest: Sendable {
        /// Equal to the value written at `node` of the session document.
        case equals(ExpectedValue)
        /// Not equal to it.
        case notEquals(ExpectedValue)
        /// Ordered against it (numbers by value, strings by code points).
        case compare(Comparison, ExpectedValue)
        /// A string holding the text, an array holding the value, an object with the key.
        case contains(ExpectedValue)
        /// A string in which the I-Regexp (RFC 9485) finds a match (`^` and `$` anchor it).
        case matches(String)
        /// Present (true) or absent (false).
        case exists(Bool)
        /// Of this JSON type.
        case type(ValueType)
        /// The JSONPath selects exactly this many nodes.
        case count(Int)
        /// Each node has this many items (array), members (object) or characters (string).
        case length(Int)

        /// `equals "Desk Lamp"`, `>= 1`, `matches /^[0-9]+$/`.
        public var description: String {
            switch self {
            case .equals(let v): "equals \(v.text)"
            case .notEquals(let v): "is not \(v.text)"
            case .compare(let c, let v): "\(c.rawValue) \(v.text)"
            case .contains(let v): "contains \(v.text)"
            case .matches(let pattern): "matches /\(pattern)/"
            case .exists(let yes): yes ? "exists" : "does not exist"
            case .type(let t): "is \(t.article) \(t.rawValue)"
            case .count(let n): "selects \(Counted.text(n, "node"))"
            case .length(let n): "has length \(n)"
            }
        }
    }

    /// An order a value must be in against the expected one.
    public enum Comparison: String, Sendable, CaseIterable {
        /// `<`: less than.
        case less = "<"
        /// `<=`: less than or equal.
        case lessOrEqual = "<="
        /// `>`: greater than.
        case greater = ">"
        /// `>=`: greater than or equal.
        case greaterOrEqual = ">="
    }

    /// The JSON types a `type` test names.
    public enum ValueType: String, Sendable, CaseIterable {
        /// A JSON string.
        case string
        /// Any JSON number.
        case number
        /// A number with no fraction (`4.0` is one).
        case integer
        /// `true` or `false`.
        case boolean
        /// `null`.
        case null
        /// A JSON object.
        case object
        /// A JSON array.
        case array

        /// `a` or `an`, for `is an object`.
        var article: String { [.integer, .object, .array].contains(self) ? "an" : "a" }
    }

    /// A value written in session.json: a node of the session document, compared with response nodes in place.
    public struct ExpectedValue: Sendable {
        /// The session document.
        public let tree: Tree
        /// The value's node in it.
        public let node: Tree.Index

        /// The value as compact JSON, for reports.
        public var text: String { tree.canonicalJSON(node) }

        /// The value as plain text: a string without its quotes, other scalars as written.
        var plainText: String { tree.string(node) ?? tree.scalarText(node) }
    }
}

extension Route {
    /// True when the route has expectations for `strata test` to check.
    public var hasExpectations: Bool { !(expectations?.checks.isEmpty ?? true) }
}
