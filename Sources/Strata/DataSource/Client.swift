import Foundation
import StrataDocuments

/// Runs routes through the shared stack: build the request, send it through a data source, parse and map the body
/// (``ResponsePipeline``).
///
/// ```swift
/// let client = Client(session: session, source: MockSource(session: session))
/// let exchange = try await client.run("listProducts", edits: [.set(name: "page", value: "2")])
/// ```
public struct Client: Sendable {
    /// The session whose routes are run.
    public let session: Session
    /// Where responses come from.
    public let source: any DataSource
    /// The parsers for response bodies.
    public let registry: ParserRegistry
    /// The request builder (and the environment it reads).
    public let builder: RequestBuilder

    /// Creates a client; chained values (`${response:ROUTE:QUERY}`) read `responses` (none by default).
    public init(
        session: Session, source: any DataSource, registry: ParserRegistry = .standard,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        responses: any ResponseLookup = NoResponses()
    ) {
        self.session = session
        self.source = source
        self.registry = registry
        self.builder = RequestBuilder(session: session, environment: environment, responses: responses)
    }

    /// The route called `name`, or an error listing the routes there are.
    public func route(_ name: String) throws(ClientError) -> Route {
        guard let route = session.route(named: name) else {
            throw .unknownRoute(name: name, session: session.name, available: session.routes.map(\.name))
        }
        return route
    }

    /// Builds the request for route `name` with `edits`.
    public func request(_ name: String, edits: [ParamEdit] = []) throws(ClientError) -> BuiltRequest {
        try request(route(name), edits: edits)
    }

    /// Builds the request for `route` with `edits`.
    func request(_ route: Route, edits: [ParamEdit]) throws(ClientError) -> BuiltRequest {
        do {
            return try builder.build(route, edits: edits)
        } catch {
            throw .request(error)
        }
    }

    /// Builds, sends and parses route `name` with `edits`, reporting to `progress` while the response arrives.
    ///
    /// With `parse` false the body is not parsed or mapped (the exchange's parse outcome says so): for a caller that
    /// shows only the raw body, which then costs no tree.
    public func run(_ name: String, edits: [ParamEdit] = [], progress: TransferObserver? = nil, parse: Bool = true)
        async throws(ClientError) -> Exchange
    {
        let route = try route(name)
        return try await run(request(route, edits: edits), route: route, progress: progress, parse: parse)
    }

    /// Sends an already built `request` for `route` and parses the body (unless `parse` is false), reporting to
    /// `progress` while the response arrives.
    public func run(
        _ request: BuiltRequest, route: Route, progress: TransferObserver? = nil, parse: Bool = true
    ) async throws(ClientError) -> Exchange {
        let response: Response
        do {
            response = try await source.send(request, progress: progress)
        } catch {
            throw .transport(error)
        }
        return exchange(request, route: route, response: response, parse: parse)
    }

    /// Parses and maps `response` into an exchange through the ``ResponsePipeline`` (used by sources that send
    /// themselves, such as recording); with `parse` false, neither.
    public func exchange(_ request: BuiltRequest, route: Route, response: Response, parse: Bool = true) -> Exchange {
        let (parsed, mapping) =
            parse
            ? ResponsePipeline(session: session, registry: registry).run(response, for: route)
            : (ParseOutcome(parser: "none", tree: nil, error: nil, note: Client.notParsed), nil)
        return Exchange(
            route: route, request: request, response: response, parsed: parsed, source: source.name,
            mapping: mapping)
    }
}

extension Client {
    /// The note of an exchange whose body was not parsed.
    public static let notParsed = "not parsed: only the raw body was asked for"
}

/// Why a route could not be run.
public enum ClientError: Error, Sendable, CustomStringConvertible {
    /// No route has that name.
    case unknownRoute(name: String, session: String, available: [String])
    /// The request could not be built.
    case request(RequestError)
    /// The data source returned no response.
    case transport(TransportError)

    /// The message.
    public var description: String {
        switch self {
        case .unknownRoute(let name, let session, let available):
            var s = "no route named '\(name)' in session '\(session)'"
            s += Suggestion.didYouMean(name, in: available)
            return s + " (routes: \(available.joined(separator: ", ")))"
        case .request(let e): return e.description
        case .transport(let e): return e.description
        }
    }
}
