/// What `strata serve` answers one request with, before it goes on the wire.
public struct ServeReply: Sendable {
    /// The status.
    public var status: Int
    /// The headers (without Content-Length, which the server sets).
    public var headers: HTTPHeaders
    /// The body: bytes, or a file streamed from disk (empty while ``stream`` relays it).
    public var body: MockSource.BodySource
    /// The live body relayed while it arrives, when the upstream's head said it is a stream (see
    /// ``ServeStream``); ``ended()`` is this reply once it has ended.
    public var stream: ServeStream?
    /// Milliseconds to wait before answering.
    public var delay: Int
    /// Milliseconds between body chunks of ``chunkSize`` bytes.
    public var chunkDelay: Int
    /// The fault to produce instead of a clean answer.
    public var fault: FixtureResponse.Fault?
    /// What answered, for the journal (see ``ServeJournal/Entry/outcome``).
    public var outcome: String
    /// Who answered, as rules compare it (``outcome`` is the text people read).
    public var answer: Answer = .other
    /// The nearest pair, for a near miss.
    public var nearest: String?
    /// The near-miss report, for a near miss, its files named from the session folder (the explorer's Traffic list
    /// shows it).
    public var nearMiss: NearMissReport?
    /// Where the answer came from (a fixture pair and its delay, or the live URL), when a fixture or the live API
    /// answered.
    public var origin: Response.Origin?

    /// Who answered a served request: what the journal's rules and the Traffic list compare, never the outcome's
    /// text.
    public enum Answer: Sendable, Equatable {
        /// A fixture pair, at `location` (`fixtures/x.json:3:5`, named from the session folder).
        case fixture(location: String)
        /// No fixture matched: a near-miss report.
        case nearMiss
        /// An admin endpoint under ``FixtureSet/reservedPrefix``: shown as it happens, never kept in the journal.
        case admin
        /// Anything else: the live API, a recording, or `strata serve` itself (a refusal, a CORS preflight,
        /// `OPTIONS *`, a limit); ``outcome`` says which.
        case other
    }

    /// The size of the pieces a body with a `chunkDelay` is sent in.
    public static let chunkSize = 1024

    /// Creates a reply.
    public init(
        status: Int, headers: HTTPHeaders = [:], body: MockSource.BodySource = .bytes([]), delay: Int = 0,
        chunkDelay: Int = 0, fault: FixtureResponse.Fault? = nil, outcome: String, nearest: String? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
        self.chunkDelay = chunkDelay
        self.fault = fault
        self.outcome = outcome
        self.nearest = nearest
    }

    /// This reply as it is logged: when its body is relayed, once the transfer has ended (this waits for it),
    /// with the body that arrived, the outcome and the origin it ended with; any other reply as it is.
    public func ended() -> ServeReply {
        guard let stream else { return self }
        let end = stream.waitForEnd()
        var out = self
        out.stream = nil
        out.body = end.body
        out.outcome = end.outcome
        out.origin = end.origin
        return out
    }

    /// A plain-text reply (an error the server itself gives: 413, 431, 502).
    public static func text(_ status: Int, _ message: String, outcome: String) -> ServeReply {
        ServeReply(
            status: status, headers: ["Content-Type": "text/plain; charset=utf-8"],
            body: .bytes(Array((message + "\n").utf8)), outcome: outcome)
    }

    /// A JSON reply.
    static func json(_ status: Int, _ value: OutputJSON, outcome: String) -> ServeReply {
        ServeReply(
            status: status, headers: ["Content-Type": "application/json"],
            body: .bytes(Array((value.text() + "\n").utf8)), outcome: outcome)
    }
}
