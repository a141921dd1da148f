import Foundation
import StrataDocuments

/// `strata test`: runs routes and checks their responses against their expectations.
///
/// Routes run in the order given. A route that reads another's response (`${response:login:$.token}`) gets it from
/// this run: the route it reads runs first when it has not run yet (a setup step, reported but not counted), so a
/// run on a fresh clone in CI does not depend on the history of earlier runs.
///
/// ```swift
/// let results = await RouteTests.run(session.testedRoutes, session: session, source: MockSource(session: session))
/// let failed = results.contains { $0.failed }
/// ```
public enum RouteTests {
    /// How many setup steps deep a chain may go (a route reading a route reading a route…).
    static let maximumSetupDepth = 8

    /// Runs `names` against `source` and checks each response; `vet` may refuse to send a request (it returns why,
    /// shown as the route's error); `progress` is told of each result as it is made, setup steps included.
    public static func run(
        _ names: [String], session: Session, source: any DataSource,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        vet: @escaping @Sendable (BuiltRequest) -> String? = { _ in nil },
        progress: @escaping @Sendable (RouteTestResult) -> Void = { _ in }
    ) async -> [RouteTestResult] {
        var runner = Runner(session: session, source: source, environment: environment, vet: vet, progress: progress)
        var results: [RouteTestResult] = []
        for name in names {
            let result = await runner.test(name)
            progress(result)
            results.append(result)
        }
        return results
    }

    /// The state of one run: the responses so far, by route.
    private struct Runner {
        let session: Session
        let source: any DataSource
        let environment: [String: String]
        let vet: @Sendable (BuiltRequest) -> String?
        let progress: @Sendable (RouteTestResult) -> Void
        var latest = LatestResponses()
        var ran: Set<String> = []

        init(
            session: Session, source: any DataSource, environment: [String: String],
            vet: @escaping @Sendable (BuiltRequest) -> String?, progress: @escaping @Sendable (RouteTestResult) -> Void
        ) {
            self.session = session
            self.source = source
            self.environment = environment
            self.vet = vet
            self.progress = progress
        }

        /// Runs route `name` after the routes it reads, and checks it.
        mutating func test(_ name: String) async -> RouteTestResult {
            guard let route = session.route(named: name) else {
                return RouteTestResult(
                    route: name, request: "",
                    outcome: .error(
                        ClientError.unknownRoute(
                            name: name, session: session.name, available: session.routes.map(\.name)
                        ).description))
            }
            await setUp(route, depth: 0)
            guard let expectations = route.expectations, !expectations.checks.isEmpty else {
                return RouteTestResult(
                    route: name, request: "",
                    outcome: .skipped("no expectations: add \"expect\" to the route in session.json"))
            }
            return await send(route, checking: expectations)
        }

        /// Runs the routes `route` reads a response of that have not run yet, setting up what they read first.
        mutating func setUp(_ route: Route, depth: Int) async {
            guard depth < RouteTests.maximumSetupDepth else { return }
            let asked = AskedRoutes(latest)
            _ = try? RequestBuilder(session: session, environment: environment, responses: asked).build(route)
            for name in asked.names where name != route.name && !ran.contains(name) {
                guard let needed = session.route(named: name) else { continue }
                await setUp(needed, depth: depth + 1)
                progress(await send(needed, checking: nil))
            }
        }

        /// Sends `route`, records its response for the routes that read it, and checks it against `expectations`
        /// (nil: a setup step).
        mutating func send(_ route: Route, checking expectations: Expectations?) async -> RouteTestResult {
            let client = Client(session: session, source: source, environment: environment, responses: latest)
            ran.insert(route.name)
            let request: BuiltRequest
            do {
                request = try client.request(route.name)
            } catch {
                return RouteTestResult(route: route.name, request: "", outcome: .error(error.description))
            }
            let scrubber = request.scrubber
            let shown = request.redactedLocation()
            let line = "\(request.method) \(shown.url)"
            if let refusal = vet(request) {
                return RouteTestResult(route: route.name, request: line, outcome: .error(scrubber.scrub(refusal)))
            }
            let exchange: Exchange
            do {
                exchange = try await client.run(request, route: route)
            } catch {
                return RouteTestResult(
                    route: route.name, request: line, outcome: .error(scrubber.scrub(error.description)))
            }
            latest.record(exchange.response, route: route.name)
            let response = exchange.response
            let answered = Answered(status: response.statusLine, duration: response.duration)
            guard let expectations else {
                return RouteTestResult(route: route.name, request: line, outcome: .setUp(answered))
            }
            var report = expectations.check(response, parsed: exchange.parsed, mapping: exchange.mappingOutcome)
            for k in report.results.indices {
                report.results[k].check = scrubber.scrub(report.results[k].check)
                report.results[k].failure = report.results[k].failure.map { scrubber.scrub($0) }
            }
            return RouteTestResult(route: route.name, request: line, outcome: .checked(answered, report))
        }
    }

    /// A lookup that notes the routes asked for and answers from what has run.
    private final class AskedRoutes: ResponseLookup {
        let latest: LatestResponses
        let asked = Locked<[String]>([])

        init(_ latest: LatestResponses) { self.latest = latest }

        func latestResponse(route: String) -> Response? {
            asked.withLock { if !$0.contains(route) { $0.append(route) } }
            return latest.latestResponse(route: route)
        }

        var names: [String] { asked.withLock { $0 } }
    }
}

extension Session {
    /// The routes `strata test` runs when none is named: those with expectations, in file order.
    public var testedRoutes: [String] { routes.filter(\.hasExpectations).map(\.name) }
}

/// One route of a `strata test` run: what was sent and how it went.
public struct RouteTestResult: Sendable, Equatable {
    /// The route's name.
    public var route: String
    /// `GET https://…`, secrets redacted; empty when no request could be built.
    public var request: String
    /// How it went.
    public var outcome: Outcome

    /// Creates a result.
    public init(route: String, request: String, outcome: Outcome) {
        self.route = route
        self.request = request
        self.outcome = outcome
    }

    /// How a route's test went.
    public enum Outcome: Sendable, Equatable {
        /// It was answered and checked.
        case checked(Answered, ExpectationReport)
        /// It ran only because a tested route reads its response.
        case setUp(Answered)
        /// It has no expectations; nothing was sent.
        case skipped(String)
        /// It could not be run: the request could not be built, was refused, or got no response.
        case error(String)
    }

    /// True when the route failed a check or could not be run.
    public var failed: Bool {
        switch outcome {
        case .checked(_, let report): !report.passed
        case .error: true
        case .setUp, .skipped: false
        }
    }

    /// The checks' report, when the route was checked.
    public var report: ExpectationReport? {
        if case .checked(_, let report) = outcome { return report }
        return nil
    }

    /// The answer, when there was one.
    public var answered: Answered? {
        switch outcome {
        case .checked(let a, _), .setUp(let a): a
        case .skipped, .error: nil
        }
    }
}

/// What answered a route: the status line and how long it took.
public struct Answered: Sendable, Equatable {
    /// `200 OK`.
    public var status: String
    /// The time the exchange took.
    public var duration: Duration

    /// Creates an answer's summary.
    public init(status: String, duration: Duration) {
        self.status = status
        self.duration = duration
    }
}
