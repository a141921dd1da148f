import Foundation
import Strata

/// What the program needs from the world around it: data sources, `$EDITOR`, and whether durations must be
/// reproducible (headless screenshots).
///
/// The host owns one source per ``SourceMode``, made once and used for every send while the program runs, so a
/// mock source's fixture cache lasts as long as the program (each fixture file is parsed once per change).
public struct ExplorerHost {
    /// Where mock requests go: the session's fixtures.
    public let mock: any DataSource
    /// Where live requests go: the network.
    public let live: any DataSource
    /// Runs `$EDITOR` on a file with the terminal handed over; returns a problem to show, or nil. Nil when there
    /// is no terminal to hand over (headless).
    public var runEditor: ((String) -> String?)?
    /// When true, a mocked response's duration is its fixture's `delay`, so screenshots do not change between runs.
    public var fixedDurations: Bool

    /// Creates a host with the given sources.
    public init(
        mock: any DataSource, live: any DataSource = LiveSource(), runEditor: ((String) -> String?)? = nil,
        fixedDurations: Bool = false
    ) {
        self.mock = mock
        self.live = live
        self.runEditor = runEditor
        self.fixedDurations = fixedDurations
    }

    /// Creates a host answering mock requests from `session`'s fixtures and live ones from the network.
    public init(session: Session, runEditor: ((String) -> String?)? = nil, fixedDurations: Bool = false) {
        self.init(mock: MockSource(session: session), runEditor: runEditor, fixedDurations: fixedDurations)
    }

    /// The source requests of `mode` go to.
    public func source(for mode: SourceMode) -> any DataSource {
        switch mode {
        case .mock: mock
        case .live: live
        }
    }
}

/// Runs the user's editor on a file and waits for it.
public enum EditorLauncher {
    /// The editor command: `$VISUAL`, then `$EDITOR`, then `vi`.
    public static func command(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        for name in ["VISUAL", "EDITOR"] {
            if let value = environment[name], !value.trimmingCharacters(in: .whitespaces).isEmpty { return value }
        }
        return "vi"
    }

    /// Runs the editor on `path` attached to this terminal; returns nil when it exited 0, else what went wrong.
    public static func run(_ path: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> String?
    {
        let editor = command(environment: environment)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // The command may carry arguments (`code -w`); the file is passed as "$1" so no quoting is needed.
        process.arguments = ["-c", editor + " \"$1\"", "sh", path]
        do {
            try process.run()
        } catch {
            return "cannot start the editor '\(editor)': \(error.localizedDescription)"
        }
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            return
                "the editor '\(editor)' exited with status \(process.terminationStatus); press R to reload session.json"
        }
        return nil
    }
}
