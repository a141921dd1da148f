/// A data source that keeps every response of the source it wraps in the session's history: the one place where
/// sends are recorded, for the explorer, `strata run` and `strata serve` alike.
///
/// A send that fails (no response) is not kept. A history that cannot be written never fails the send: the
/// problem goes to `problems`, which front ends show as a warning.
///
/// ```swift
/// let source = HistorySource(LiveSource(), history: HistoryStore(session: session))
/// let response = try await source.send(request)   // and it is in the history
/// ```
public struct HistorySource: DataSource {
    /// The source that answers.
    public let base: any DataSource
    /// Where responses are kept.
    public let history: HistoryStore
    /// The source name written in the history (the base source's name unless given).
    public let label: String
    /// Told of a history that could not be written.
    public let problems: @Sendable (HistoryError) -> Void
    /// True when a send returns before its entry is written (``HistoryStore/appendInBackground(_:_:source:done:)``):
    /// for the explorer, which shows the response meanwhile. A process that exits after sending waits instead.
    public let writesInBackground: Bool

    /// Wraps `base`, keeping its responses in `history` under `label` (default: `base.name`), in the background
    /// when `writesInBackground`.
    public init(
        _ base: any DataSource, history: HistoryStore, label: String? = nil, writesInBackground: Bool = false,
        problems: @escaping @Sendable (HistoryError) -> Void = { _ in }
    ) {
        self.base = base
        self.history = history
        self.label = label ?? base.name
        self.writesInBackground = writesInBackground
        self.problems = problems
    }

    /// The base source's name.
    public var name: String { base.name }

    /// Sends through the base source and keeps the response in the history.
    public func send(_ request: BuiltRequest) async throws(TransportError) -> Response {
        try await send(request, progress: nil)
    }

    /// Sends through the base source, which reports to `progress` while the response arrives, and keeps the
    /// response in the history.
    public func send(_ request: BuiltRequest, progress: TransferObserver?) async throws(TransportError) -> Response {
        let response = try await base.send(request, progress: progress)
        HistorySource.keep(
            request, response, in: history, source: label, inBackground: writesInBackground, problems: problems)
        return response
    }

    /// Keeps one exchange in `history` under `source`: the one rule every recorded send follows (this source's,
    /// and `RecordingSource`'s, which reads a streamed body back first). A history that cannot be written is told
    /// to `problems`, never thrown: the send has succeeded.
    static func keep(
        _ request: BuiltRequest, _ response: Response, in history: HistoryStore, source: String,
        inBackground: Bool = false, problems: @escaping @Sendable (HistoryError) -> Void
    ) {
        if inBackground {
            history.appendInBackground(request, response, source: source) { outcome in
                if case .failure(let error) = outcome { problems(error) }
            }
            return
        }
        do {
            try history.append(request, response, source: source)
        } catch {
            problems(error)
        }
    }
}
