import Strata

/// A request in flight: which one, where to, and how long it has been running.
package struct RunState: Equatable, Sendable {
    /// What the request is doing.
    package enum Phase: Hashable, Sendable {
        /// Waiting for the data source.
        case sending
        /// The status and headers are here and the body is arriving (``RunState/arriving``).
        case receiving
        /// The response is here and is being parsed and mapped.
        case processing(bytes: Int)
    }

    /// The response of a live request as it arrives: its head and the body so far.
    package struct Arriving: Equatable, Sendable {
        /// Which hop of the redirects this response is (a new hop starts a new body).
        package var hop: Int
        /// The status.
        package var status: Int
        /// The headers.
        package var headers: HTTPHeaders
        /// The body bytes so far (at most the request's `maxBodyBytes`, which the transport enforces).
        package var body: [UInt8] = []
        /// Bytes received on the wire so far.
        package var transferred: Int = 0
        /// The length on the wire when a Content-Length gave it.
        package var expected: Int? = nil
        /// True while a parse of the body so far runs (one at a time; the next starts when it reports back).
        package var parsing = false
        /// How many body bytes the last partial parse read.
        package var parsedBytes = 0

        /// The body so far as a response marked partial.
        package func response(elapsed: Duration, request: BuiltRequest, body: [UInt8]) -> Response {
            Response(
                status: status, headers: headers, body: body, duration: elapsed,
                origin: .live(url: request.redactedLocation().url, redirects: []), partial: true)
        }

        /// The share of the body received, 0...1, when its length is known.
        package var fraction: Double? {
            guard let expected, expected > 0 else { return nil }
            return min(1, Double(transferred) / Double(expected))
        }
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
    /// The request sent (so what arrived can be kept when the transfer stops early).
    package var request: BuiltRequest?
    /// The response so far, once its head has arrived (live requests only).
    package var arriving: Arriving?
    /// The session revision the response is being parsed under: its parse may serve chained values only if the
    /// session has not changed since.
    package var parsedUnderRevision: Int? = nil
    /// Why the body being processed is partial (`cancelled`, a transport error), said once it is shown.
    package var keptBecause: String?

    /// Creates a run state.
    package init(id: Int, routeName: String, summary: String, source: SourceMode, request: BuiltRequest? = nil) {
        self.id = id
        self.routeName = routeName
        self.summary = summary
        self.source = source
        self.elapsed = .zero
        self.phase = .sending
        self.request = request
    }
}
