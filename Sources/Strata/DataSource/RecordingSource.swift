/// Sends requests live and writes each exchange into the session's fixtures as a pair, for later mock runs.
///
/// A pair that already answers the same request is never replaced silently: without `overwrite` the send fails
/// before anything goes out, naming the existing pair.
public struct RecordingSource: DataSource {
    /// The source that does the sending (the live source, possibly keeping history: ``HistorySource``).
    public let live: any DataSource
    /// The writer for the fixtures folder.
    public let writer: FixtureWriter
    /// True to replace an existing pair for the same request.
    public let overwrite: Bool

    /// Creates a recorder for `session`.
    public init(session: Session, overwrite: Bool = false, live: any DataSource = LiveSource()) {
        self.live = live
        self.writer = FixtureWriter(session: session)
        self.overwrite = overwrite
    }

    /// `record`.
    public var name: String { "record" }

    /// Sends `request` live and writes the pair; returns the response and where the pair went.
    public func record(_ request: BuiltRequest, progress: TransferObserver? = nil) async throws(TransportError) -> (
        Response, FixtureWriter.Written
    ) {
        try writer.preflight(request, overwrite: overwrite)
        let response = try await live.send(request, progress: progress)
        let written = try writer.write(response, for: request, overwrite: overwrite)
        return (response, written)
    }

    /// Sends `request` live and writes the pair (see ``record(_:)``).
    public func send(_ request: BuiltRequest) async throws(TransportError) -> Response {
        try await record(request).0
    }

    /// Sends `request` live, reporting to `progress` as the response arrives, and writes the pair.
    public func send(_ request: BuiltRequest, progress: TransferObserver?) async throws(TransportError) -> Response {
        try await record(request, progress: progress).0
    }
}
