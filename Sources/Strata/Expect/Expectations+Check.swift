import StrataDocuments

/// Checking a response against a route's expectations.
extension Expectations {
    /// Checks `response` (parsed as `parsed`, mapped as `mapping`) against every check, in order.
    ///
    /// `mapping` is the map stage's outcome: nil when the route maps nothing or the body was not parsed.
    public func check(_ response: Response, parsed: ParseOutcome, mapping: MappingOutcome?) -> ExpectationReport {
        ExpectationReport(
            results: checks.map { check in
                CheckResult(check: check.description, failure: check.failure(response, parsed, mapping))
            })
    }
}

extension Expectations.Check {
    /// Why `response` fails this check (`got 404`), or nil when it passes.
    func failure(_ response: Response, _ parsed: ParseOutcome, _ mapping: MappingOutcome?) -> String? {
        switch kind {
        case .status(let patterns):
            return patterns.contains { $0.admits(response.status) } ? nil : "got \(response.statusLine)"
        case .header(let name, let test):
            return test.failure(header: response.headers[name])
        case .body(let query, let test):
            guard let tree = parsed.tree else {
                let why = parsed.error.map { "the body did not parse: \($0.message)" } ?? parsed.note
                return why ?? "the body was not parsed"
            }
            return test.failure(query.select(in: tree), in: tree)
        case .time(let limit):
            return response.duration <= limit ? nil : "took " + Response.Timing.text(response.duration)
        case .mapping(let filter):
            guard let mapping else {
                if let error = parsed.error { return "the body did not parse: \(error.message)" }
                return "the body was not mapped"
            }
            if let reason = mapping.notMapped { return "not mapped: \(reason)" }
            guard let result = mapping.result else {
                return "the mapping configuration has problems: "
                    + (mapping.diagnostics.first.map(\.description) ?? "strata check lists them")
            }
            let admitted = result.issues.groups().filter { filter.admits($0.severity) }
            guard let first = admitted.first else { return nil }
            let count = admitted.reduce(0) { $0 + $1.count }
            let noun = filter == .error ? "error" : filter == .warning ? "error or warning" : "issue"
            return "\(Counted.text(count, noun, filter == .warning ? "errors or warnings" : nil)): \(first)"
        }
    }
}

extension Expectations.ValueTest {
    /// Why header value `value` (nil when absent) fails this test, or nil when it passes.
    func failure(header value: String?) -> String? {
        switch self {
        case .exists(let yes):
            if yes { return value == nil ? "the header is missing" : nil }
            return value.map { "got \(JSONString.quote($0))" }
        default:
            guard let value else { return "the header is missing" }
            return passes(text: value) ? nil : "got \(JSONString.quote(value))"
        }
    }

    /// Whether header text `text` passes (the expected value compared as text).
    private func passes(text: String) -> Bool {
        switch self {
        case .equals(let v): v.plainText == text
        case .notEquals(let v): v.plainText != text
        case .contains(let v): text.contains(v.plainText)
        case .matches(let pattern): Self.finds(pattern, in: text)
        case .compare, .exists, .type, .count, .length: false
        }
    }

    /// Why nodes `nodes` of `tree` (what a JSONPath selected) fail this test, or nil when they pass: `count` and
    /// `exists` look at how many there are; every other test wants at least one node and holds for each.
    func failure(_ nodes: [Tree.Index], in tree: Tree) -> String? {
        switch self {
        case .count(let n):
            return nodes.count == n ? nil : "selected \(nodes.count)"
        case .exists(let yes):
            if yes { return nodes.isEmpty ? "selected nothing" : nil }
            return nodes.isEmpty ? nil : "selected \(Counted.text(nodes.count, "node")): " + Self.shown(nodes[0], tree)
        default:
            guard !nodes.isEmpty else { return "selected nothing" }
            for node in nodes where !passes(node, in: tree) {
                let value = Self.shown(node, tree)
                if nodes.count == 1 { return "got \(value)" }
                return "\(tree.normalizedPath(node)) is \(value)"
            }
            return nil
        }
    }

