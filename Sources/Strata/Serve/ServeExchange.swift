/// One request `strata serve` answered, whole: what arrived, what was answered, and its journal entry.
///
/// The explorer's Traffic list is built from these (``ServeResponder`` hands each one to its exchange observer on
/// the server's thread). The request is as the client sent it, secrets included: show it redacted.
public struct ServeExchange: Sendable {
    /// The request as it arrived.
    public var request: ServeRequest
    /// What was answered.
    public var reply: ServeReply
    /// The journal entry (headers and path redacted).
    public var entry: ServeJournal.Entry

    /// Creates an exchange.
    public init(request: ServeRequest, reply: ServeReply, entry: ServeJournal.Entry) {
        self.request = request
        self.reply = reply
        self.entry = entry
    }
}
