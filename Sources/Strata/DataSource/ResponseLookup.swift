import StrataDocuments

/// Where chained values (`${response:ROUTE:QUERY}`) come from: the latest response of each route.
///
/// The explorer keeps the responses of the routes it ran (``LatestResponses``); a history of past exchanges can
/// answer the same question for `strata run`.
public protocol ResponseLookup: Sendable {
    /// The latest response of the route called `route`, or nil when it has none.
    func latestResponse(route: String) -> Response?

    /// What to do when `route` has no response yet, ending the "no response yet" message (`send 'login' first`).
    func missingAdvice(route: String) -> String

    /// The latest response of `route` and what `parse` reads from it, or nil when it has none.
    ///
    /// A lookup that keeps responses in memory keeps the parse too, so a request built again (at every key typed
    /// into one of its params) does not parse the same response again.
    func latestParsed(route: String, parse: (Response) -> ParseOutcome) -> (response: Response, outcome: ParseOutcome)?
}

extension ResponseLookup {
    /// `send 'login' first`.
    public func missingAdvice(route: String) -> String { "send '\(route)' first" }

    /// The latest response of `route`, parsed at every call.
    public func latestParsed(
        route: String, parse: (Response) -> ParseOutcome
    ) -> (response: Response, outcome: ParseOutcome)? {
        latestResponse(route: route).map { ($0, parse($0)) }
    }
}

/// The latest response of each route, kept in memory: what the explorer has run this session, in front of an
/// older source (a history of earlier runs) for the routes it has not run yet.
///
/// Each response's parse is kept beside it once a chained value has read it; a response from the fallback is
/// parsed again only when it differs from the one parsed before. Whoever changes how responses are parsed (a
/// session reloaded) calls ``forgetParses()``.
public struct LatestResponses: ResponseLookup {
    /// A response recorded here, with a number no other recorded response has (in any copy of any value).
    private struct Recorded: Sendable {
        var response: Response
        var serial: Int
    }

    /// The last serial given out; 0 is never given (it marks a response from the fallback).
    private static let lastSerial = Locked(0)

    private var responses: [String: Recorded]
    /// Asked for routes with no response recorded here.
    private let fallback: (any ResponseLookup)?
    /// Parses kept, shared by copies of this value; an entry is used only for the response it was made from.
    private var parses = ParseMemo()

    /// Remembers `responses`, by route name (none by default); routes without one are looked up in `fallback`.
    public init(_ responses: [String: Response] = [:], fallback: (any ResponseLookup)? = nil) {
        self.responses = [:]
        self.fallback = fallback
        for (route, response) in responses { record(response, route: route) }
    }

    /// Remembers `response` as the latest of route `route`, replacing the one before.
    public mutating func record(_ response: Response, route: String) {
        let serial = Self.lastSerial.withLock { last in
            last += 1
            return last
        }
        responses[route] = Recorded(response: response, serial: serial)
        // The parse of the response replaced is of no more use: its tree is not kept alive until the next read.
        parses.forget(route: route)
    }

    /// Keeps `outcome` as the parse of `response` when that is still `route`'s latest, so the first chained value
    /// read from it does not parse it again (the explorer parsed it to show it, off its loop).
    ///
    /// `outcome` must come from the parse chained values use (``ResponsePipeline/parse(_:for:)`` of the current
    /// session). The check is cheap: a response kept unchanged shares its body's storage.
    public func keep(_ outcome: ParseOutcome, of response: Response, route: String) {
        guard let recorded = responses[route], recorded.response == response else { return }
        parses.keep(outcome, of: response, route: route, serial: recorded.serial)
    }

    /// Forgets every parse kept (the responses stay): the next reads parse again.
    public mutating func forgetParses() { parses = ParseMemo() }

    /// The latest response of `route`: the one recorded here, else the fallback's.
    public func latestResponse(route: String) -> Response? {
        responses[route]?.response ?? fallback?.latestResponse(route: route)
    }

    /// The latest response of `route` and its parse, kept from an earlier call when the response is the same.
    public func latestParsed(
        route: String, parse: (Response) -> ParseOutcome
    ) -> (response: Response, outcome: ParseOutcome)? {
        if let recorded = responses[route] {
            return parses.parse(recorded.response, route: route, serial: recorded.serial, with: parse)
        }
        guard let response = fallback?.latestResponse(route: route) else { return nil }
        // Serial 0: from the fallback, told apart by content (it reads its files again at every call).
        return parses.parse(response, route: route, serial: 0, with: parse)
    }

    /// How many times a response had to be parsed for a chained value since the parses were last forgotten.
    public var parseCount: Int { parses.count }

    /// The routes that have a response, sorted.
    public var routes: [String] { responses.keys.sorted() }
}

/// The parse of each route's latest response, kept for as long as that response stays the latest.
private final class ParseMemo: Sendable {
    private struct Kept {
        var serial: Int
        var response: Response
        var outcome: ParseOutcome
    }

    private let kept = Locked<[String: Kept]>([:])
    private let parses = Locked(0)

    var count: Int { parses.withLock { $0 } }

    /// Drops what is kept for `route`.
    func forget(route: String) { _ = kept.withLock { $0.removeValue(forKey: route) } }

    /// Keeps `outcome` as the parse of `response`, recorded for `route` under `serial`.
    func keep(_ outcome: ParseOutcome, of response: Response, route: String, serial: Int) {
        kept.withLock { $0[route] = Kept(serial: serial, response: response, outcome: outcome) }
    }

    /// `response`'s parse: the one kept for `route` when made from the same response, else `parse`'s (then kept).
    func parse(
        _ response: Response, route: String, serial: Int, with parse: (Response) -> ParseOutcome
    ) -> (response: Response, outcome: ParseOutcome) {
        if let known = kept.withLock({ $0[route] }), known.serial == serial,
            serial != 0 || known.response == response
        {
            return (response, known.outcome)
        }
        let outcome = parse(response)
        parses.withLock { $0 += 1 }
        keep(outcome, of: response, route: route, serial: serial)
        return (response, outcome)
    }
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
