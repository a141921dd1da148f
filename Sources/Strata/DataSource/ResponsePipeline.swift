import StrataDocuments
import StrataMapping

/// The two stages every response goes through, for `strata run`, `record` and the explorer alike: **parse** the
/// body with the parser the route and the response choose, then **map** the tree with the route's `map`.
///
/// The stages are separate so a front end can show the parsed tree before the (possibly slow) mapping is done;
/// ``run(_:for:)`` does both for callers that want the whole result at once.
///
/// ```swift
/// let pipeline = ResponsePipeline(session: session)
/// let parsed = pipeline.parse(response, for: route)
/// let mapped = parsed.tree.flatMap { pipeline.map($0, status: response.status, for: route) }
/// ```
public struct ResponsePipeline: Sendable {
    /// The session whose mappings (read and compiled once, at load) are used.
    public let session: Session
    /// The parsers for response bodies: `registry` and the session's external parsers.
    public let registry: ParserRegistry

    /// A pipeline for `session`'s routes. The session's external parsers run only when it ``Session/isTrusted``;
    /// otherwise the bodies they would read are shown as text, with a note saying how to trust the session.
    public init(session: Session, registry: ParserRegistry = .standard) {
        self.session = session
        var r = registry
        let reason = session.withholdsPrograms ? session.programsNotRun : nil
        for p in session.parsers { r.register(reason.map { WithheldParser(parser: p, reason: $0) } ?? p) }
        self.registry = r
    }

    /// The parse stage: the route's `contentType`, else the response's Content-Type, else sniffing (see
    /// ``ParserRegistry/parse(_:type:contentType:cut:)``). The tree holds the body's own bytes, not a copy. A body
    /// cut at `maxBodyBytes` is not parsed by a format that needs a whole document: the outcome says so instead.
    public func parse(_ response: Response, for route: Route) -> ParseOutcome {
        registry.parse(
            response.body, type: route.contentType, contentType: response.contentType, cut: response.truncated)
    }

    /// The map stage: `tree`, the body of a response with `status`, mapped as ``Session/responseMapping(of:status:)``
    /// says (the route's `map`, or its `errorMap` for a status of 400 or more); nil when the route maps nothing.
    ///
    /// The outcome carries the problems in the configuration that concern the route (``Session/mappingDiagnostics(for:)``)
    /// whatever happens; it has no result when the route's mapping could not be read, or when the response is not
    /// mapped (``MappingOutcome/notMapped`` says why).
    public func map(_ tree: Tree, status: Int, for route: Route) -> MappingOutcome? {
        guard let choice = session.responseMapping(of: route, status: status) else { return nil }
        let diagnostics = session.mappingDiagnostics(for: route)
        switch choice {
        case .notMapped(let reason):
            return MappingOutcome(result: nil, routeMapping: nil, diagnostics: diagnostics, notMapped: reason)
        case .mapped(nil, _):
            return MappingOutcome(result: nil, routeMapping: nil, diagnostics: diagnostics)
        case .mapped(let routeMapping?, _):
            return MappingOutcome(
                result: session.mapper.map(tree, with: routeMapping), routeMapping: routeMapping,
                diagnostics: diagnostics)
        }
    }

    /// Both stages, one after the other.
    public func run(_ response: Response, for route: Route) -> (parsed: ParseOutcome, mapping: MappingOutcome?) {
        let parsed = parse(response, for: route)
        return (parsed, parsed.tree.flatMap { map($0, status: response.status, for: route) })
    }
}

/// What the map stage made of a tree: the mapped values and their issues, the route's `map` as read, and problems
/// in the mapping configuration itself.
public struct MappingOutcome: Sendable {
    /// The mapped values and issues; nil when the configuration is too broken to map with.
    public let result: MappingResult?
    /// The route's `map`, as read.
    public let routeMapping: RouteMapping?
    /// Problems in the session's `mappings` or the route's `map` and `errorMap` (file:line:col), in the words of
    /// `strata check`.
    public let diagnostics: [Diagnostic]
    /// Why the response was not mapped though the route maps its responses, in one line (an error status and no
    /// `errorMap`); nil when it was mapped or the configuration could not be read.
    public let notMapped: String?

    /// Creates an outcome from its parts.
    public init(
        result: MappingResult?, routeMapping: RouteMapping?, diagnostics: [Diagnostic], notMapped: String? = nil
    ) {
        self.result = result
        self.routeMapping = routeMapping
        self.diagnostics = diagnostics
        self.notMapped = notMapped
    }
}
