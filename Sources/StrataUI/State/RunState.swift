/// A request in flight: which one, where to, and how long it has been running.
public struct RunState: Hashable, Sendable {
    /// What the request is doing.
    public enum Phase: Hashable, Sendable {
        /// Waiting for the data source.
        case sending
        /// The response is here and is being parsed and mapped.
        case processing(bytes: Int)
    }

    /// The request's id; results with another id are stale and dropped.
    public var id: Int
    /// The route's name.
    public var routeName: String
    /// `GET /products`.
    public var summary: String
    /// The source asked.
    public var source: SourceMode
    /// Time since it was sent (updated by ticks while it runs).
    public var elapsed: Duration
    /// What it is doing.
    public var phase: Phase

    /// Creates a run state.
    public init(id: Int, routeName: String, summary: String, source: SourceMode) {
        self.id = id
        self.routeName = routeName
        self.summary = summary
        self.source = source
        self.elapsed = .zero
        self.phase = .sending
    }
}
