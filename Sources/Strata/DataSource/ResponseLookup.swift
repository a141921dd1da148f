/// Where chained values (`${response:ROUTE:QUERY}`) come from: the latest response of each route.
///
/// The explorer keeps the responses of the routes it ran (``LatestResponses``); a history of past exchanges can
/// answer the same question for `strata run`.
public protocol ResponseLookup: Sendable {
    /// The latest response of the route called `route`, or nil when it has none.
    func latestResponse(route: String) -> Response?

    /// What to do when `route` has no response yet, ending the "no response yet" message (`send 'login' first`).
    func missingAdvice(route: String) -> String
}

extension ResponseLookup {
    /// `send 'login' first`.
    public func missingAdvice(route: String) -> String { "send '\(route)' first" }
}

/// The latest response of each route, kept in memory: what the explorer has run this session, in front of an
/// older source (a history of earlier runs) for the routes it has not run yet.
public struct LatestResponses: ResponseLookup {
    private var responses: [String: Response]
    /// Asked for routes with no response recorded here.
    private let fallback: (any ResponseLookup)?

    /// Remembers `responses`, by route name (none by default); routes without one are looked up in `fallback`.
    public init(_ responses: [String: Response] = [:], fallback: (any ResponseLookup)? = nil) {
        self.responses = responses
        self.fallback = fallback
    }

    /// Remembers `response` as the latest of route `route`, replacing the one before.
    public mutating func record(_ response: Response, route: String) { responses[route] = response }

    /// The latest response of `route`: the one recorded here, else the fallback's.
    public func latestResponse(route: String) -> Response? {
        responses[route] ?? fallback?.latestResponse(route: route)
    }

    /// The routes that have a response, sorted.
    public var routes: [String] { responses.keys.sorted() }
}

/// No responses at all: what `strata run` reads until it keeps a history.
public struct NoResponses: ResponseLookup {
    /// Says where the value could come from instead.
    public let advice: String

    /// A lookup that never finds a response; `advice` ends the "no response yet" message.
    public init(advice: String = "") { self.advice = advice }

    /// Always nil.
    public func latestResponse(route: String) -> Response? { nil }

    /// `advice`, or `send 'ROUTE' first`.
    public func missingAdvice(route: String) -> String { advice.isEmpty ? "send '\(route)' first" : advice }
}
