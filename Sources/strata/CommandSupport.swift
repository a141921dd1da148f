import Dispatch
import Strata

/// Loads a session, turning its problems into a command error that lists them all.
func loadSession(_ path: String) throws(CommandError) -> Session {
    do {
        return try Session.load(from: path)
    } catch {
        throw CommandError(
            "cannot load session:\n" + error.diagnostics.map(\.description).joined(separator: "\n"))
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

/// A `--query` option: absent or valid (`valid(nil)` when absent), or invalid and already reported.
enum QueryOption {
    case valid(JSONPathQuery?)
    case invalid
}

/// Parses `--query EXPR`; an invalid query is printed as `query:1:COL: message` (the caller exits 2).
func parseQuery(_ text: String?) -> QueryOption {
    guard let text else { return .valid(nil) }
    do {
        return .valid(try JSONPathQuery(text))
    } catch {
        Output.error(error.description)
        return .invalid
    }
}

/// Prints the nodes `query` selects in `tree` (paths and values, or a JSON array), and the count on stderr;
/// `scrubber` (the request's, for `run`) hides secrets a server echoed.
func printMatches(_ query: JSONPathQuery, in tree: Tree, json: Bool, scrubber: SecretScrubber? = nil) {
    let nodes = query.select(in: tree)
    let report = JSONPathQuery.report(nodes, in: tree, json: json)
    let text = scrubber?.scrub(report) ?? report
    if json {
        Output.print(text, style: .json)
    } else {
        if !text.isEmpty { Output.print(text) }
        Output.error(JSONPathQuery.countText(nodes.count))
    }
}
