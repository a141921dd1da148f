import StrataDocuments

/// Issues of the same kind, property and path pattern, shown as one row: a 200 000-object response with one
/// unmapped field gives one group of 200 000, not 200 000 lines.
///
/// The pattern is the path with array positions as `[*]` and repeated-key occurrences (`entry#1`) dropped, so
/// `$.items[0].extra` and `$.items[7].extra` share `$.items[*].extra`. ``group(_:)`` is linear in the issues.
public struct IssueGroup: Sendable, Equatable, CustomStringConvertible {
    /// How many concrete paths a group keeps to show (`$.items[0].extra, $.items[1].extra, …`).
    public static let exampleLimit = 3

    /// The severity of the group's issues.
    public var severity: MappingIssue.Severity
    /// The kind of the group's issues.
    public var kind: MappingIssue.Kind
    /// The property concerned, when there is one.
    public var property: String?
    /// The path pattern: the first issue's path with indices as `[*]`.
    public var pattern: String
    /// How many issues the group holds.
    public var count: Int
    /// The first few concrete paths, in the order found (at most ``exampleLimit``).
    public var examples: [String]
    /// The position of the group's first issue in the list it was made from.
    public var first: Int
    /// The first issue's message (issues of a group differ only in what they found).
    public var message: String

    /// What identifies a group: the same kind, property and pattern (and severity) are one row.
    public struct Key: Hashable, Sendable {
        /// The severity.
        public var severity: MappingIssue.Severity
        /// The kind.
        public var kind: MappingIssue.Kind
        /// The property, when there is one.
        public var property: String?
        /// The path pattern.
        public var pattern: String
    }

    /// The group's identity, for comparing the groups of two mappings.
    public var key: Key { Key(severity: severity, kind: kind, property: property, pattern: pattern) }

    /// The pattern, or the concrete path when the group holds one issue.
    public var shownPath: String { count == 1 ? examples[0] : pattern }

    /// `severity kind pattern property ×count: message` on one line; a group of one reads exactly like its issue.
    public var description: String {
        var s = severity.rawValue + " " + kind.rawValue + " " + shownPath
        if let property { s += " " + property }
        if count > 1 { s += " ×\(count)" }
        return s + ": " + message
    }

    /// The groups of `issues` in the order their first issue was found; linear in the number of issues.
    public static func group(_ issues: MappingIssues) -> [IssueGroup] { issues.groups() }

    /// `path` with every array position written `[*]` and occurrence counts (`#1`) dropped; quoted keys
    /// (`["a[1]"]`) are kept as written.
    public static func pattern(of path: String) -> String {
        let bytes = Array(path.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "["), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "\"") {
                // A quoted key: copy through its closing unescaped quote.
                out.append(b)
                out.append(bytes[i + 1])
                i += 2
                while i < bytes.count {
                    let c = bytes[i]
                    out.append(c)
                    i += 1
                    if c == UInt8(ascii: "\\"), i < bytes.count {
                        out.append(bytes[i])
                        i += 1
                    } else if c == UInt8(ascii: "\"") {
                        break
                    }
                }
            } else if b == UInt8(ascii: "["), i + 1 < bytes.count, digits.contains(bytes[i + 1]) {
                var j = i + 1
                while j < bytes.count, digits.contains(bytes[j]) { j += 1 }
                if j < bytes.count, bytes[j] == UInt8(ascii: "]") {
                    out += Array("[*]".utf8)
                    i = j + 1
                } else {
                    out.append(b)
                    i += 1
                }
            } else if b == UInt8(ascii: "#"), i + 1 < bytes.count, digits.contains(bytes[i + 1]) {
                i += 1
                while i < bytes.count, digits.contains(bytes[i]) { i += 1 }
            } else {
                out.append(b)
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The group as a JSON object: severity, kind, pattern, property, count, examples, message.
    public func jsonText() -> String {
        var s = "{\"severity\":\(JSONString.quote(severity.rawValue)),\"kind\":\(JSONString.quote(kind.rawValue))"
        s += ",\"pattern\":\(JSONString.quote(pattern))"
        s += ",\"property\":" + (property.map(JSONString.quote) ?? "null")
        s += ",\"count\":\(count)"
        s += ",\"examples\":[" + examples.map(JSONString.quote).joined(separator: ",") + "]"
        s += ",\"message\":\(JSONString.quote(message))}"
        return s
    }
}

/// Which issues a list shows: all of them, warnings and errors, or errors only.
public enum SeverityFilter: String, Sendable, CaseIterable {
    /// Errors only (`--severity error`).
    case error
    /// Errors and warnings (`--severity warning`).
    case warning
    /// Everything, infos included (`--severity info`, the default).
    case info

