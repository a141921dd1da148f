import Strata

/// `strata history SESSION [ROUTE] [--json]`: List the exchanges kept in a session's history.
enum HistoryCommand {
    static let usage = "strata history SESSION [ROUTE] [--json]"
    static let summary = "List the exchanges kept in the session's history (newest first)."
    static let arguments = [
        PositionalSpec(name: "SESSION", help: "a session folder (or its session.json)"),
        PositionalSpec(name: "ROUTE", help: "only the exchanges of this route"),
    ]
    static let options = [OptionSpec("--json", help: "print the entries as a JSON array")]

    static func run(_ args: inout Arguments) throws -> Int32 {
        let json = args.flag("--json")
        let positionals = try args.positionals(max: 2)
        guard let path = positionals.first else { throw UsageError("missing SESSION") }
        let session = try loadSession(path)
        let route = positionals.count > 1 ? positionals[1] : nil
        if let route, session.route(named: route) == nil {
            throw CommandError(
                ClientError.unknownRoute(name: route, session: session.name, available: session.routes.map(\.name))
                    .description)
        }
        let entries = HistoryStore(session: session).entries(route: route)
        if json {
            Output.print(OutputJSON.array(entries.map(\.json)).text(), style: .json)
            return 0
        }
        guard !entries.isEmpty else {
            Output.error("no history\(route.map { " for route '\($0)'" } ?? "") yet: every send is kept once made")
            return 0
        }
        Output.print(HistoryListing.table(entries))
        return 0
    }
}
