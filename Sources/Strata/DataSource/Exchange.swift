/// One round trip through the shared stack: the request sent, the response, and the parsed body.
///
/// The mapping step (classes from the session's `mappings`) is added by the mapping work: it belongs here as
/// `mapped` and `issues` next to `parsed`; until then reports write them as null.
public struct Exchange: Sendable {
    /// The route that was run.
    public var route: Route
    /// The request as built (secrets included; use `request.redacted()` to show it).
    public var request: BuiltRequest
    /// The response.
    public var response: Response
    /// The parser chosen for the body and its tree or error.
    public var parsed: ParseOutcome
    /// The name of the data source (`mock`, `live`, `record`).
    public var source: String

    /// Creates an exchange.
    public init(route: Route, request: BuiltRequest, response: Response, parsed: ParseOutcome, source: String) {
        self.route = route
        self.request = request
        self.response = response
        self.parsed = parsed
        self.source = source
    }
}
