import Foundation
import StrataDocuments

extension RouteTestResult {
    /// What `strata test` prints for the route: a line for the route, then a line per check.
    ///
    /// ```
    /// ✗ product  GET https://shop.example.com/api/products/404 · 404 Not Found · 2.1 ms
    ///     ✗ status is 200: got 404 Not Found
    ///     ✓ header Content-Type contains "json"
    /// ```
    public var lines: [String] {
        let request = self.request.isEmpty ? "" : "  \(self.request)"
        switch outcome {
        case .checked(let answered, let report):
            return ["\(failed ? "✗" : "✓") \(route)\(request) · \(answered.text)"]
                + report.results.map { "    " + $0.line }
        case .setUp(let answered):
            return ["· \(route)\(request) · \(answered.text) (run first: a tested route reads its response)"]
        case .skipped(let why):
            return ["- \(route): skipped, \(why)"]
        case .error(let why):
            return ["✗ \(route)\(request)", "    error: \(why)"]
        }
    }
}

extension Answered {
    /// `200 OK · 3.1 ms`.
    public var text: String { "\(status) · " + Response.Timing.text(duration) }
}

/// The counts of a `strata test` run, and its last line.
public struct RouteTestSummary: Sendable, Equatable {
    /// Routes checked or that could not run (setup steps are not counted).
    public var tests = 0
    /// Routes whose checks all passed.
    public var passed = 0
    /// Routes with a failed check.
    public var failed = 0
    /// Routes that could not be run.
    public var errors = 0
    /// Routes named without expectations.
    public var skipped = 0
    /// Checks made.
    public var checks = 0
    /// Checks that failed.
    public var failedChecks = 0

    /// Counts `results`.
    public init(_ results: [RouteTestResult]) {
        for result in results {
            switch result.outcome {
            case .checked(_, let report):
                tests += 1
                checks += report.results.count
                failedChecks += report.failures.count
                if report.passed { passed += 1 } else { failed += 1 }
            case .error:
                tests += 1
                errors += 1
            case .skipped: skipped += 1
            case .setUp: break
            }
        }
    }

    /// True when nothing failed and every route could run.
    public var succeeded: Bool { failed == 0 && errors == 0 }

    /// `3 routes: 2 passed, 1 failed · 9 checks, 1 failed`.
    public var text: String {
        var parts = ["\(passed) passed"]
        if failed > 0 { parts.append("\(failed) failed") }
        if errors > 0 { parts.append(errors == 1 ? "1 could not run" : "\(errors) could not run") }
        if skipped > 0 { parts.append("\(skipped) skipped") }
        let checkText = failedChecks > 0 ? ", \(failedChecks) failed" : ""
        return "\(Counted.text(tests, "route")): " + parts.joined(separator: ", ") + " · "
            + Counted.text(checks, "check") + checkText
    }
}

/// A `strata test` run as JUnit XML, the report CI systems read (GitHub Actions, GitLab, Jenkins).
///
/// One `testsuite` for the session, one `testcase` per route tested (`classname` the session, `name` the route):
/// a failed check is a `failure` listing the checks, a route that could not run an `error`, a route without
/// expectations `skipped`. Setup steps are not test cases. Text is escaped for XML; characters XML cannot hold
/// (control characters) are written as `\u{…}`.
public enum JUnitReport {
    /// The report of `results`, a run of `session` that took `time`, started at `timestamp`.
    public static func xml(_ results: [RouteTestResult], session: String, time: Duration, timestamp: Date) -> String {
        let summary = RouteTestSummary(results)
        let seconds = seconds(time)
        let counts =
            "tests=\"\(summary.tests + summary.skipped)\" failures=\"\(summary.failed)\" errors=\"\(summary.errors)\" "
            + "skipped=\"\(summary.skipped)\" time=\"\(seconds)\""
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"strata test\" \(counts)>\n"
        out +=
            "  <testsuite name=\"\(escaped(session))\" \(counts) timestamp=\"\(ISO8601Text.string(secondsSince1970: timestamp.timeIntervalSince1970.rounded(.down)))\">\n"
        for result in results {
            let time = result.answered.map { Self.seconds($0.duration) } ?? "0"
            let open =
                "    <testcase classname=\"\(escaped(session))\" name=\"\(escaped(result.route))\" time=\"\(time)\""
            switch result.outcome {
            case .setUp: continue
            case .checked(let answered, let report) where report.passed:
                out += open + ">\n"
                let text = ([result.request, answered.text] + report.results.map(\.line)).joined(separator: "\n")
                out += "      <system-out>\(escaped(text, attribute: false))</system-out>\n"
                out += "    </testcase>\n"
            case .checked(let answered, let report):
                out += open + ">\n"
                let message = report.summary + ": " + report.failures.map(\.line).joined(separator: "; ")
                out += "      <failure message=\"\(escaped(message))\" type=\"expectation\">"
                let text = ([result.request, answered.text] + report.results.map(\.line)).joined(separator: "\n")
                out += escaped(text, attribute: false)
                out += "</failure>\n"
                out += "    </testcase>\n"
            case .error(let why):
                out += open + ">\n"
                out += "      <error message=\"\(escaped(why))\" type=\"not run\">"
                out += escaped(([result.request, why]).joined(separator: "\n"), attribute: false) + "</error>\n"
                out += "    </testcase>\n"
            case .skipped(let why):
                out += open + ">\n"
                out += "      <skipped message=\"\(escaped(why))\"/>\n"
                out += "    </testcase>\n"
            }
        }
        out += "  </testsuite>\n</testsuites>\n"
        return out
    }

    /// Seconds with millisecond precision: `0.003`.
    static func seconds(_ d: Duration) -> String {
        FixedDecimal.text(Response.Timing.milliseconds(d) / 1000, digits: 3)
    }

    /// `text` as XML character data or (with `attribute`) an attribute value: `& < > " '` as entities, line breaks
    /// and tabs in an attribute as character references (a parser would turn them into spaces), and characters
    /// XML 1.0 cannot hold as `\u{…}`.
    static func escaped(_ text: String, attribute: Bool = true) -> String {
        var named: [Unicode.Scalar: String] = [
            "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&apos;", "\r": "&#13;",
        ]
        if attribute {
            named["\n"] = "&#10;"
            named["\t"] = "&#9;"
        }
        return LiteralEscaping.escaped(
            text, named: named,
            needsEscape: { scalar in
                let v = scalar.value
                let allowed =
                    v == 0x0A || v == 0x09 || (v >= 0x20 && v <= 0xD7FF) || (v >= 0xE000 && v <= 0xFFFD) || v >= 0x10000
                return !allowed
            },
            escape: { "\\u{\(String($0.value, radix: 16, uppercase: true))}" })
    }
}
