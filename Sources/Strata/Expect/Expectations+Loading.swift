import Foundation
import StrataDocuments
import StrataMapping

extension Expectations {
    /// The keys allowed in a route's `expect` object.
    static let keys = ["status", "headers", "body", "time", "mapping"]
    /// The operators a matcher object may use, in the order reports list them.
    static let operators = [
        "equals", "notEquals", "<", "<=", ">", ">=", "contains", "matches", "exists", "type", "count", "length",
    ]
    /// The operators a header matcher may use (header values are text).
    static let headerOperators = ["equals", "notEquals", "contains", "matches", "exists"]
    /// The words `"mapping"` takes.
    static let mappingValues: [String: SeverityFilter] = [
        "no errors": .error, "no warnings": .warning, "no issues": .info,
    ]
}

extension SessionLoader {
    /// Reads a route's `expect` object at `node`; every problem is reported at its place. `mapsResponses` says
    /// whether the route has a `map` or an `errorMap` (a `mapping` expectation needs one).
    mutating func expectations(_ node: Tree.Index, of what: String, mapsResponses: Bool) -> Expectations? {
        guard let m = reader.members(of: node, known: Expectations.keys, what: "'expect' of \(what)") else {
            return nil
        }
        var checks: [Expectations.Check] = []
        // In the order the file writes them.
        for key in Expectations.keys.sorted(by: { (m[$0] ?? Int.max) < (m[$1] ?? Int.max) }) {
            guard let n = m[key] else { continue }
            switch key {
            case "status":
                if let patterns = statusPatterns(n, of: what) { checks.append(.init(.status(patterns), node: n)) }
            case "headers":
                for (name, member) in reader.namedMembers(of: n, what: "'expect.headers' of \(what)", noun: "header")
                    ?? []
                {
                    let tests = valueTests(member, what: "header \(name) in \(what)", header: true)
                    checks += tests.map { .init(.header(name: name, $0.test), node: $0.node) }
                }
            case "body":
                for (text, member) in reader.namedMembers(of: n, what: "'expect.body' of \(what)", noun: "JSONPath")
                    ?? []
                {
                    let query: JSONPathQuery
                    do {
                        query = try JSONPathQuery(text)
                    } catch {
                        reader.error(
                            "'expect.body' of \(what): \(JSONString.quote(text)) is not a JSONPath query: \(error.message)",
                            atKeyOf: member)
                        continue
                    }
                    let tests = valueTests(member, what: "\(text) in \(what)", header: false)
                    checks += tests.map { .init(.body(query, $0.test), node: $0.node) }
                }
            case "time":
                if let limit = timeLimit(n, of: what) { checks.append(.init(.time(limit), node: n)) }
            default:  // "mapping"
                guard let words = reader.string(n, "'expect.mapping' of \(what)") else { continue }
                guard let filter = Expectations.mappingValues[words] else {
                    let known = Expectations.mappingValues.keys.sorted()
                    reader.error(
                        "'expect.mapping' of \(what) must be \"no errors\", \"no warnings\" or \"no issues\", found "
                            + JSONString.quote(words) + Suggestion.didYouMean(words, in: known), at: n)
                    continue
                }
                guard mapsResponses else {
                    reader.error(
                        "\(what) expects its body to map with \(words), but it maps nothing: add \"map\" to the route",
                        at: n)
                    continue
                }
                checks.append(.init(.mapping(filter), node: n))
            }
        }
        return Expectations(checks)
    }

    /// `200`, `"2xx"`, or an array of them.
    private mutating func statusPatterns(_ node: Tree.Index, of what: String) -> [Expectations.StatusPattern]? {
        let items = tree.kind(node) == .array ? Array(tree.children(node)) : [node]
        if items.isEmpty {
            reader.error("'expect.status' of \(what) is an empty array: list the statuses it may have", at: node)
            return nil
        }
        var out: [Expectations.StatusPattern] = []
        for item in items {
            if tree.kind(item) == .number, let code = tree.int(item), (100...599).contains(code) {
                out.append(.code(code))
            } else if tree.kind(item) == .string, let s = tree.string(item), s.count == 3,
                s.lowercased().hasSuffix("xx"), let h = Int(s.prefix(1)), (1...5).contains(h)
            {
                out.append(.range(hundred: h))
            } else {
                reader.error(
                    "'expect.status' of \(what) must be a status code (100–599), a class such as \"2xx\", or an array "
                        + "of them, found \(tree.describe(item))", at: item)
                return nil
            }
        }
        return out
    }

