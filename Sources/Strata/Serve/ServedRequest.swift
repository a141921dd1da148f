/// A request `strata serve` is answering, worked out once when it arrives: the request as the client sent it, the
/// request as the mock source's matcher sees it (with its scrubber) and the session route it is for.
///
/// ``ServeResponder`` makes one per request (``ServeResponder/arrived(_:)``) and carries it through `respond`, `log`
/// and the exchange observer (``ServeExchange``), so nothing assembles the request, builds its scrubber or looks
/// up its route again; a class, so handing it on copies a reference. It holds the request's secrets: show it
/// through ``scrubber``.
public final class ServedRequest: Sendable {
    /// The request as it arrived.
    public let request: ServeRequest
    /// The request as the matcher sees it: the path as sent, query and body params, every header as a header param,
    /// secrets marked by the session's `redact` list and the credential-name rule.
    public let built: BuiltRequest
    /// The session route the request is for, if any (recorded pairs of a request no route describes go to
    /// `fixtures/served.json`).
    public let route: Route?

    /// The URL and the path as shown and logged: secret values as `<redacted>` (``BuiltRequest/redactedLocation()``,
    /// worked out once for the matcher and the journal).
    public let shownLocation: (url: String, path: String)

    /// The scrubber that knows the request's secret values.
    public var scrubber: SecretScrubber { built.scrubber }

    /// `request` as it arrived for `session`.
    public convenience init(_ request: ServeRequest, session: Session) {
        self.init(request, session: session, routes: RouteIndex(session.routes))
    }

    /// `request` as it arrived for `session`, its route found through `routes` (the session's, built once).
    init(_ request: ServeRequest, session: Session, routes: RouteIndex) {
        self.request = request
        route = routes.route(method: request.method, path: request.path)
        built = request.builtRequest(for: session, routeName: route?.name ?? ServeRequest.unroutedName)
        shownLocation = built.redactedLocation()
    }
}
