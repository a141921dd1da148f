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
        if writesInBackground {
            let problems = self.problems
            history.appendInBackground(request, response, source: label) { outcome in
                if case .failure(let error) = outcome { problems(error) }
            }
            return response
        }
        do {
            try history.append(request, response, source: label)
        } catch {
            problems(error)
        }
        return response
    }
}
