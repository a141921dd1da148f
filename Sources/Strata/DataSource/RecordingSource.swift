import StrataDocuments

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
    /// Where each recorded exchange is also kept, when given (`strata record`, `strata serve --source record`).
    public let history: HistoryStore?
    /// Told of an exchange the history could not keep; the recording itself has succeeded.
    public let historyProblems: @Sendable (HistoryError) -> Void

    /// Creates a recorder for `session`, keeping what it records in `history` too when given.
    public init(
        session: Session, overwrite: Bool = false, live: LiveSource = LiveSource(), history: HistoryStore? = nil,
        historyProblems: @escaping @Sendable (HistoryError) -> Void = { _ in }
    ) {
        self.live = live
        self.writer = FixtureWriter(session: session)
        self.overwrite = overwrite
        self.history = history
        self.historyProblems = historyProblems
    }

    /// `record`.
    public var name: String { "record" }

    /// Sends `request` live and writes the pair; returns the response and where the pair went.
    ///
    /// With `streaming`, the body is written to a temporary file in the fixtures folder as it arrives and never
    /// held whole: a body up to ``FixtureWriter/inlineBodyLimit`` is then read back and written into the fixture
    /// as usual, a larger one is copied in pieces to a body file; the returned response's body is empty (its
    /// size is in ``FixtureWriter/Written/bodyBytes``), and such a body is not kept in the history. Without it,
    /// the response keeps its body and `progress` hears of it as it arrives.
    public func record(
        _ request: BuiltRequest, streaming: Bool = false, progress: TransferObserver? = nil
    ) async throws(TransportError) -> (Response, FixtureWriter.Written) {
        try writer.preflight(request, overwrite: overwrite)
        guard streaming else {
            let response = try await live.send(request, progress: progress)
            let written = try writer.write(response, for: request, overwrite: overwrite)
            keep(request, response)
            return (response, written)
        }
        let file = try writer.receivingFile()
        defer { file.discard() }
        let response = try await live.send(request, bodyTo: file.fd)
        let written = try writer.write(response, streamed: file, for: request, overwrite: overwrite)
        if history != nil {
            let size = FixtureWriter.size(of: file.fd)
            if size <= FixtureWriter.inlineBodyLimit {
                var whole = response
                whole.body = try FixtureWriter.read(file.fd, size: size, path: file.path)
                keep(request, whole)
            } else {
                historyProblems(
                    .notKept(
                        "the body (\(ByteCount.text(size))) was streamed into the fixture; recorded bodies over "
                            + "\(ByteCount.text(FixtureWriter.inlineBodyLimit)) are kept there only"))
            }
        }
        return (response, written)
    }

    /// Keeps an exchange in the history, if there is one, by `HistorySource`'s one rule.
    private func keep(_ request: BuiltRequest, _ response: Response) {
        guard let history else { return }
        HistorySource.keep(request, response, in: history, source: name, problems: historyProblems)
    }

    /// Sends `request` live and writes the pair (see ``record(_:streaming:progress:)``).
    public func send(_ request: BuiltRequest) async throws(TransportError) -> Response {
        try await record(request).0
    }

    /// Sends `request` live, reporting to `progress` as the response arrives, and writes the pair.
    public func send(_ request: BuiltRequest, progress: TransferObserver?) async throws(TransportError) -> Response {
        try await record(request, progress: progress).0
    }
}
