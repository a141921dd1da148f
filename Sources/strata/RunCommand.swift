import Foundation
import Strata

/// `strata run SESSION ROUTE ...`: Run one route through the shared stack and print the result.
enum RunCommand {
    static let usage =
        "strata run SESSION ROUTE [-p NAME=VALUE]... [--source mock|live] [--show raw|parsed|mapped|issues|all] [--json] [--fail] [--curl]"
    static let summary = "Run one route through the shared stack and print the result."

    static func run(_ args: inout Arguments) throws -> Int32 {
        let json = args.flag("--json")
        let fail = args.flag("--fail")
        let curl = args.flag("--curl")
        let edits = try parseEdits(args.options("-p", "--param"))
        let sourceName = try args.option("--source") ?? "mock"
        let showName = try args.option("--show") ?? "raw"
        guard let view = Exchange.View(rawValue: showName) else {
            throw UsageError("--show must be raw, parsed, mapped, issues or all (got '\(showName)')")
        }
        let (sessionPath, routeName) = try args.sessionAndRoute()
        let session = try loadSession(sessionPath)
        let source: any DataSource
        switch sourceName {
        case "mock": source = MockSource(session: session)
        case "live": source = LiveSource()
        default: throw UsageError("--source must be mock or live (got '\(sourceName)')")
        }
        let client = Client(session: session, source: source)
        if curl {
            print(
                try commandError { () throws(ClientError) in try client.request(routeName, edits: edits) }.curl())
            return 0
        }
        let exchange = try waitFor { () async throws(ClientError) in try await client.run(routeName, edits: edits)
        }
        if json {
            print(exchange.jsonReport())
        } else if view == .all {
            print(exchange.text(.all))
        } else {
            FileHandle.standardError.write(Data((exchange.summaryLine + "\n").utf8))
            print(exchange.text(view))
        }
        return fail && (exchange.response.status >= 400 || exchange.hasMappingErrors) ? 3 : 0
    }
}