    /// True when an issue (or a `check` report) of `severity` passes the filter.
    public func admits(_ severity: MappingIssue.Severity) -> Bool {
        switch self {
        case .error: severity == .error
        case .warning: severity != .info
        case .info: true
        }
    }

    /// What the filter shows, for titles: `errors`, `errors and warnings`, `all`.
    public var label: String {
        switch self {
        case .error: "errors"
        case .warning: "errors and warnings"
        case .info: "all"
        }
    }
}

/// How many issues there are of each severity; `text` reads `1 error · 3 info`.
public struct IssueCounts: Sendable, Equatable {
    /// Issues of severity error.
    public var errors = 0
    /// Issues of severity warning.
    public var warnings = 0
    /// Issues of severity info.
    public var infos = 0

    /// Counts `issues` (from how they are kept: no issue is built).
    public init(_ issues: MappingIssues) {
        errors = issues.count(.error)
        warnings = issues.count(.warning)
        infos = issues.count(.info)
    }

    /// The issues passing `filter`.
    public func total(_ filter: SeverityFilter = .info) -> Int {
        switch filter {
        case .error: errors
        case .warning: errors + warnings
        case .info: errors + warnings + infos
        }
    }

    /// The non-zero counts by severity, most serious first: `1 error · 2 warnings · 3 info`; empty when none.
    public var text: String {
        var parts: [String] = []
        if errors > 0 { parts.append("\(Counted.text(errors, "error"))") }
        if warnings > 0 { parts.append("\(Counted.text(warnings, "warning"))") }
        if infos > 0 { parts.append("\(infos) info") }
        return parts.joined(separator: " · ")
    }
}

extension MappingResult {
    /// The issues grouped by kind, property and path pattern (see ``IssueGroup``).
    public func issueGroups() -> [IssueGroup] { issues.groups() }

    /// The grouped issues passing `filter`, two lines a group: the group, then up to three concrete paths when it
    /// holds more than one issue (`  $.items[0].extra, $.items[1].extra, … (200000)`).
    public func groupedIssuesText(_ filter: SeverityFilter = .info) -> String {
        var out = ""
        for group in issueGroups() where filter.admits(group.severity) {
            out += group.description + "\n"
            if group.count > 1 {
                out += "  " + group.examples.joined(separator: ", ")
                out += group.count > group.examples.count ? ", …\n" : "\n"
            }
        }
        return out
    }

    /// The issues passing `filter` as a JSON array of issue objects.
    public func issuesJSONText(_ filter: SeverityFilter) -> String {
        var out: [UInt8] = []
        writeIssuesJSON(filter, chunkSize: .max) { out.append(contentsOf: $0) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Writes ``issuesJSONText(_:)`` handing `sink` chunks of about `chunkSize` bytes, one issue made at a time.
    public func writeIssuesJSON(_ filter: SeverityFilter, chunkSize: Int = 1 << 16, to sink: ([UInt8]) -> Void) {
        var out: [UInt8] = [UInt8(ascii: "[")]
        var first = true
        for issue in issues where filter.admits(issue.severity) {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            out.append(contentsOf: issue.jsonText().utf8)
            if out.count >= chunkSize {
                sink(out)
                out.removeAll(keepingCapacity: true)
            }
        }
        out.append(UInt8(ascii: "]"))
        sink(out)
    }

    /// The issue groups passing `filter` as a JSON array of group objects.
    public func issueGroupsJSONText(_ filter: SeverityFilter = .info) -> String {
        "[" + issueGroups().filter { filter.admits($0.severity) }.map { $0.jsonText() }.joined(separator: ",") + "]"
    }
}
