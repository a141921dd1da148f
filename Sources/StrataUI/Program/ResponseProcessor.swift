import Strata

/// Turns a response into a ``ResponseDocument``: parse (the same registry rules as `strata run`), index lines,
/// map. Pure and possibly slow on big bodies, so the program runs it off the UI loop.
public enum ResponseProcessor {
    /// Parses, indexes and maps `response` for `route` of `session`.
    public static func process(
        request: BuiltRequest, response: Response, route: Route, session: Session,
        registry: ParserRegistry = .standard
    ) -> ResponseDocument {
        let outcome = registry.parse(response.body, type: route.contentType, contentType: response.contentType)
        let lines = LineIndex(response.body)
        let mapping = outcome.tree.flatMap { MappedDocument.map($0, route: route, session: session) }
        return ResponseDocument(
            request: request, response: response, outcome: outcome, lines: lines, mapping: mapping)
    }
}
