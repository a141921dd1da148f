import Foundation
import Strata

/// `strata run SESSION ROUTE ...`: Run one route through the shared stack and print the result.
enum RunCommand {
    static let usage =
        "strata run SESSION ROUTE [-p NAME=VALUE]... [--source mock|live] [--show VIEW | --json] [--fail] [--curl] [--env NAME]"
    static let summary = "Run one route through the shared stack and print the result."
    static let arguments = [
        PositionalSpec(name: "SESSION", help: "a session folder (or its session.json)"),
        PositionalSpec(name: "ROUTE", help: "the name of one of its routes"),
    ]
    /// `-p NAME=VALUE`, shared with `record`.
    static let paramOption = OptionSpec(
        "--param", "-p", value: "NAME=VALUE",
        help: "set a param, over the session's and the route's defaults (repeatable)")
    static let options = [
        paramOption,
        environmentOption,
        OptionSpec(
            "--source", value: "mock|live", help: "answer from the session's fixtures (default) or the live API"),
        OptionSpec(
            "--show", value: "VIEW",
            help: "raw (the body, unescaped; default), parsed, mapped, issues or all (request and response too)"),
        OptionSpec("--json", help: "print the whole exchange as one JSON object (every view; not with --show)"),
        OptionSpec("--fail", help: "exit 3 when the status is 400 or more or mapping found an error"),
        OptionSpec("--curl", help: "print the request as a curl command instead of running it"),
    ]

    static func run(_ args: inout Arguments) throws -> Int32 {
        let json = args.flag("--json")
        let fail = args.flag("--fail")
        let curl = args.flag("--curl")
        let edits = try parseEdits(args.options("-p"))
        let sourceName = try args.option("--source") ?? "mock"
        let showName = try args.option("--show")
        if json, showName != nil {
            throw UsageError("--show and --json cannot be combined: --json prints every view in one object")
        }
        guard let view = Exchange.View(rawValue: showName ?? "raw") else {
            throw UsageError("--show must be raw, parsed, mapped, issues or all (got '\(showName ?? "")')")
        }
        let (sessionPath, routeName) = try args.sessionAndRoute()
        let session = try loadSession(sessionPath, environment: args.option("--env"))
        let source: any DataSource
        switch sourceName {
        case "mock": source = MockSource(session: session)
        case "live": source = LiveSource()
        default: throw UsageError("--source must be mock or live (got '\(sourceName)')")
        }
        let client = Client(session: session, source: source)
        if curl {
            Output.print(
                try commandError { () throws(ClientError) in try client.request(routeName, edits: edits) }.curl())
            return 0
        }
        let exchange = try waitFor { () async throws(ClientError) in try await client.run(routeName, edits: edits)
        }
        if json {
            Output.print(exchange.jsonReport(), style: .json)
        } else if view == .all {
            Output.print(exchange.text(.all))
        } else {
            Output.error(exchange.summaryLine)
            if view == .raw {
                Output.raw(exchange.text(view))
            } else {
                Output.print(exchange.text(view))
            }
        }
        return fail && (exchange.response.status >= 400 || exchange.hasMappingErrors) ? 3 : 0
    }
}
