/// Sends requests live and writes each exchange into the session's fixtures as a pair, for later mock runs.
///
/// A pair that already answers the same request is never replaced silently: without `overwrite` the send fails
/// before anything goes out, naming the existing pair.
public struct RecordingSource: DataSource {
    /// The source that does the sending.
    public let live: LiveSource
    /// The writer for the fixtures folder.
    public let writer: FixtureWriter
    /// True to replace an existing pair for the same request.
    public let overwrite: Bool

    /// Creates a recorder for `session`.
    public init(session: Session, overwrite: Bool = false, live: LiveSource = LiveSource()) {
        self.live = live
        self.writer = FixtureWriter(session: session)
        self.overwrite = overwrite
    }

    /// `record`.
    public var name: String { "record" }

    /// Sends `request` live and writes the pair; returns the response and where the pair went.
    ///
    /// With `streaming`, the body is written to a temporary file in the fixtures folder as it arrives and never
    /// held whole: a body up to ``FixtureWriter/inlineBodyLimit`` is then read back and written into the fixture
    /// as usual, a larger one is copied in pieces to a body file; the returned response's body is empty (its
    /// size is in ``FixtureWriter/Written/bodyBytes``). Without it, the response keeps its body.
    public func record(_ request: BuiltRequest, streaming: Bool = false) async throws(TransportError) -> (
        Response, FixtureWriter.Written
    ) {
        try writer.preflight(request, overwrite: overwrite)
        guard streaming else {
            let response = try await live.send(request)
            return (response, try writer.write(response, for: request, overwrite: overwrite))
        }
        let file = try writer.receivingFile()
        defer { file.discard() }
        let response = try await live.send(request, bodyTo: file.fd)
        return (response, try writer.write(response, streamed: file, for: request, overwrite: overwrite))
    }

    /// Sends `request` live and writes the pair (see ``record(_:)``).
    public func send(_ request: BuiltRequest) async throws(TransportError) -> Response {
        try await record(request).0
    }
}
