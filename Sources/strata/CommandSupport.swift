import Dispatch
import Strata

/// Loads a session with environment `environment` applied (nil for its own defaults), turning its problems into a
/// command error that lists them all.
func loadSession(_ path: String, environment: String? = nil) throws(CommandError) -> Session {
    let session: Session
    do {
        session = try Session.load(from: path)
    } catch {
        throw CommandError(
            "cannot load session:\n" + error.diagnostics.map(\.description).joined(separator: "\n"))
    }
    return try commandError { () throws(RequestError) in try session.applying(environment: environment) }
}

/// `--env NAME`, on every command that loads a session.
let environmentOption = OptionSpec(
    "--env", "-e", value: "NAME", help: "use the session's environment NAME (its base URL, headers, params, auth)")

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
