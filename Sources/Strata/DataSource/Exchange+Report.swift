import Foundation
import StrataDocuments
import StrataMapping

/// Reports of an exchange for `strata run`: one JSON object, or text views.
extension Exchange {
    /// What `strata run --show` prints.
    public enum View: String, Sendable, CaseIterable {
        /// The body as received.
        case raw
        /// The parsed tree.
        case parsed
        /// The mapped objects.
        case mapped
        /// Mapping issues.
        case issues
        /// Request, response headers, raw and parsed.
        case all
    }

    /// The exchange as one JSON object (secrets scrubbed everywhere): `request`, `source`, `fixture`, `response`, `parser`,
    /// `parseError`, `parsed`, `mapped` / `issues` / `groups` (null when the response was not mapped), and
    /// `mappingDiagnostics` (the configuration's problems that concern the route, null when it maps nothing) and
    /// `notMapped` (why an error status was not mapped); `severity` leaves out issues and groups below it.
    public func jsonReport(pretty: Bool = true, severity: SeverityFilter = .info) -> String {
        var out: [UInt8] = []
        writeJSONReport(pretty: pretty, severity: severity) { out.append(contentsOf: $0) }
        if out.last == 0x0A { out.removeLast() }
        return String(decoding: out, as: UTF8.self)
    }

    /// The report's JSON value with `body` and `parsed` (and `mapped` and `issues` when given) standing for the
    /// response body, the parsed tree, the mapped values and the issues (markers that
    /// ``writeJSONReport(pretty:severity:to:)`` replaces as it writes).
    func reportJSON(
        severity: SeverityFilter, body: OutputJSON, parsed parsedTree: OutputJSON, mapped: OutputJSON? = nil,
        issues: OutputJSON? = nil
    ) -> OutputJSON {
        let shown = request.redacted()
        var fixture = OutputJSON.null
        var liveURL = OutputJSON.null
        var redirects: [OutputJSON] = []
        switch response.origin {
        case .fixture(let file, let number, _):
            fixture = .object([("file", .string(file)), ("number", .int(number))])
        case .live(let url, let list):
            liveURL = .string(url)
            redirects = list.map {
                .object([("status", .int($0.status)), ("from", .string($0.from)), ("to", .string($0.to))])
            }
        case .server: break
        }
        return OutputJSON.object([
            ("route", .string(route.name)),
            (
                "request",
                .object([
                    ("method", .string(shown.method)),
                    ("url", .string(shown.url)),
                    ("headers", Exchange.headersJSON(shown.headers)),
                    ("body", shown.body.map { Exchange.bodyJSON($0).text } ?? .null),
                    (
                        "params",
                        .array(
                            shown.params.map {
                                .object([
                                    ("name", .string($0.name)), ("value", .string($0.displayValue)),
                                    ("in", .string($0.location.rawValue)), ("from", .string($0.origin.name)),
                                    ("status", .string($0.status.rawValue)),
                                ])
                            })
                    ),
                ])
            ),
            ("source", .string(source)),
            ("fixture", fixture),
            (
                "response",
                .object([
                    ("status", .int(response.status)),
                    ("headers", Exchange.headersJSON(response.headers)),
                    ("durationMs", .number(String(format: "%.1f", response.durationMs))),
                    ("bodySize", .int(response.size)),
                    ("truncated", .bool(response.truncated)),
                    ("timing", Exchange.timingJSON(response.timing)),
                    ("body", body),
                    ("bodyEncoding", .string(UTF8Check.isValid(response.body) ? "text" : "base64")),
                    ("url", liveURL),
                    ("redirects", .array(redirects)),
                ])
            ),
            ("parser", .string(parsed.parser)),
            ("parseError", .optional(parsed.error.map(\.description))),
            ("parsed", parsedTree),
            ("mapped", mapping.map { mapped ?? .raw($0.jsonText()) } ?? .null),
            ("issues", mapping.map { issues ?? .raw($0.issuesJSONText(severity)) } ?? .null),
            ("groups", mapping.map { .raw($0.issueGroupsJSONText(severity)) } ?? .null),
            (
                "mappingDiagnostics",
                mappingOutcome.map { .array($0.diagnostics.map { .string($0.description) }) } ?? .null
            ),
            ("notMapped", .optional(mappingOutcome?.notMapped)),
        ])
    }

    /// The timing breakdown in milliseconds (`{"dns": 0.4, …, "total": 12.1}`), or null for a fixture.
    static func timingJSON(_ timing: Response.Timing?) -> OutputJSON {
        guard let timing else { return .null }
        return .object(
            timing.phases.map { ($0.name, .number(String(format: "%.1f", Response.Timing.milliseconds($0.duration)))) })
    }

    /// Headers as an object; repeated names are joined with `, `.
    static func headersJSON(_ headers: HTTPHeaders) -> OutputJSON {
        var order: [String] = []
        var values: [String: [String]] = [:]
        for f in headers {
            if values[f.name] == nil { order.append(f.name) }
            values[f.name, default: []].append(f.value)
        }
        return .object(order.map { ($0, .string(values[$0]!.joined(separator: ", "))) })
    }

