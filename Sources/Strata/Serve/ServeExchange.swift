/// One request `strata serve` answered, handed to the exchange observer: the request as it was worked out when it
/// arrived, what was answered, and its journal entry.
///
/// ``ServeResponder`` hands each one to its exchange observer on the server's thread (the terminal line, the
/// explorer's Traffic list). The request holds its secrets: show the entry, or the request through its scrubber.
public struct ServeExchange: Sendable {
    /// The request as it arrived.
    public var request: ServeRequest
    /// The request as the responder worked it out when it arrived (matcher's view, scrubber, route); nil for an
    /// exchange put together without a responder, whose reader works it out for its session.
    public var served: ServedRequest?
    /// What was answered.
    public var reply: ServeReply
    /// The journal entry (headers and path redacted).
    public var entry: ServeJournal.Entry

    /// The exchange of `served`, answered with `reply` and recorded as `entry`.
    public init(served: ServedRequest, reply: ServeReply, entry: ServeJournal.Entry) {
        self.request = served.request
        self.served = served
        self.reply = reply
        self.entry = entry
    }

    /// An exchange of `request` put together without a responder (``served`` is nil).
    public init(request: ServeRequest, reply: ServeReply, entry: ServeJournal.Entry) {
        self.request = request
        self.served = nil
        self.reply = reply
        self.entry = entry
    }

    /// The request as the responder worked it out, or as it works out for `session`.
    public func served(for session: Session) -> ServedRequest { served ?? ServedRequest(request, session: session) }
}
