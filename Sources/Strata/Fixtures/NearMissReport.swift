import StrataDocuments

/// Why no fixture answered a request: the nearest pairs and, for each, what differed.
///
/// Shown the way WireMock and vcrpy report near misses:
///
/// ```text
/// no fixture matches GET /products?page=3
/// nearest pairs:
///   Sessions/shop/fixtures/products.json:3:5 (/products #1)
///     param page: expected "2", sent "3"
/// ```
public struct NearMissReport: Error, Sendable, Equatable, CustomStringConvertible {
    /// One way a pair differs from the request.
    public enum Difference: Sendable, Equatable, CustomStringConvertible {
        /// The request path differs from the pair's.
        case path(sent: String, expected: String)
        /// The method differs.
        case method(sent: String, expected: String)
        /// A param the pair lists has another value, or was not sent (`sent` nil).
        case param(name: String, expected: String, sent: String?)

        /// `path /products/9 ≠ /products/1`, `method POST ≠ GET`, `param page: expected "2", sent "3"`.
        public var description: String {
            switch self {
            case .path(let sent, let expected): "path \(sent) ≠ \(expected)"
            case .method(let sent, let expected): "method \(sent) ≠ \(expected)"
            case .param(let name, let expected, let sent):
                "param \(name): expected \(JSONString.quote(expected)), "
                    + (sent.map { "sent \(JSONString.quote($0))" } ?? "not sent")
            }
        }
    }

    /// A pair that came close.
    public struct Candidate: Sendable, Equatable {
        /// `file:line:col` of the pair.
        public var location: String
        /// The fixture file.
        public var file: String
        /// The path the pair is listed under.
        public var path: String
        /// Its position in that path's list.
        public var index: Int
        /// What differed, path first, then method, then params in the pair's order.
        public var differences: [Difference]
    }

    /// The request's method.
    public var method: String
    /// The request's path.
    public var path: String
    /// The params sent (secret values shown as `<redacted>`).
    public var params: [(name: String, value: String)]
    /// The nearest pairs, nearest first.
    public var candidates: [Candidate]
    /// How many pairs were compared.
    public var pairCount: Int
    /// The fixtures folder.
    public var directory: String
    /// Problems in fixture files that may hide the pair meant to match.
    public var problems: [Diagnostic]

    /// Compares everything but the order-free tuple list by value.
    public static func == (a: NearMissReport, b: NearMissReport) -> Bool {
        a.method == b.method && a.path == b.path
            && a.params.map { "\($0.name)=\($0.value)" }
                == b.params.map { "\($0.name)=\($0.value)" }
            && a.candidates == b.candidates && a.pairCount == b.pairCount
            && a.directory == b.directory && a.problems == b.problems
    }

    /// The report with its files named from the session folder `root` (`fixtures/products.json:3:5`; see
    /// ``SessionFiles/relative(_:to:)``): what `strata serve` answers its clients and the explorer shows.
    public func relative(to root: String) -> NearMissReport {
        var report = self
        for i in report.candidates.indices {
            report.candidates[i].location = SessionFiles.relative(candidates[i].location, to: root)
            report.candidates[i].file = SessionFiles.relative(candidates[i].file, to: root)
        }
        report.directory = SessionFiles.relative(directory, to: root)
        for i in report.problems.indices {
            report.problems[i].file = SessionFiles.relative(problems[i].file, to: root)
            report.problems[i].message = SessionFiles.relative(problems[i].message, to: root)
        }
        return report
    }

    /// The report as lines of text.
    public var description: String {
        var query = params.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        if !query.isEmpty { query = "?" + query }
        var lines = ["no fixture matches \(method) \(path)\(query)"]
        if pairCount == 0 {
            lines[0] += ": \(directory) has no fixture pairs (record some with 'strata record SESSION ROUTE')"
        } else if !candidates.isEmpty {
            lines.append("nearest pair\(candidates.count == 1 ? "" : "s") (of \(pairCount)):")
            for c in candidates {
                lines.append("  \(c.location) (\(c.path) #\(c.index + 1))")
                for d in c.differences { lines.append("    \(d)") }
            }
        }
        if !problems.isEmpty {
            lines.append("fixture problems that may hide a match:")
            for p in problems { lines.append("  \(p)") }
        }
        return lines.joined(separator: "\n")
    }
}
