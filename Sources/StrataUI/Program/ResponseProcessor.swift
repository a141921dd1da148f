import Strata

/// Turns a response into a ``ResponseDocument``: parse (the same registry rules as `strata run`), index lines,
/// map. Pure and possibly slow on big bodies, so the program runs it off the UI loop.
///
/// The program parses and indexes first and maps in a second effect, so a huge response is on screen (Raw and
/// Parsed) while its objects are still being mapped.
public enum ResponseProcessor {
    /// Parses, indexes and (when `map`) maps `response` for `route` of `session`.
    public static func process(
        request: BuiltRequest, response: Response, route: Route, session: Session, map: Bool = true,
        registry: ParserRegistry = .standard
    ) -> ResponseDocument {
        let outcome = registry.parse(response.body, type: route.contentType, contentType: response.contentType)
        let lines = LineIndex(response.body)
        let mapping = map ? outcome.tree.flatMap { MappedDocument.map($0, route: route, session: session) } : nil
        let document = ResponseDocument(
            request: request, response: response, outcome: outcome, lines: lines, mapping: mapping)
        if let tree = outcome.tree { document.memo.warm(tree, span: { tree.span($0) }) }
        return document
    }
}