    /// Whether node `node` of `tree` passes.
    private func passes(_ node: Tree.Index, in tree: Tree) -> Bool {
        switch self {
        case .equals(let v): return tree.equalValues(node, v.tree, v.node)
        case .notEquals(let v): return !tree.equalValues(node, v.tree, v.node)
        case .compare(let comparison, let v):
            guard let order = tree.order(node, v.tree, v.node) else { return false }
            switch comparison {
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .greater: return order > 0
            case .greaterOrEqual: return order >= 0
            }
        case .contains(let v):
            switch tree.kind(node) {
            case .string:
                return (tree.string(node) ?? "").contains(v.plainText)
            case .array: return tree.children(node).contains { tree.equalValues($0, v.tree, v.node) }
            case .object:
                return tree.children(node).contains { tree.key($0) == v.plainText }
            default: return false
            }
        case .matches(let pattern):
            guard tree.kind(node) == .string || tree.kind(node) == .number else { return false }
            return Self.finds(pattern, in: tree.string(node) ?? tree.scalarText(node))
        case .type(let type):
            switch type {
            case .string: return tree.kind(node) == .string
            case .number: return tree.kind(node) == .number
            case .integer:
                guard tree.kind(node) == .number, let d = tree.double(node) else { return false }
                return d.rounded() == d
            case .boolean: return tree.kind(node) == .bool
            case .null: return tree.kind(node) == .null
            case .object: return tree.kind(node) == .object
            case .array: return tree.kind(node) == .array
            }
        case .length(let n):
            switch tree.kind(node) {
            case .string: return (tree.string(node) ?? "").count == n
            case .array, .object: return tree.childCount(node) == n
            default: return false
            }
        case .count, .exists: return true
        }
    }

    /// True when I-Regexp `pattern` (checked when the session was read) finds a match in `text`.
    static func finds(_ pattern: String, in text: String) -> Bool {
        (try? IRegexp(pattern, whole: false))?.matches(text) ?? false
    }

    /// A node's value for a report: compact JSON, cut after 80 characters.
    static func shown(_ node: Tree.Index, _ tree: Tree) -> String {
        guard let text = tree.canonicalJSON(node, limit: 80) else {
            return (tree.canonicalJSON(node, limit: 400).map { String($0.prefix(79)) } ?? tree.describe(node)) + "…"
        }
        return text
    }
}

/// The outcome of checking one response: each check with why it failed, or nil.
public struct ExpectationReport: Sendable, Equatable {
    /// The checks in order, with their outcome.
    public var results: [CheckResult]

    /// A report of `results`.
    public init(results: [CheckResult]) { self.results = results }

    /// The checks that failed.
    public var failures: [CheckResult] { results.filter { !$0.passed } }

    /// True when every check passed.
    public var passed: Bool { results.allSatisfy(\.passed) }

    /// `4 checks passed`, `1 of 4 checks failed`.
    public var summary: String {
        let failed = failures.count
        if failed == 0 { return results.count == 1 ? "1 check passed" : "\(results.count) checks passed" }
        return "\(failed) of \(Counted.text(results.count, "check")) failed"
    }
}

/// One check and its outcome.
public struct CheckResult: Sendable, Equatable, Codable {
    /// What the check wants, as ``Expectations/Check/description`` says it.
    public var check: String
    /// Why it failed (`got 404`); nil when it passed.
    public var failure: String?

    /// A check's outcome.
    public init(check: String, failure: String?) {
        self.check = check
        self.failure = failure
    }

    /// True when the check passed.
    public var passed: Bool { failure == nil }

    /// `✓ status is 200`, `✗ status is 200: got 404 Not Found`.
    public var line: String { passed ? "✓ \(check)" : "✗ \(check): \(failure!)" }
}
