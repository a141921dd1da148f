import Strata

/// `strata record SESSION ROUTE [-p NAME=VALUE]... [--overwrite]`: Run a route live and save the exchange as a fixture.
enum RecordCommand {
    static let usage = "strata record SESSION ROUTE [-p NAME=VALUE]... [--overwrite]"
    static let summary = "Run a route live and save the exchange as a fixture."

    static func run(_ args: inout Arguments) throws -> Int32 {
        let overwrite = args.flag("--overwrite")
        let edits = try parseEdits(args.options("-p", "--param"))
        let positionals = try args.positionals(max: 2)
        guard positionals.count == 2 else {
            throw UsageError(positionals.isEmpty ? "missing SESSION and ROUTE" : "missing ROUTE")
        }
        let session = try loadSession(positionals[0])
        let recorder = RecordingSource(session: session, overwrite: overwrite)
        let client = Client(session: session, source: recorder)
        let request = try commandError { () throws(ClientError) in try client.request(positionals[1], edits: edits) }
        let (response, written) = try waitFor { () async throws(TransportError) in try await recorder.record(request) }
        let verb = written.replaced ? "replaced" : "recorded"
        print("\(verb) \(response.statusLine) \(request.method) \(request.path) → \(written)")
        if let bodyFile = written.bodyFile { print("body written to \(bodyFile) beside it") }
        return 0
    }
}
