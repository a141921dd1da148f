import Strata

/// `strata routes SESSION [--json]`: List a session's routes with their params.
enum RoutesCommand {
    static let usage = "strata routes SESSION [--json] [--env NAME]"
    static let summary = "List a session's routes with their params."
    static let arguments = [PositionalSpec(name: "SESSION", help: "a session folder (or its session.json)")]
    static let options = [OptionSpec("--json", help: "print the routes as JSON"), environmentOption]

    static func run(_ args: inout Arguments) throws -> Int32 {
        let json = args.flag("--json")
        let positionals = try args.positionals(max: 1)
        guard let path = positionals.first else { throw UsageError("missing SESSION") }
        let session = try loadSession(path, environment: args.option("--env"))
        if json {
            Output.print(session.routeListingJSON(), style: .json)
        } else {
            Output.print(session.routeListing())
        }
        return 0
    }
}
