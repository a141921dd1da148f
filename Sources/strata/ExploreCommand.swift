import Foundation
import NcursesBackend
import Strata
import StrataUI

/// `strata [SESSION] [--source mock|live] [--serve [HOST:]PORT]`: Open the explorer on SESSION (default: the
/// bundled demo), serving it over HTTP with a Traffic list when asked.
enum ExploreCommand {
    static let usage = "strata [SESSION] [--source mock|live] [--env NAME] [--max-body BYTES] [--serve [HOST:]PORT]"
    static let summary = "Open the explorer on SESSION (default: the bundled demo)."
    static let arguments = [PositionalSpec(name: "SESSION", help: "a session folder (default: the bundled demo)")]
    static let options = [
        OptionSpec("--source", value: "mock|live", help: "start answering from fixtures (default) or the live API"),
        environmentOption,
        maxBodyOption,
        OptionSpec(
            "--serve", value: "[HOST:]PORT",
            help: "also serve the session over HTTP from the source (host 127.0.0.1 unless given) and list the traffic"),
    ]

    static func run(_ args: inout Arguments) throws -> Int32 {
        let sourceName = try args.option("--source")
        let maxBody = try args.option("--max-body")
        let serveText = try args.option("--serve")
        let positionals = try args.positionals(max: 1)
        var source = SourceMode.mock
        if let sourceName {
            guard let mode = SourceMode(rawValue: sourceName) else {
                throw UsageError("--source must be mock or live, not '\(sourceName)'")
            }
            source = mode
        }
        var serveAddress: ServeAddress? = nil
        if let serveText {
            switch ServeAddress.parse(serveText) {
            case .success(let address): serveAddress = address
            case .failure(let problem): throw CommandError(problem.message)
            }
        }
        // Loaded as every command loads a session: one message listing every problem (file:line:col).
        var session = try loadSession(sessionPath(positionals.first), environment: args.option("--env"))
        try applyMaxBody(maxBody, to: &session)
        if serveAddress != nil, source == .live { try requireTrust(toServe: session, from: "live") }
        unblockTerminalSignals()
        let backend: NcursesBackend
        do {
            backend = try NcursesBackend()
        } catch {
            throw CommandError("\(error)")
        }
        defer { backend.restore() }
        var state = ExplorerState(
            session: session, size: backend.size, environment: ProcessInfo.processInfo.environment,
            earlierResponses: chainedResponses(for: session))
        state.source = source
        // What the last `strata test` (or the last explorer run) found, beside each route.
        state.keepCheckReports(LastChecks.read(session: session))
        if let serveAddress { state.traffic.address = serveAddress }
        let host = ExplorerHost(
            session: session,
            runEditor: { path in
                backend.suspend()
                defer { backend.resume() }
                return EditorLauncher.run(path)
            }, server: ExplorerServer(), trust: trustStore)
        let program = ExplorerProgram(state: state, backend: backend, host: host)
        defer {
            program.stopServing()
            // Responses are shown before their history entries are written: finish those before exiting.
            host.history?.settle()
        }
        if let serveAddress, case .failure(let problem) = program.startServing(address: serveAddress) {
            backend.restore()
            // The server's hint names `strata serve`'s option; here it is --serve.
            let message = problem.message.replacingOccurrences(of: "--port 0", with: "--serve 0")
            throw CommandError("cannot serve on \(serveAddress): \(message)")
        }
        do {
            try program.run()
        } catch {
            backend.restore()
            throw CommandError("\(error)")
        }
        return 0
    }

    /// Makes sure resize, hang-up and quit signals reach the explorer even when the parent started it with them
    /// blocked (a blocked SIGWINCH would mean no resize events; a blocked SIGHUP, no clean exit).
    static func unblockTerminalSignals() {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCONT] { sigaddset(&signals, signal) }
        sigprocmask(SIG_UNBLOCK, &signals, nil)
    }

    /// The session folder named on the command line, or the bundled demo's; an error says where it looked.
    static func sessionPath(_ argument: String?) throws(CommandError) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        let executable = Bundle.main.executablePath ?? CommandLine.arguments.first
        guard let path = SessionLocator.locate(argument, currentDirectory: cwd, executable: executable) else {
            throw CommandError(SessionLocator.notFound(currentDirectory: cwd, executable: executable))
        }
        return path
    }
}