    /// `500` (milliseconds), `"500ms"`, `"2s"`, `"1.5s"`.
    private mutating func timeLimit(_ node: Tree.Index, of what: String) -> Duration? {
        var ms: Double? = nil
        if tree.kind(node) == .number {
            ms = tree.double(node)
        } else if tree.kind(node) == .string, let s = tree.string(node)?.trimmed.lowercased() {
            if s.hasSuffix("ms") {
                ms = Double(String(s.dropLast(2)).trimmed)
            } else if s.hasSuffix("s") {
                ms = Double(String(s.dropLast()).trimmed).map { $0 * 1000 }
            }
        }
        guard let ms, ms.isFinite, ms > 0, ms <= Session.maximumTimeout * 1000 else {
            reader.error(
                "'expect.time' of \(what) must be a duration of at most a day, in milliseconds (500) or with a unit "
                    + "(\"500ms\", \"2s\"), found \(tree.describe(node))", at: node)
            return nil
        }
        return .milliseconds(ms)
    }

    /// The tests of one header or JSONPath: a value (equals it) or a matcher object of operators, each a test.
    private mutating func valueTests(_ node: Tree.Index, what: String, header: Bool)
        -> [(test: Expectations.ValueTest, node: Tree.Index)]
    {
        let value = Expectations.ExpectedValue(tree: tree, node: node)
        guard tree.kind(node) == .object else {
            if header, tree.kind(node) != .string {
                reader.error(
                    "the value of \(what) must be a string or a matcher object, found \(tree.describe(node))", at: node)
                return []
            }
            return [(.equals(value), node)]
        }
        let known = header ? Expectations.headerOperators : Expectations.operators
        guard let m = reader.members(of: node, known: known, what: "the matcher of \(what)") else { return [] }
        if m.isEmpty {
            reader.error(
                "the matcher of \(what) is empty: give an operator (\(known.joined(separator: ", "))), or compare "
                    + "with an object through \"equals\"", at: node)
            return []
        }
        var out: [(Expectations.ValueTest, Tree.Index)] = []
        // In the order the file writes them.
        for op in known.sorted(by: { (m[$0] ?? Int.max) < (m[$1] ?? Int.max) }) {
            guard let n = m[op] else { continue }
            let operand = Expectations.ExpectedValue(tree: tree, node: n)
            switch op {
            case "equals": out.append((.equals(operand), n))
            case "notEquals": out.append((.notEquals(operand), n))
            case "contains":
                if header, tree.kind(n) != .string {
                    reader.error("'contains' of \(what) must be a string, found \(tree.describe(n))", at: n)
                } else {
                    out.append((.contains(operand), n))
                }
            case "matches":
                guard let pattern = reader.string(n, "'matches' of \(what)") else { continue }
                do {
                    _ = try IRegexp(pattern, whole: false)
                    out.append((.matches(pattern), n))
                } catch {
                    reader.error(
                        "'matches' of \(what) is not an I-Regexp (RFC 9485): \(error.message)", at: n,
                        inString: error.offset)
                }
            case "exists":
                if let yes = reader.bool(n, "'exists' of \(what)") { out.append((.exists(yes), n)) }
            case "type":
                guard let name = reader.string(n, "'type' of \(what)") else { continue }
                // The mapping's type names are read as the JSON types they come from.
                let aliases: [String: Expectations.ValueType] = [
                    "int": .integer, "bool": .boolean, "double": .number, "decimal": .number,
                ]
                guard let type = Expectations.ValueType(rawValue: name) ?? aliases[name] else {
                    let names = Expectations.ValueType.allCases.map(\.rawValue)
                    reader.error(
                        "'type' of \(what) must be one of \(names.joined(separator: ", ")), found "
                            + JSONString.quote(name) + Suggestion.didYouMean(name, in: names), at: n)
                    continue
                }
                out.append((.type(type), n))
            case "count", "length":
                guard let count = reader.integer(n, "'\(op)' of \(what)") else { continue }
                guard count >= 0 else {
                    reader.error("'\(op)' of \(what) must be 0 or more, found \(count)", at: n)
                    continue
                }
                out.append((op == "count" ? .count(count) : .length(count), n))
            default:  // <, <=, >, >=
                guard tree.kind(n) == .number || tree.kind(n) == .string else {
                    reader.error(
                        "'\(op)' of \(what) compares with a number or a string, found \(tree.describe(n))", at: n)
                    continue
                }
                out.append((.compare(Expectations.Comparison(rawValue: op)!, operand), n))
            }
        }
        return out
    }
}
