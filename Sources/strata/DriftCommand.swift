import Strata

/// `strata drift SESSION [ROUTE] [--json]`: Run routes live and compare each response's shape with its fixture.
enum DriftCommand {
    static let usage = "strata drift SESSION [ROUTE] [--json]"
    static let summary = "Run routes live and report where each response's shape left its fixture (exit 1 on drift)."
    static let arguments = [
        PositionalSpec(name: "SESSION", help: "a session folder (or its session.json)"),
        PositionalSpec(
            name: "ROUTE", help: "one route to check (default: every GET and HEAD route; others only when named)"),
    ]
    static let options = [OptionSpec("--json", help: "print the checks as one JSON object")]

    static func run(_ args: inout Arguments) throws -> Int32 {
        let json = args.flag("--json")
        let positionals = try args.positionals(max: 2)
        guard let path = positionals.first else { throw UsageError("missing SESSION") }
        let session = try loadSession(path)
        let names: [String]
        if positionals.count > 1 {
            let name = positionals[1]
            guard session.route(named: name) != nil else {
                throw CommandError(
                    "no route '\(name)' in session '\(session.name)'"
                        + Suggestion.didYouMean(name, in: session.routes.map(\.name)))
            }
            names = [name]
        } else {
            names = session.routes.map(\.name)
        }
        let checks = waitForAll(names, session: session, onlySafe: positionals.count == 1)
        let drifted = checks.filter(\.hasDrift).count
        if json {
            let report = OutputJSON.object([
                ("drift", .bool(drifted > 0)), ("routes", .array(checks.map { $0.json() })),
            ])
            Output.print(report.text(), style: .json)
        } else {
            let compared = checks.filter {
                if case .compared = $0.outcome { return true }
                return false
            }.count
            let summary =
                "\(Counted.text(checks.count, "route")) · \(compared) compared · "
                + (drifted == 0 ? "no drift" : "\(drifted) drifted")
            Output.print(checks.map(\.text).joined() + summary)
        }
        return drifted > 0 ? 1 : 0
    }

    /// Runs the checks one after another (live requests, in route order); with `onlySafe`, routes that would
    /// change something on the server (any method but GET and HEAD) are left out unless named.
    static func waitForAll(_ names: [String], session: Session, onlySafe: Bool) -> [DriftCheck] {
        var checks: [DriftCheck] = []
        for name in names {
            if onlySafe, let method = session.route(named: name)?.method, method != "GET", method != "HEAD" {
                let reason = "\(method) is sent only when the route is named: strata drift SESSION \(name)"
                checks.append(DriftCheck(route: name, request: method, outcome: .skipped(reason)))
                continue
            }
            let check = try? waitFor { () async throws(CommandError) -> DriftCheck in
                await DriftCheck.run(name, session: session, live: LiveSource())
            }
            if let check { checks.append(check) }
        }
        return checks
    }
}
