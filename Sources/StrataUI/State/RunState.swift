/// A request in flight: which one, where to, and how long it has been running.
package struct RunState: Hashable, Sendable {
    /// What the request is doing.
    package enum Phase: Hashable, Sendable {
        /// Waiting for the data source.
        case sending
        /// The response is here and is being parsed and mapped.
        case processing(bytes: Int)
    }

    /// The request's id; results with another id are stale and dropped.
    package var id: Int
    /// The route's name.
    package var routeName: String
    /// `GET /products`.
    package var summary: String
    /// The source asked.
    package var source: SourceMode
    /// Time since it was sent (updated by ticks while it runs).
    package var elapsed: Duration
    /// What it is doing.
    package var phase: Phase
    /// The history entry being shown, when the "request" is reading one back (nothing is sent).
    package var historyNumber: Int? = nil

    /// Creates a run state.
    package init(id: Int, routeName: String, summary: String, source: SourceMode) {
        self.id = id
        self.routeName = routeName
        self.summary = summary
        self.source = source
        self.elapsed = .zero
        self.phase = .sending
    }
}
