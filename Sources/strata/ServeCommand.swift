import Foundation
import Strata
import StrataServe

/// `strata serve SESSION [--host H] [--port P] [--source mock|live|record] [--journal FILE]`: Serve a session's
/// fixtures over HTTP.
enum ServeCommand {
    static let usage =
        "strata serve SESSION [--host 127.0.0.1] [--port 8080] [--source mock|live|record] [--journal FILE] [--timeout SECONDS] [--max-request-body BYTES]"
    static let summary = "Serve the session over HTTP (fixtures, the live API, or recording) and log each request."
    static let arguments = [PositionalSpec(name: "SESSION", help: "a session folder (or its session.json)")]
    static let options = [
        OptionSpec("--host", value: "HOST", help: "the address to listen on (default 127.0.0.1)"),
        OptionSpec("--port", value: "PORT", help: "the port to listen on (default 8080; 0 picks a free one)"),
        OptionSpec(
            "--source", value: "mock|live|record",
            help: "answer from fixtures (default), proxy to the live API, or proxy and record new exchanges"),
        OptionSpec("--journal", value: "FILE", help: "also append each request to FILE as a JSON line"),
        OptionSpec("--timeout", value: "SECONDS", help: "close a connection idle this long (default 30)"),
        OptionSpec(
            "--max-request-body", "--max-body", value: "BYTES",
            help: "refuse request bodies over this size with 413 (512K, 10M; default 10M; --max-body is deprecated)"),
    ]

    static func run(_ args: inout Arguments) throws -> Int32 {
        // Before any thread is started: the server's threads inherit the mask, so no thread takes these signals.
        holdStopSignals()
        let host = try args.option("--host") ?? "127.0.0.1"
        let portText = try args.option("--port") ?? "8080"
        guard let port = ServeListener.port(portText) else {
            throw UsageError("--port must be a number 0–65535 (got '\(portText)')")
        }
        var limits = ServeLimits()
        if let t = try args.option("--timeout") {
            guard let s = Int(t), (1...86_400).contains(s) else {
                throw UsageError("--timeout must be a whole number of seconds from 1 to 86400, a day (got '\(t)')")
            }
            limits.connectionTimeout = s
            limits.requestHeadTimeout = s
        }
        if args.gave("--max-body") {
            Output.error(
                "strata: warning: serve's --max-body is deprecated, use --max-request-body (on run, record and the "
                    + "explorer --max-body bounds the response body)")
        }
        if let b = try args.option("--max-request-body") {
            limits.maxBodyBytes = try byteSize(b, of: "--max-request-body", from: 0)
        }
        let sourceName = try args.option("--source") ?? "mock"
        guard let kind = ServeResponder.Upstream.Kind(rawValue: sourceName) else {
            throw UsageError("--source must be mock, live or record (got '\(sourceName)')")
        }
        let journalFile = try args.option("--journal")
        guard let sessionPath = try args.positionals(max: 1).first else {
            throw UsageError("serve needs a SESSION")
        }
        // Before anything is read or opened: without libmicrohttpd there is nothing to serve with.
        if let reason = HTTPServer.unavailableReason { throw CommandError(reason) }
        let session = try loadSession(sessionPath)
        if kind != .mock { try requireTrust(toServe: session, from: sourceName) }
        // Live answers keep cookies for the run and every exchange in the session's history, as the explorer's do.
        let upstream = ServeResponder.Upstream.make(
            kind, session: session, history: HistoryStore(session: session), cookies: CookieJar(),
            historyProblems: { problem in Output.error("strata: warning: \(problem)") })
        let journal = try commandError { () throws(ServeError) in try openJournal(journalFile) }
        let responder = ServeResponder(
            session: session, upstream: upstream, journal: journal, loopback: HTTPServer.isLoopback(host),
            exchangeObserver: { Output.print($0.entry.line) })
        let server = try commandError { () throws(ServeError) in
            try HTTPServer(
                responder: responder, host: host, port: port, limits: limits,
                problems: { Output.error("strata: warning: \($0)") })
        }
        Output.print("serving \(session.name) (\(upstream.name)) at \(server.url)")
        Output.print("admin: \(server.url)\(FixtureSet.reservedPrefix)health, requests, reset (POST); stop with Ctrl-C")
        waitForStopSignal()
        Output.print("stopping: answering the requests in flight")
        server.stop()
        Output.print("stopped")
        return 0
    }

    static func openJournal(_ file: String?) throws(ServeError) -> ServeJournal {
        try ServeJournal(file: file, problems: { Output.error("strata: warning: \($0)") })
    }

    /// SIGINT and SIGTERM, either of which stops serving.
    static var stopSignals: sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        return signals
    }

    /// Blocks SIGINT and SIGTERM in this thread and the threads it starts from now on: one sent at any moment
    /// stays pending for ``waitForStopSignal()``. (A handler set up once serving had begun lost a signal sent
    /// while it was being set up, and serving went on for ever; one sent before it ended the process unstopped.)
    /// A program started from here would inherit the mask (Foundation's `Process` keeps it) and must unblock them.
    static func holdStopSignals() {
        var signals = stopSignals
        pthread_sigmask(SIG_BLOCK, &signals, nil)
    }

    /// Blocks until SIGINT or SIGTERM arrives, or returns at once for one that arrived since
    /// ``holdStopSignals()``.
    static func waitForStopSignal() {
        var signals = stopSignals
        var received: Int32 = 0
        _ = sigwait(&signals, &received)
    }
}