    /// A body as text when it is UTF-8, else as base64.
    static func bodyJSON(_ body: [UInt8]) -> (text: OutputJSON, encoding: String) {
        if let s = String(validating: body, as: UTF8.self) { return (.string(s), "text") }
        return (.string(Data(body).base64EncodedString()), "base64")
    }

    /// One line about the exchange: `200 OK · GET URL · mock FILE #1 · 3 ms · 45 B`.
    public var summaryLine: String {
        let shown = request.redacted()
        var from: String
        switch response.origin {
        case .fixture(let file, let number, _): from = "\(source) \(file) #\(number)"
        case .live(_, let redirects):
            from = source
            if !redirects.isEmpty { from += " after \(Counted.text(redirects.count, "redirect"))" }
        case .server(let answer): from = "strata serve (\(answer))"
        }
        let ms = response.durationMs
        let time = ms < 10 ? String(format: "%.1f ms", ms) : "\(Int(ms.rounded())) ms"
        let size = response.truncated ? "\(response.size) B (truncated: maxBodyBytes)" : "\(response.size) B"
        return request.scrubber.scrub(
            "\(response.statusLine) · \(shown.method) \(shown.url) · \(from) · \(time) · \(size)")
    }

    /// The body as text for people: UTF-8 as is, otherwise a note and a hex dump of the start.
    public var rawText: String {
        if let s = String(validating: response.body, as: UTF8.self) { return s }
        let head = response.body.prefix(256).map { JSONString.hexDigits(UInt32($0), 2) }.joined(separator: " ")
        return "(binary body, \(response.size) bytes; first bytes: \(head))"
    }

    /// The parsed view: the tree, or what went wrong.
    public var parsedText: String {
        if let tree = parsed.tree {
            return TreePrinter().string(tree).trimmingTrailingNewlines
        }
        if let error = parsed.error { return "parse error (\(parsed.parser)): \(error)" }
        return "no parser for this body (Content-Type: \(response.contentType ?? "none"))"
    }

    /// The mapped view: the objects, or why there are none (with the configuration's problems when they kept the
    /// mapping from running).
    public var mappedText: String {
        if let mapping { return mapping.text().trimmingTrailingNewlines }
        guard let outcome = mappingOutcome, outcome.notMapped == nil, parsed.tree != nil else { return whyNotMapped }
        return ([whyNotMapped] + outcome.diagnostics.map(\.description)).joined(separator: "\n")
    }

    /// Why the exchange has no mapped objects, in one line.
    var whyNotMapped: String {
        if parsed.tree == nil { return "nothing to map: the body did not parse" }
        guard let outcome = mappingOutcome else {
            return "route '\(route.name)' has no \"map\": add one to see mapped objects"
        }
        return outcome.notMapped ?? "the mapping could not run: its configuration has errors (strata check lists them)"
    }

    /// The issues view: the problems in the mapping configuration that concern the route (as `strata check` words
    /// them, at file:line:col), then one line per group of issues (same kind, property and path pattern; see
    /// ``IssueGroup``) passing `severity`, or a note that there are none.
    public func issuesText(_ severity: SeverityFilter = .info) -> String {
        let configuration = mappingOutcome?.diagnostics.map(\.description) ?? []
        return (configuration + [mappingIssuesText(severity)]).joined(separator: "\n")
    }

    /// The grouped mapping issues passing `severity`, or a line saying why there are none.
    private func mappingIssuesText(_ severity: SeverityFilter) -> String {
        guard let mapping else { return whyNotMapped }
        if mapping.issues.isEmpty { return "no mapping issues" }
        let text = mapping.groupedIssuesText(severity).trimmingTrailingNewlines
        if text.isEmpty {
            return "no \(severity.label) among the mapping issues (\(IssueCounts(mapping.issues).text))"
        }
        return text
    }

    /// True when mapping found a problem of error severity.
    public var hasMappingErrors: Bool { mapping.map { $0.count(.error) > 0 } ?? false }

    /// True when `--fail` should fail: a status of 400 or more, a body that did not parse, or a mapping error.
    public var failed: Bool { response.status >= 400 || parsed.error != nil || hasMappingErrors }

    /// The text view `view`: what goes to standard output, with the request's secrets scrubbed (a server may echo
    /// them).
    public func text(_ view: View, severity: SeverityFilter = .info) -> String {
        var out: [UInt8] = []
        write(view, severity: severity) { out.append(contentsOf: $0) }
        if out.last == 0x0A { out.removeLast() }
        return String(decoding: out, as: UTF8.self)
    }
}

extension String {
    /// The string without the line breaks at its end.
    var trimmingTrailingNewlines: String {
        var s = Substring(self)
        while s.last == "\n" { s.removeLast() }
        return String(s)
    }
}
