/// What a live transfer has received so far, reported while the response arrives: its status and headers once
/// they are in, then each piece of the body as it comes.
public struct TransferProgress: Sendable, Equatable {
    /// Which response of the exchange this is: 0 for the first, one more after each redirect followed. A report
    /// with a new hop starts a new body.
    public var hop: Int
    /// The HTTP status.
    public var status: Int
    /// The response headers, in wire order.
    public var headers: HTTPHeaders
    /// The body bytes (decoded) that arrived since the previous report; empty in the report that announces the
    /// headers.
    public var chunk: [UInt8]
    /// The body bytes (decoded) received so far, at most the request's `maxBodyBytes`.
    public var received: Int
    /// The bytes received so far on the wire (before decoding), which ``expected`` counts too.
    public var transferred: Int
    /// The body's length on the wire when the server gave a Content-Length, else nil.
    public var expected: Int?

    /// Creates a report.
    public init(
        hop: Int, status: Int, headers: HTTPHeaders, chunk: [UInt8], received: Int, transferred: Int,
        expected: Int?
    ) {
        self.hop = hop
        self.status = status
        self.headers = headers
        self.chunk = chunk
        self.received = received
        self.transferred = transferred
        self.expected = expected
    }

    /// This report followed by `later` as one: `later`'s counts, and both chunks when they are of the same hop.
    public func merged(with later: TransferProgress) -> TransferProgress {
        var out = later
        if later.hop == hop { out.chunk = chunk + later.chunk }
        return out
    }
}

/// Receives ``TransferProgress`` reports; called on the transfer's own thread, so it must only hand them on (for
/// example to a queue the UI drains), never touch a caller's state directly.
public typealias TransferObserver = @Sendable (TransferProgress) -> Void
