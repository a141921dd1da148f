import Foundation
import Strata

/// What the program needs from the world around it: data sources, `$EDITOR`, and whether durations must be
/// reproducible (headless screenshots).
///
/// The host owns one source per ``SourceMode``, made once and used for every send while the program runs, so a
/// mock source's fixture cache lasts as long as the program (each fixture file is parsed once per change).
package struct ExplorerHost {
    /// Where mock requests go: the session's fixtures.
    package let mock: any DataSource
    /// Where live requests go: the network, with one cookie jar for the whole run.
    package let live: any DataSource
    /// The cookie jar of the run: the default live source's, and the live API's when the explorer serves.
    package let cookies = CookieJar()
    /// Runs `$EDITOR` on a file with the terminal handed over; returns a problem to show, or nil. Nil when there
    /// is no terminal to hand over (headless).
    package var runEditor: ((String) -> String?)?
    /// When true, a mocked response's duration is its fixture's `delay`, so screenshots do not change between runs.
    package var fixedDurations: Bool
    /// The history every send is kept in (the sources keep it: ``HistorySource``), read by the History list; nil
    /// for a host that keeps none.
    package var history: HistoryStore?
    /// Why the history could not be written at the latest sends, until the program takes them to show.
    package let historyProblems = Locked<[HistoryError]>([])
    /// Serves the session over HTTP (`S`, `--serve`); nil where there is none to run (headless screenshots).
    package var server: (any TrafficServer)?
    /// Where the user's trust is kept: a reloaded session is trusted as it says, and `y` to the trust question is
    /// recorded in it; nil keeps trust for the run only (headless screenshots, tests).
    package var trust: TrustStore?
    /// Whether each route's last checks are written to the session's `.strata/checks.json` (not by headless
    /// screenshots and tests, which leave the session folder alone).
    package var keepsChecks = false

    /// Creates a host with the given sources (live: the network with ``cookies``); with `history`, both keep every
    /// response in it.
    package init(
        mock: any DataSource, live: (any DataSource)? = nil,
        runEditor: ((String) -> String?)? = nil,
        fixedDurations: Bool = false, history: HistoryStore? = nil, server: (any TrafficServer)? = nil,
        trust: TrustStore? = nil
    ) {
        let problems = historyProblems
        let report: @Sendable (HistoryError) -> Void = { error in problems.withLock { $0.append(error) } }
        // The response is shown while its history entry is written (a 100 MB body takes a noticeable moment).
        self.mock = history.map { HistorySource(mock, history: $0, writesInBackground: true, problems: report) } ?? mock
        let live = live ?? LiveSource(cookies: cookies)
        self.live = history.map { HistorySource(live, history: $0, writesInBackground: true, problems: report) } ?? live
        self.runEditor = runEditor
        self.fixedDurations = fixedDurations
        self.history = history
        self.server = server
        self.trust = trust
    }

    /// Creates a host answering mock requests from `session`'s fixtures and live ones from the network, keeping
    /// every response in the session's history.
    ///
    /// With `fixedDurations` (headless screenshots and tests) the history goes to a fresh temporary folder with a
    /// clock that starts at 2026-01-01 12:00:00 UTC and ticks a second per entry, so pictures never change and
    /// the session folder is left alone.
    package init(
        session: Session, runEditor: ((String) -> String?)? = nil, fixedDurations: Bool = false,
        server: (any TrafficServer)? = nil, trust: TrustStore? = nil
    ) {
        self.init(
            mock: MockSource(session: session), runEditor: runEditor, fixedDurations: fixedDurations,
            history: fixedDurations ? ExplorerHost.scratchHistory(session) : HistoryStore(session: session),
            server: server, trust: trust)
        keepsChecks = !fixedDurations
    }

    /// A history in a new temporary folder with a clock that ticks one second per entry. The folder is removed
    /// when the store is gone (its clock holds the folder).
    package static func scratchHistory(_ session: Session) -> HistoryStore {
        let folder = TemporaryFolder(prefix: "strata-history")
        let ticks = Locked(0)
        return HistoryStore(
            directory: HistoryStore.folder(ofSession: folder.path), root: folder.path, settings: session.history,
            redact: session.redact,
            clock: {
                let n = ticks.withLock { (t: inout Int) -> Int in
                    t += 1
                    return t
                }
                return withExtendedLifetime(folder) { Date(timeIntervalSince1970: 1_767_268_800 + Double(n)) }
            })
    }

    /// The source requests of `mode` go to.
    package func source(for mode: SourceMode) -> any DataSource {
        switch mode {
        case .mock: mock
        case .live: live
        }
    }

    /// What the explorer's server answers from in `mode`, made as `strata serve` makes it: the session's fixtures,
    /// or the live API with the run's ``cookies``, keeping every exchange in ``history``.
    package func upstream(for mode: SourceMode, session: Session) -> ServeResponder.Upstream {
        let problems = historyProblems
        return .make(
            mode == .live ? .live : .mock, session: session, history: history, cookies: cookies,
            historyProblems: { error in problems.withLock { $0.append(error) } })
    }
}

/// Runs the user's editor on a file and waits for it.
package enum EditorLauncher {
    /// The editor command: `$VISUAL`, then `$EDITOR`, then `vi`.
    package static func command(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        for name in ["VISUAL", "EDITOR"] {
            if let value = environment[name], !value.trimmingCharacters(in: .whitespaces).isEmpty { return value }
        }
        return "vi"
    }

    /// Runs the editor on `path` attached to this terminal; returns nil when it exited 0, else what went wrong.
    ///
    /// The editor runs as `system(3)` runs a command: in the explorer's own process group, so it is in the
    /// terminal's foreground and can read keys (Foundation's `Process` starts it in a group of its own, where its
    /// first read from the terminal fails), with SIGINT and SIGQUIT ignored here until it exits, so a Ctrl-C meant
    /// for the editor does not end the explorer.
    package static func run(_ path: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> String?
    {
        let editor = command(environment: environment)
        // The command may carry arguments (`code -w`); the file is one quoted word after it.
        let status = system(editor + " " + ShellWords.quote(path))
        guard status != -1 else { return "cannot start the editor '\(editor)': \(String(cString: strerror(errno)))" }
        let exited = status & 0x7F == 0
        let code = (status >> 8) & 0xFF
        if exited, code == 0 { return nil }
        if exited, code == 127 { return "cannot start the editor '\(editor)': command not found" }
        let how = exited ? "exited with status \(code)" : "was stopped by signal \(status & 0x7F)"
        return "the editor '\(editor)' \(how); press R to reload session.json"
    }
}

/// A folder under the system's temporary directory, removed with everything in it when the last reference goes.
final class TemporaryFolder: Sendable {
    /// The folder's absolute path.
    let path: String

    /// Creates `PREFIX-UUID` in the temporary directory.
    init(prefix: String) {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
