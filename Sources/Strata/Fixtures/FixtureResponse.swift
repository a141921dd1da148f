/// One response a fixture pair answers with: status, headers, body, delay, and an optional fault.
public struct FixtureResponse: Sendable {
    /// A way the response goes wrong on purpose, as WireMock's faults, to demo an app's error handling.
    public enum Fault: String, Sendable, CaseIterable, CustomStringConvertible {
        /// The connection is reset (TCP RST) without a response.
        case reset
        /// The status line and headers are sent, then the connection closes before the body is complete.
        case close
        /// The connection closes without a byte.
        case empty
        /// Bytes that are not HTTP are sent, then the connection closes.
        case garbage

        /// The name as written in fixture files.
        public var description: String { rawValue }

        /// What a client sees, for the mock source's error and the docs.
        public var effect: String {
            switch self {
            case .reset: "the connection was reset"
            case .close: "the connection closed before the body was complete"
            case .empty: "the server closed the connection without a response"
            case .garbage: "the server sent bytes that are not HTTP"
            }
        }
    }

    /// The status to answer with.
    public let status: Int
    /// The headers to answer with.
    public let headers: HTTPHeaders
    /// The body to answer with.
    public let body: FixturePair.Body
    /// Milliseconds to wait before answering.
    public let delay: Int
    /// The fault to produce instead of a clean answer, if any.
    public let fault: Fault?
    /// Milliseconds between body chunks when served over HTTP (0: the body goes out as fast as it can).
    public let chunkDelay: Int
    /// True when a header value or the inline body holds a `{{request.…}}` expression (see ``FixtureTemplate``).
    public let isTemplated: Bool

    /// Creates a response; fixtures are normally read from files instead.
    public init(
        status: Int = 200, headers: HTTPHeaders = HTTPHeaders(), body: FixturePair.Body = .none, delay: Int = 0,
        fault: Fault? = nil, chunkDelay: Int = 0
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delay = delay
        self.fault = fault
        self.chunkDelay = chunkDelay
        let bodyMentions: Bool
        switch body {
        case .json(let bytes): bodyMentions = FixtureTemplate.mentionsRequest(bytes)
        case .text(let text): bodyMentions = FixtureTemplate.mentionsRequest(Array(text.utf8))
        case .none, .file: bodyMentions = false
        }
        isTemplated = bodyMentions || headers.contains { FixtureTemplate.mentionsRequest(Array($0.value.utf8)) }
    }

    /// The headers served: ``headers``, with `Content-Type: application/json` added for an inline JSON body that
    /// names no type.
    public var servedHeaders: HTTPHeaders {
        guard case .json = body, headers["Content-Type"] == nil else { return headers }
        var served = headers
        served["Content-Type"] = "application/json"
        return served
    }
}
