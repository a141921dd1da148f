import StrataDocuments
import StrataMapping

/// One round trip through the shared stack: the request sent, the response, and the parsed body.
///
/// When the route maps its responses, `mappingOutcome` holds the mapped objects and every mapping issue (`mapping`),
/// the problems in the mapping configuration, or why this response was not mapped.
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
    /// What the map stage made of the body, when the route maps its responses and the body parsed.
    public var mappingOutcome: MappingOutcome?

    /// The mapped objects and issues, when the body was mapped.
    public var mapping: MappingResult? { mappingOutcome?.result }

    /// Creates an exchange.
    public init(
        route: Route, request: BuiltRequest, response: Response, parsed: ParseOutcome, source: String,
        mapping: MappingOutcome? = nil
    ) {
        self.mappingOutcome = mapping
        self.route = route
        self.request = request
        self.response = response
        self.parsed = parsed
        self.source = source
    }
}
