import Foundation
import StrataDocuments

/// What `strata check` finds: every problem in session.json and its fixtures, each as `file:line:col: message`.
public struct SessionCheck: Sendable {
    /// All problems, session first, then fixture files in name order.
    public var diagnostics: [Diagnostic]
    /// The session as far as it could be read (its routes are used to check fixtures even when it has problems).
    public var session: Session?
    /// The fixtures that were read.
    public var fixtures: FixtureSet
    /// What mapping the fixtures found: each issue (error, warning or info) of each fixture pair that answers a
    /// route with a `map`, at the pair's `file:line:col` (reported, but not problems of the session: see `strict`).
    public var mappingReports: [Diagnostic] = []
    /// How many fixture pairs were parsed and mapped.
    public var mappedPairs = 0
    /// How many info-severity mapping issues (unmapped fields, coercions) the mapped pairs have.
    public var mappingInfoCount: Int { mappingReports.count { $0.severity == .info } }
    /// What was not done because the session is not trusted (its parsers not run), as warnings: reported, but not
    /// problems of the session.
    public var trustNotes: [Diagnostic] = []
    /// How many fixture pairs were not mapped because their parser is a program of an untrusted session.
    public var pairsNotParsed = 0

    /// Checks the session at `path` (its directory or session.json) and every fixture file: JSON errors,
    /// unknown keys, wrong types, missing body files, and fixture paths or methods no route can produce.
    ///
    /// The session's parsers run when `trust` trusts it; otherwise the fixture pairs they would read are not
    /// mapped and ``trustNotes`` says so.
    public static func run(path: String, trust: TrustStore? = nil) -> SessionCheck {
        var (session, diagnostics) = Session.loadReportingProblems(from: path)
        if let trust { session = session.map(trust.applied) }
        let fixturesDirectory =
            session?.fixturesDirectory ?? Session.join(Session.location(of: path).directory, "fixtures")
        // A route's contentType must name a parser the response pipeline's parse stage has.
        if let session {
            let registry = ResponsePipeline(session: session).registry
            for route in session.routes {
                guard let type = route.contentType, let routeNode = route.node else { continue }
                if registry.parser(forType: type) == nil {
                    let node = session.document.node(at: TreePath([.key("contentType")]), from: routeNode) ?? routeNode
                    diagnostics.append(
                        Diagnostic(
                            file: session.file, tree: session.document, node: node,
                            message: "route '\(route.name)' asks for parser '\(type)', which is not available "
                                + "(parsers: \(registry.parsers.map(\.name).joined(separator: ", ")))"))
                }
            }
        }
        if let session { diagnostics += session.mappingDiagnostics }
        let fixtures = FixtureSet.load(directory: fixturesDirectory)
        var fixtureDiagnostics = fixtures.diagnostics
        if let session {
            // Indexes built once, so checking is not routes × fixture paths × pairs: the routes by path, and pairs
            // by file and path.
            let index = RouteIndex(session.routes)
            let pairsByKey = Dictionary(grouping: fixtures.pairs, by: { [$0.file, $0.path] })
            var allPaths: String? = nil
            for key in fixtures.pathKeys {
                let routes = (index.literal(key.path) + index.templated(matching: key.path)).map { session.routes[$0] }
                if routes.isEmpty {
                    if allPaths == nil { allPaths = Set(session.routes.map(\.path)).sorted().joined(separator: ", ") }
                    fixtureDiagnostics.append(
                        Diagnostic(
                            file: key.file, line: key.line, column: key.column,
                            message: "fixture path '\(key.path)' matches no route's path (routes: \(allPaths ?? ""))"))
                    continue
                }
                let methods = Set(routes.map(\.method))
                for pair in pairsByKey[[key.file, key.path]] ?? [] {
                    if let m = pair.method, !methods.contains(m) {
                        fixtureDiagnostics.append(
                            Diagnostic(
                                file: pair.file, line: pair.line, column: pair.column,
                                message: "pair #\(pair.index + 1) of '\(key.path)' is for \(m), but the routes for "
                                    + "this path send \(methods.sorted().joined(separator: ", "))"))
                    }
                }
            }
        }
        // Keep each file's problems in position order; files that are not fixture files (one warning each) last.
        let order = Dictionary(fixtures.files.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        fixtureDiagnostics.sort {
            (order[$0.file] ?? Int.max, $0.file, $0.line, $0.column)
                < (order[$1.file] ?? Int.max, $1.file, $1.line, $1.column)
        }
        diagnostics += fixtureDiagnostics
        var check = SessionCheck(diagnostics: diagnostics, session: session, fixtures: fixtures)
        if let session { check.mapFixtures(session) }
        if let session, session.withholdsPrograms {
            let node = session.document.node(at: TreePath([.key("parsers")]), from: Tree.root) ?? Tree.root
            let pairs =
                check.pairsNotParsed > 0 ? " (\(Counted.text(check.pairsNotParsed, "fixture pair")) not mapped)" : ""
            check.trustNotes.append(
                Diagnostic(
                    file: session.file, tree: session.document, keyOf: node,
                    message: "parsers not run\(pairs): \(session.programsNotRun)", severity: .warning))
        }
        return check
    }

    /// `OK: Shop — 3 routes, 1 fixture file, 3 pairs`, or the number of problems; then, when mapping the fixtures
    /// found issues, how many of each severity.
    public var summary: String {
        guard !mappingReports.isEmpty else { return sessionSummary }
        let errors = mappingReports.count { $0.severity == .error }
        let warnings = mappingReports.count { $0.severity == .warning }
        return sessionSummary + "\nmapping \(Counted.text(mappedPairs, "fixture pair")): "
            + "\(Counted.text(errors, "error")), \(Counted.text(warnings, "warning")), "
            + "\(mappingInfoCount) info"
    }

    /// `reads environment variables SHOP_KEY, SHOP_URL into its requests (to https://shop.example.com)`: what a
    /// stranger's session would carry from your environment, and where; nil when it reads none.
    public var variablesRead: String? {
        guard let trust = session?.trust, !trust.variables.isEmpty else { return nil }
        let count = trust.variables.count
        var line =
            "reads environment \(count == 1 ? "variable" : "variables") \(trust.variables.joined(separator: ", "))"
            + " into its requests"
        var destinations: [String] = []
        for url in trust.baseURLs where !url.isEmpty {
            let shown = url.contains("${") ? url : EnvironmentExposure.origin(of: url)
            if !destinations.contains(shown) { destinations.append(shown) }
        }
        if !destinations.isEmpty { line += " (to \(destinations.joined(separator: ", ")))" }
        return line
    }

    /// True when `--strict` fails the check: a fixture pair whose mapping has an error (or whose body does not
    /// parse).
    public var mappingFailed: Bool { mappingReports.contains { $0.severity == .error } }

    private var sessionSummary: String {
        if !diagnostics.isEmpty {
            return "\(Counted.text(diagnostics.count, "problem")) found"
        }
        let routes = session?.routes.count ?? 0
        let files = fixtures.files.count
        let pairs = fixtures.pairs.count
        return "OK: \(session?.name ?? "session") — \(Counted.text(routes, "route")), "
            + "\(Counted.text(files, "fixture file")), \(Counted.text(pairs, "pair"))"
    }
}
