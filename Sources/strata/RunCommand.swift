import Dispatch
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
        let positionals = try args.positionals(max: 2)
        guard positionals.count == 2 else {
            throw UsageError(positionals.isEmpty ? "missing SESSION and ROUTE" : "missing ROUTE")
        }
        let session = try loadSession(positionals[0])
        let source: any DataSource
        switch sourceName {
        case "mock": source = MockSource(session: session)
        case "live": source = LiveSource()
        default: throw UsageError("--source must be mock or live (got '\(sourceName)')")
        }
        let client = Client(session: session, source: source)
        if curl {
            print(
                try commandError { () throws(ClientError) in try client.request(positionals[1], edits: edits) }.curl())
            return 0
        }
        let exchange = try waitFor { () async throws(ClientError) in try await client.run(positionals[1], edits: edits)
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

/// Reads `-p NAME=VALUE` options as param edits.
func parseEdits(_ texts: [String]) throws(UsageError) -> [ParamEdit] {
    var edits: [ParamEdit] = []
    for text in texts {
        do {
            edits.append(try ParamEdit(parsing: text))
        } catch {
            throw UsageError("-p \(error.message)")
        }
    }
    return edits
}

/// Runs `body`, turning its error into a command error with the error's message.
func commandError<T, E: Error>(_ body: () throws(E) -> T) throws(CommandError) -> T {
    do {
        return try body()
    } catch {
        throw CommandError("\(error)")
    }
}

/// Runs async `body` to completion from synchronous command code; its error becomes a command error.
func waitFor<T: Sendable, E: Error>(_ body: @escaping @Sendable () async throws(E) -> T) throws(CommandError) -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        do {
            box.result = .success(try await body())
        } catch {
            box.result = .failure(CommandError("\(error)"))
        }
        done.signal()
    }
    done.wait()
    return try box.result!.get()
}

/// Carries a task's result back to the waiting thread (written once before the semaphore is signalled).
final class ResultBox<T: Sendable>: @unchecked Sendable {
    var result: Result<T, CommandError>? = nil
}
