import Foundation
import Strata

/// `strata test SESSION [ROUTE…]`: Run routes and check their responses against their expectations.
enum TestCommand {
    static let usage =
        "strata test SESSION [ROUTE]... [--env NAME] [--source mock|live] [--junit FILE] [--max-body BYTES]"
    static let summary = "Run routes and check each response against the route's \"expect\" (exit 1 on a failure)."
    static let arguments = [
        PositionalSpec(name: "SESSION", help: "a session folder (or its session.json)"),
        PositionalSpec(
            name: "ROUTE", help: "the routes to test, in order (default: every route with \"expect\", in file order)"),
    ]
    static let options = [
        environmentOption,
        OptionSpec(
            "--source", value: "mock|live", help: "answer from the session's fixtures (default) or the live API"),
        OptionSpec("--junit", value: "FILE", help: "also write the results to FILE as JUnit XML (for CI)"),
        maxBodyOption,
    ]

    static func run(_ args: inout Arguments) throws -> Int32 {
        let sourceName = try args.option("--source") ?? "mock"
        let junit = try args.option("--junit")
        let maxBody = try args.option("--max-body")
        let positionals = try args.positionals()
        guard let path = positionals.first else { throw UsageError("missing SESSION") }
        var session = try loadSession(path, environment: args.option("--env"))
        try applyMaxBody(maxBody, to: &session)
        let base: any DataSource
        switch sourceName {
        case "mock": base = MockSource(session: session)
        case "live": base = LiveSource()
        default: throw UsageError("--source must be mock or live (got '\(sourceName)')")
        }
        var names = Array(positionals.dropFirst())
        for name in names where session.route(named: name) == nil {
            throw CommandError(
                "no route '\(name)' in session '\(session.name)'"
                    + Suggestion.didYouMean(name, in: session.routes.map(\.name)))
        }
        if names.isEmpty {
            names = session.testedRoutes
            guard !names.isEmpty else {
                throw CommandError(
                    "no route of '\(session.name)' has expectations: add \"expect\" to a route (see docs/testing.md)")
            }
        }
        let live = sourceName == "live"
        let (vetted, tested) = (session, names)
        let started = Date()
        let clock = ContinuousClock()
        let start = clock.now
        let results = try waitFor { () async throws(CommandError) in
            await RouteTests.run(
                tested, session: vetted, source: keepingHistory(base, session: vetted),
                vet: { request in
                    guard live else { return nil }
                    do throws(CommandError) {
                        try requireTrust(toSend: request, of: vetted)
                        return nil
                    } catch {
                        return error.message
                    }
                },
                progress: { result in Output.print(result.lines.joined(separator: "\n")) })
        }
        let elapsed = clock.now - start
        let summary = RouteTestSummary(results)
        Output.print(summary.text)
        // The explorer shows each route's last result beside it.
        let reports = Dictionary(results.compactMap { r in r.report.map { (r.route, $0) } }) { _, last in last }
        do {
            try LastChecks.keep(reports, session: session)
        } catch {
            Output.error("strata: warning: the results were not kept for the explorer: \(error)")
        }
        if let junit {
            let xml = JUnitReport.xml(results, session: session.name, time: elapsed, timestamp: started)
            _ = try commandError { () throws(AtomicFile.WriteError) in
                try AtomicFile.write(Array(xml.utf8), to: junit)
            }
        }
        return summary.succeeded ? 0 : 1
    }
}
