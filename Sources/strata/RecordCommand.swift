import Strata

/// `strata record SESSION ROUTE [-p NAME=VALUE]... [--overwrite]`: Run a route live and save the exchange as a fixture.
enum RecordCommand {
    static let usage = "strata record SESSION ROUTE [-p NAME=VALUE]... [--overwrite] [--env NAME] [--max-body BYTES]"
    static let summary = "Run a route live and save the exchange as a fixture."
    static let arguments = [
        PositionalSpec(name: "SESSION", help: "a session folder (or its session.json)"),
        PositionalSpec(name: "ROUTE", help: "the name of one of its routes"),
    ]
    static let options = [
        RunCommand.paramOption,
        environmentOption,
        OptionSpec("--overwrite", help: "replace a recorded pair for the same request instead of refusing"),
        maxBodyOption,
    ]

    static func run(_ args: inout Arguments) throws -> Int32 {
        let overwrite = args.flag("--overwrite")
        let edits = try parseEdits(args.options("-p"))
        let maxBody = try args.option("--max-body")
        let (sessionPath, routeName) = try args.sessionAndRoute()
        var session = try loadSession(sessionPath, environment: args.option("--env"))
        try applyMaxBody(maxBody, to: &session)
        let recorder = RecordingSource(
            session: session, overwrite: overwrite, history: HistoryStore(session: session),
            historyProblems: { problem in Output.error("strata: warning: \(problem)") })
        let client = Client(session: session, source: recorder, responses: chainedResponses(for: session))
        let request = try commandError { () throws(ClientError) in try client.request(routeName, edits: edits) }
        try requireTrust(toSend: request, of: session)
        let (response, written) = try waitFor { () async throws(TransportError) in
            try await recorder.record(request, streaming: true)
        }
        let verb = written.replaced ? "replaced" : "recorded"
        let scrubber = request.scrubber
        Output.print(scrubber.scrub("\(verb) \(response.statusLine) \(request.method) \(written.path) → \(written)"))
        if response.truncated {
            Output.error(
                "strata: warning: the body stopped at maxBodyBytes (\(written.bodyBytes) bytes); the fixture holds what arrived"
            )
        }
        if let bodyFile = written.bodyFile {
            let note =
                written.largeBody
                ? " (\(written.bodyBytes) bytes: over \(FixtureWriter.inlineBodyLimit >> 20) MiB, so kept as a file; "
                    + "secrets replaced wherever they appear, the body not parsed)" : ""
            Output.print(scrubber.scrub("body written to \(session.fixturesDirectory)/\(bodyFile)\(note)"))
        }
        return 0
    }
}
