/// One round trip through the shared stack: the request sent, the response, and the parsed body.
///
/// When the route has a `map`, `mapping` holds the mapped objects and every mapping issue.
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
    /// The mapped objects and issues, when the route has a `map` and the body parsed.
    public var mapping: MappingResult?

    /// Creates an exchange.
    public init(
        route: Route, request: BuiltRequest, response: Response, parsed: ParseOutcome, source: String,
        mapping: MappingResult? = nil
    ) {
        self.mapping = mapping
        self.route = route
        self.request = request
        self.response = response
        self.parsed = parsed
        self.source = source
    }
}
