import Dispatch
import Strata

/// Loads a session with environment `environment` applied (nil for its own defaults), trusted as the user's
/// ``trustStore`` says, turning its problems into a command error that lists them all.
func loadSession(_ path: String, environment: String? = nil) throws(CommandError) -> Session {
    var session: Session
    do {
        session = try Session.load(from: path)
    } catch {
        throw CommandError(
            "cannot load session:\n" + error.diagnostics.map(\.description).joined(separator: "\n"))
    }
    if let trustStore { session = trustStore.applied(to: session) }
    return try commandError { () throws(RequestError) in try session.applying(environment: environment) }
}

/// The sessions the user trusts (`$XDG_CONFIG_HOME/strata/trusted`); nil when neither it nor `HOME` is set, and
/// then no session is trusted.
let trustStore = TrustStore.standard()

/// Refuses a live send of `request` that would carry environment variables to an address session.json chose,
/// unless the session is trusted: `not sent: Sessions/demo is not trusted, and this request sends …`.
func requireTrust(
    toSend request: BuiltRequest, of session: Session, refusing: String = "not sent",
    what: String = "this request"
) throws(CommandError) {
    guard !session.isTrusted, let exposure = session.environmentExposure(of: request) else { return }
    throw CommandError("\(refusing): " + session.notTrustedToSend(exposure, what: what))
}

/// Refuses to serve `session` from the live API (`source`: live or record) when every forwarded request would
/// carry environment variables to an address session.json chose (its defaults read them), unless it is trusted.
func requireTrust(toServe session: Session, from source: String) throws(CommandError) {
    let defaults = try commandError { () throws(RequestError) in
        try RequestBuilder(session: session).build(Route(name: ServeRequest.unroutedName, path: "/"))
    }
    try requireTrust(
        toSend: defaults, of: session, refusing: "not serving \(source)", what: "every request it forwards")
}

/// The responses of earlier runs that `${response:ROUTE:QUERY}` values read: the session's history, all of it in
/// `run` and `record`, and in the explorer for the routes it has not run yet.
func chainedResponses(for session: Session) -> any ResponseLookup { HistoryStore(session: session) }

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

/// Reads `--severity error|warning|info` (nil: every issue).
func severityFilter(_ text: String?) throws(UsageError) -> SeverityFilter {
    guard let text else { return .info }
    guard let filter = SeverityFilter(rawValue: text) else {
        throw UsageError("--severity must be error, warning or info (got '\(text)')")
    }
    return filter
}

/// `--max-body BYTES`, shared by `run`, `record` and the explorer.
let maxBodyOption = OptionSpec(
    "--max-body", value: "BYTES",
    help: "keep at most this much of a live body (1048576, 512K, 10M, 1G; default: the session's, else 1G)")

/// Applies `--max-body` to `session` when given, within the range session.json allows.
func applyMaxBody(_ text: String?, to session: inout Session) throws(UsageError) {
    guard let text else { return }
    session.maxBodyOverride = try byteSize(text, of: "--max-body", from: 1)
}

/// Reads the size given to `option`, the one reader of sizes on the command line: a whole number of bytes with an
/// optional K, M or G (powers of 1024), from `minimum` to 64G (the most session.json allows).
func byteSize(_ text: String, of option: String, from minimum: Int) throws(UsageError) -> Int {
    let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
    var digits = Substring(text.uppercased())
    var unit = 1
    if let last = digits.last, let u = units[last] {
        unit = u
        digits = digits.dropLast()
    }
    if digits.hasSuffix("I") { digits = digits.dropLast() }
    guard let n = Int(digits), n >= minimum, n <= Session.maximumBodyBytes / unit else {
        throw UsageError(
            "\(option) must be a whole number of bytes from \(minimum) to 64G, optionally with K, M or G (got '\(text)')"
        )
    }
    return n * unit
}

/// The `--type` choices of `parse` and `diff`, from the parser registry: `json|xml|plist|yaml|form|text|hex`.
let parserTypeChoices = ParserRegistry.standard.names.joined(separator: "|")

/// The same choices as words: `json, yaml, …, hex or text`.
let parserTypeWords: String = {
    let names = ParserRegistry.standard.names
    return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
}()

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

/// `base`, keeping every response in `session`'s history (see ``HistorySource``); a history that cannot be written
/// is a warning on stderr, never a failed send. With `inBackground`, a send returns before its entry is written,
/// so the response is printed meanwhile: the caller waits with `history.settle()` before it exits.
func keepingHistory(
    _ base: any DataSource, session: Session, label: String? = nil, inBackground: Bool = false
) -> HistorySource {
    HistorySource(base, history: HistoryStore(session: session), label: label, writesInBackground: inBackground) {
        problem in Output.error("strata: warning: \(problem)")
    }
}
