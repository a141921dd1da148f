import Foundation
import StrataDocuments

/// Decides what `strata serve` answers: fixtures matched as the mock source matches them (with sequences and
/// faults), near-miss 404s, CORS, the `/__strata/` admin endpoints, or the live API (recording new exchanges).
///
/// The HTTP server (`StrataServe`) makes each request it receives a ``ServedRequest`` (``arrived(_:)``), asks for
/// the answer (`respond`) on its own threads, then logs it (`log`) once the answer is handed over, counting the
/// request in ``inFlight`` meanwhile. Safe to call from any thread.
public final class ServeResponder: Sendable {
    /// Where answers come from.
    public enum Upstream: Sendable {
        /// The session's fixtures.
        case mock(MockSource)
        /// The live API through this source.
        case live(any DataSource)
        /// The live API, saving each exchange that has no pair yet.
        case record(RecordingSource)

        /// `mock`, `live`, `record`.
        public var name: String {
            switch self {
            case .mock: "mock"
            case .live: "live"
            case .record: "record"
            }
        }
    }

    /// The session served.
    public let session: Session
    /// Where answers come from.
    public let upstream: Upstream
    /// The CORS policy applied, or nil for none.
    public let cors: ServeSettings.CORS?
    /// Every request answered.
    public let journal: ServeJournal
    /// The mock source whose sequences `POST /__strata/reset` restarts (the fixtures in mock mode).
    public let mock: MockSource
    /// The requests the server is handling now (`/__strata/health` reports them); the server counts them and
    /// waits for them when it stops.
    public let inFlight = InFlightRequests()
    /// Called with each whole exchange (request, reply, journal entry), on the server's thread: the terminal line,
    /// the explorer's Traffic list.
    let exchangeObserver: (@Sendable (ServeExchange) -> Void)?
    /// The session's routes, indexed once: each request's route is found through it.
    let routes: RouteIndex
    private let builder: RequestBuilder
    /// One recording at a time (taken and given back on different threads when a stream is relayed).
    private let recordTurn = DispatchSemaphore(value: 1)

    /// Creates a responder; `loopback` says whether the server listens on a loopback address (then a session
    /// without a `serve.cors` block allows any origin). `exchangeObserver` gets each whole exchange, on the
    /// server's threads.
    public init(
        session: Session, upstream: Upstream, journal: ServeJournal, loopback: Bool,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        exchangeObserver: (@Sendable (ServeExchange) -> Void)? = nil
    ) {
        self.session = session
        self.upstream = upstream
        self.journal = journal
        // No CORS by default where the answers carry the user's credentials: a page on any origin could read them.
        let fixturesOnly = if case .mock = upstream { true } else { false }
        self.cors = session.serve.cors ?? (loopback && fixturesOnly ? ServeSettings.CORS() : nil)
        if case .mock(let m) = upstream { mock = m } else { mock = MockSource(session: session) }
        self.builder = RequestBuilder(session: session, environment: environment)
        self.routes = RouteIndex(session.routes)
        self.exchangeObserver = exchangeObserver
    }

    /// The methods `OPTIONS *` names.
    static let methods = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS"

    /// The admin endpoints, under ``FixtureSet/reservedPrefix``.
    public static let adminEndpoints = ["GET health", "GET requests", "POST reset"]

    /// `request` as it arrived: the one ``ServedRequest`` that answering and logging it share.
    public func arrived(_ request: ServeRequest) -> ServedRequest {
        ServedRequest(request, session: session, routes: routes)
    }

    /// The answer to `request` (which ``arrived(_:)`` makes a ``ServedRequest`` first).
    public func respond(_ request: ServeRequest) -> ServeReply { respond(arrived(request)) }

    /// The answer to `served`.
    public func respond(_ served: ServedRequest) -> ServeReply {
        let request = served.request
        var reply: ServeReply
        let forAdmin = isAdmin(request)
        if request.isServerWideOptions {
            reply = ServeReply(status: 204, outcome: "options *")
            reply.headers["Allow"] = ServeResponder.methods
        } else if let problem = request.targetProblem {
            // Before anything reads the target: only a path is matched, forwarded or recorded.
            reply = .text(400, problem, outcome: "refused (request target)")
        } else if let (status, reason) = hostProblem(request, isAdmin: forAdmin) {
            return .text(status, reason, outcome: "refused (host)")
        } else if forAdmin {
            // Same origin only, and no CORS: a page elsewhere can neither read the journal nor reset sequences.
            if let origin = request.headers["Origin"], !ServeResponder.isSameOrigin(origin, request) {
                return .text(
                    403,
                    "the admin endpoints answer requests from their own origin only (this one came from a web page "
                        + "on another)", outcome: "refused (admin cross-origin)")
            }
            var reply = admin(request)
            reply.answer = .admin
            return reply
        } else if let preflight = preflight(request) {
            return preflight
        } else {
            switch upstream {
            case .mock: reply = fixture(served)
            case .live(let source): reply = live(served, through: source)
            case .record(let recorder): reply = record(served, with: recorder)
            }
        }
        addCORS(to: &reply, for: request)
        return reply
    }

    /// Records that `request` was answered with `reply` in `durationMs` (which ``arrived(_:)`` makes a
    /// ``ServedRequest`` first).
    @discardableResult
    public func log(_ request: ServeRequest, _ reply: ServeReply, durationMs: Double) -> ServeJournal.Entry {
        log(arrived(request), reply, durationMs: durationMs)
    }

    /// Records that `served` was answered with `reply` in `durationMs` (admin requests are shown, not kept), and
    /// hands the exchange to the observer.
    @discardableResult
    public func log(_ served: ServedRequest, _ reply: ServeReply, durationMs: Double) -> ServeJournal.Entry {
        let (request, built, scrubber) = (served.request, served.built, served.scrubber)
        var headers = HTTPHeaders()
        // The built request has every header as a header param, in order, already judged secret or not.
        for param in built.params where param.location == .header {
            headers.append(
                name: param.name, value: param.isSecret ? ResolvedParam.redacted : scrubber.scrub(param.value))
        }
        let path = served.shownLocation.url
        var entry = ServeJournal.Entry(
            time: Date(), method: request.method, path: path, headers: headers,
            bodySize: request.body.count, status: reply.fault == nil ? reply.status : 0,
            outcome: reply.fault.map { "\(reply.outcome) fault \($0)" } ?? reply.outcome,
            nearest: reply.nearest, durationMs: durationMs, answer: reply.answer)
        if let excerpt = ServeJournal.excerpt(of: request.body, scrubber: scrubber) {
            entry.body = excerpt.text
            entry.bodyOmitted = excerpt.omitted
        }
        if reply.answer != .admin { journal.add(entry) }
        exchangeObserver?(ServeExchange(served: served, reply: reply, entry: entry))
        return entry
    }

    // MARK: fixtures

    func fixture(_ served: ServedRequest) -> ServeReply {
        let (request, built, scrubber) = (served.request, served.built, served.scrubber)
        var result = mock.match(built, shownPath: served.shownLocation.path)
        if case .failure = result, request.method == "HEAD" {
            var asGet = built
            asGet.method = "GET"
            if case .success(let pair) = mock.match(asGet, shownPath: served.shownLocation.path) {
                result = .success(pair)
            }
        }
        switch result {
        case .success(let pair):
            let (next, number) = mock.sequences.next(pair)
            let response = next.filled(for: built, path: pair.path)
            let location = shown(pair.location)
            var outcome = "\(location) (\(pair.path) #\(pair.index + 1))"
            if pair.responses.count > 1 { outcome += " response \(number) of \(pair.responses.count)" }
            let body: MockSource.BodySource
            do {
                body = try mock.bodySource(response, of: pair)
            } catch {
                var reply = ServeReply.text(500, shown(error.description), outcome: outcome)
                reply.answer = .fixture(location: location)
                return reply
            }
            var reply = ServeReply(
                status: response.status, headers: response.servedHeaders, body: body, delay: response.delay,
                chunkDelay: response.chunkDelay, fault: response.fault, outcome: outcome)
            reply.origin = .fixture(file: pair.file, number: pair.index + 1, delay: .milliseconds(response.delay))
            reply.answer = .fixture(location: location)
            return reply
        case .failure(let found):
            let report = found.relative(to: session.directory)
            let nearest = report.nearest.map(scrubber.scrub)
            var reply: ServeReply
            if ServeResponder.acceptsJSON(request.headers["Accept"]) {
                reply = .json(404, report.json, outcome: ServeJournal.nearMiss)
                reply.body = .bytes(Array(scrubber.scrub(report.json.text() + "\n").utf8))
            } else {
                reply = .text(404, scrubber.scrub(report.description), outcome: ServeJournal.nearMiss)
            }
            reply.answer = .nearMiss
            reply.headers["Strata-Near-Miss"] = ServeResponder.headerSafe(nearest ?? "none")
            reply.nearest = nearest
            reply.nearMiss = report
            return reply
        }
    }

    /// `text` with the session's files named from its folder (`fixtures/items.json:3:5`): every path a client reads
    /// (bodies, headers, the journal) goes through this, so where the server keeps its files is never told.
    func shown(_ text: String) -> String { SessionFiles.relative(text, to: session.directory) }

    /// True when an Accept header names a JSON type (`application/json`, `application/problem+json`,
    /// `application/*`) with a quality above 0; a client that names none, or only `*/*`, gets text.
    ///
    /// Any header is read without failing: empty ranges (`;;`, `,`) name nothing, and a `q` that is not a number is
    /// ignored. (The `serve` fuzz target found `Accept: ;;` crashing the server on a near miss.)
    static func acceptsJSON(_ accept: String?) -> Bool {
        guard let accept else { return false }
        return accept.split(separator: ",").contains { range in
            let type = ParserRegistry.mediaType(String(range))
            guard type == "application/json" || type.hasSuffix("+json") || type == "application/*" else { return false }
            return quality(ofMediaRange: range) > 0
        }
    }

    /// The `q` parameter of one media range of an Accept header: 1 when it has none or it is not a number.
    static func quality(ofMediaRange range: Substring) -> Double {
        guard let text = ParserRegistry.parameter("q", of: range), let q = Double(text), q.isFinite else { return 1 }
        return q
    }

    /// `text` with line breaks and other controls replaced by spaces, so it fits in a header value.
    static func headerSafe(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
    }

    // MARK: live and record

    func live(_ served: ServedRequest, through source: any DataSource) -> ServeReply {
        let built: BuiltRequest
        do {
            built = try served.liveRequest(for: session, builder: builder)
        } catch {
            return .text(502, "strata serve: \(shown(error.description))", outcome: "live error")
        }
        return relay(built, outcome: "live") { progress in
            do throws(TransportError) {
                return .success((try await source.send(built, progress: progress), "live"))
            } catch {
                return .failure(error)
            }
        }
    }

    func record(_ served: ServedRequest, with recorder: RecordingSource) -> ServeReply {
        let built: BuiltRequest
        do {
            built = try served.liveRequest(for: session, builder: builder)
        } catch {
            return .text(502, "strata serve: \(shown(error.description))", outcome: "record error")
        }
        // One recording at a time: two writes to one fixture file must not race. The turn is given back when the
        // transfer ends, which for a relayed stream is after this returns (so a semaphore, not a lock).
        recordTurn.wait()
        let exists = recorder.writer.existingPair(for: built) != nil
        return relay(built, outcome: "record", ended: { self.recordTurn.signal() }) { progress in
            do throws(TransportError) {
                if exists {
                    return .success(
                        (try await recorder.live.send(built, progress: progress), "live (already recorded)"))
                }
                let (response, written) = try await recorder.record(built, progress: progress)
                return .success((response, "recorded \(self.shown(written.description))"))
            } catch {
                return .failure(error)
            }
        }
    }

    /// Sends `built` through `send` on ``executor`` and answers as soon as the upstream's head says how: a body
    /// that is a stream (``StreamingBody/isRelayed(method:status:headers:)``) at once, relayed through a
    /// ``ServeStream`` piece by piece as it arrives; any other answer whole, once it is in. `send` reports to the
    /// observer it is given and returns the response with its outcome; `ended` runs when the transfer has ended.
    func relay(
        _ built: BuiltRequest, outcome: String, ended: @escaping @Sendable () -> Void = {},
        _ send: @escaping @Sendable (@escaping TransferObserver) async -> Result<(Response, String), TransportError>
    ) -> ServeReply {
        let stream = ServeStream(method: built.method)
        let task = Task.detached(executorPreference: ServeResponder.executor) {
            let result = await send { stream.arrived($0) }
            ended()
            let relayed = stream.relayed
            stream.finish { head in self.ending(result, built, outcome: outcome, head: head, relayed: relayed) }
        }
        stream.run(task)
        switch stream.waitForHead() {
        case .whole(let reply):
            return reply
        case .head(let head):
            var reply = ServeReply(status: head.status, headers: head.headers, outcome: outcome)
            reply.stream = stream
            return reply
        }
    }

    /// How a transfer ended, as the reply to log: the whole answer when no head was relayed; for a relayed body,
    /// its head with the body that arrived, or an outcome saying where and why it was cut short (the client's
    /// response then ends with an error, so it is never taken for the whole body).
    func ending(
        _ result: Result<(Response, String), TransportError>, _ built: BuiltRequest, outcome: String,
        head: ServeStream.Head?, relayed: Int
    ) -> ServeStream.Ending {
        guard let head else {
            switch result {
            case .success(let (response, said)):
                return .init(reply: reply(.success(response), built, outcome: said), clean: true)
            case .failure(let error): return .init(reply: reply(.failure(error), built, outcome: outcome), clean: true)
            }
        }
        switch result {
        case .success(let (response, said)):
            var reply = ServeReply(
                status: head.status, headers: head.headers, body: .bytes(response.body), outcome: said)
            reply.origin = response.origin
            if response.truncated {
                reply.outcome += " (body cut at maxBodyBytes, \(built.transport.maxBodyBytes) bytes)"
            }
            return .init(reply: reply, clean: !response.truncated)
        case .failure(let error):
            let reply = ServeReply(
                status: head.status, headers: head.headers,
                outcome:
                    "\(outcome) (stream cut short after \(relayed) bytes: \(shown(built.redacting(error.description))))"
            )
            return .init(reply: reply, clean: false)
        }
    }

    /// The live answer as a reply: status, headers (less those the server sets) and body; a failure is a 502
    /// whose text is scrubbed of the request's secrets.
    func reply(_ result: Result<Response, TransportError>, _ built: BuiltRequest, outcome: String) -> ServeReply {
        switch result {
        case .success(let response):
            var reply = ServeReply(
                status: response.status, headers: ServeStream.forwarded(response.headers), body: .bytes(response.body),
                outcome: outcome)
            reply.origin = response.origin
            return reply
        case .failure(let error):
            return .text(
                502, "strata serve: \(shown(built.redacting(error.description)))", outcome: "\(outcome) error")
        }
    }

    /// Where live sends run: not Swift's shared pool, whose threads may all be blocked while a server thread waits.
    static let executor = DispatchTaskExecutor(label: "strata.serve")

    // MARK: Host, admin and CORS

    /// Why `request`'s `Host` is refused: checked where answers carry the user's credentials (the live API) and for
    /// the admin endpoints, so a DNS-rebinding page cannot reach them under its own name.
    func hostProblem(_ request: ServeRequest, isAdmin: Bool) -> (status: Int, reason: String)? {
        if case .mock = upstream, !isAdmin { return nil }
        return request.hostProblem(allowHosts: session.serve.allowHosts)
    }

    /// True for a request to the admin endpoints (`/__strata`, `/__strata/…`).
    func isAdmin(_ request: ServeRequest) -> Bool {
        request.path == "/__strata" || request.path.hasPrefix(FixtureSet.reservedPrefix)
    }

    /// True when `origin` (`scheme://host[:port]`) is the origin `request` was sent to (its `Host`, over http).
    static func isSameOrigin(_ origin: String, _ request: ServeRequest) -> Bool {
        guard let host = request.headers["Host"] else { return false }
        let lower = origin.lowercased()
        guard lower.hasPrefix("http://"), let given = ServeRequest.hostAndPort(String(lower.dropFirst(7))),
            let sent = ServeRequest.hostAndPort(host)
        else { return false }
        return given == sent
    }

    func admin(_ request: ServeRequest) -> ServeReply {
        let name = String(request.path.dropFirst(FixtureSet.reservedPrefix.count))
        switch (request.method, name) {
        case ("GET", "health"), ("HEAD", "health"):
            return .json(
                200,
                .object([
                    ("status", .string("ok")), ("session", .string(session.name)), ("source", .string(upstream.name)),
                    // The requests the server handles now, this one aside.
                    ("inFlight", .int(max(0, inFlight.count - 1))), ("answered", .int(journal.count)),
                ]), outcome: "admin")
        case ("GET", "requests"), ("HEAD", "requests"):
            return requestsPage(request)
        case ("POST", "reset"):
            journal.clear()
            mock.sequences.reset()
            return .json(200, .object([("reset", .bool(true))]), outcome: "admin")
        case (_, "health"), (_, "requests"), (_, "reset"):
            var reply = ServeReply.text(
                405, "\(request.method) is not allowed on \(request.path)", outcome: "admin")
            reply.headers["Allow"] = name == "reset" ? "POST" : "GET, HEAD"
            return reply
        default:
            return .text(
                404,
                "no admin endpoint \(request.path); there are: "
                    + ServeResponder.adminEndpoints.map {
                        "\($0.split(separator: " ")[0]) \(FixtureSet.reservedPrefix)\($0.split(separator: " ")[1])"
                    }
                    .joined(separator: ", "), outcome: "admin")
        }
    }

    /// The most entries, and bytes of them, one `/__strata/requests` answer holds.
    static let requestsPageLimit = (entries: 1000, bytes: 1 << 20)

    /// `GET /__strata/requests[?after=N][&limit=M]`: the entries kept after number N, oldest first, one bounded
    /// page at a time; `next` is the `after` of the following page and `more` says whether there is one.
    func requestsPage(_ request: ServeRequest) -> ServeReply {
        var after = 0
        var limit = ServeResponder.requestsPageLimit.entries
        for (name, value) in request.queryParams {
            switch name {
            case "after":
                guard let n = Int(value), n >= 0 else {
                    return .text(400, "after must be an entry number (0 or more), got '\(value)'", outcome: "admin")
                }
                after = n
            case "limit":
                guard let n = Int(value), (1...ServeResponder.requestsPageLimit.entries).contains(n) else {
                    return .text(
                        400, "limit must be 1 to \(ServeResponder.requestsPageLimit.entries), got '\(value)'",
                        outcome: "admin")
                }
                limit = n
            default:
                return .text(400, "unknown parameter '\(name)': there are after and limit", outcome: "admin")
            }
        }
        let page = journal.page(after: after, limit: limit, maxBytes: ServeResponder.requestsPageLimit.bytes)
        return .json(
            200,
            .object([
                ("requests", .array(page.entries.map(\.json))), ("next", .int(page.next)), ("more", .bool(page.more)),
            ]), outcome: "admin")
    }

    /// The answer to a CORS preflight (`OPTIONS` with `Access-Control-Request-Method`), or nil.
    func preflight(_ request: ServeRequest) -> ServeReply? {
        guard let cors, request.method == "OPTIONS", let asked = request.headers["Access-Control-Request-Method"],
            let origin = request.headers["Origin"]
        else { return nil }
        var reply = ServeReply(status: 204, outcome: "cors preflight")
        guard let allowed = allowedOrigin(origin, cors) else {
            reply.status = 403
            reply.outcome = "cors preflight refused (origin)"
            return reply
        }
        reply.headers["Access-Control-Allow-Origin"] = allowed
        if allowed != "*" { reply.headers["Vary"] = "Origin" }
        reply.headers["Access-Control-Allow-Methods"] = cors.allowMethods.joined(separator: ", ")
        let askedHeaders = request.headers["Access-Control-Request-Headers"]
        let headers = cors.allowHeaders.isEmpty ? askedHeaders : cors.allowHeaders.joined(separator: ", ")
        if let headers, !headers.isEmpty {
            reply.headers["Access-Control-Allow-Headers"] = ServeResponder.headerSafe(headers)
        }
        if cors.allowCredentials { reply.headers["Access-Control-Allow-Credentials"] = "true" }
        reply.headers["Access-Control-Max-Age"] = String(cors.maxAge)
        if !cors.allowMethods.contains(asked.uppercased()) {
            reply.status = 403
            reply.outcome = "cors preflight refused (method)"
        }
        return reply
    }

    /// Adds `Access-Control-Allow-Origin` (and friends) to an answer for a request with an allowed `Origin`.
    func addCORS(to reply: inout ServeReply, for request: ServeRequest) {
        guard let cors, let origin = request.headers["Origin"], let allowed = allowedOrigin(origin, cors) else {
            return
        }
        reply.headers["Access-Control-Allow-Origin"] = allowed
        if allowed != "*" { reply.headers["Vary"] = "Origin" }
        if cors.allowCredentials { reply.headers["Access-Control-Allow-Credentials"] = "true" }
        if !cors.exposeHeaders.isEmpty {
            reply.headers["Access-Control-Expose-Headers"] = cors.exposeHeaders.joined(separator: ", ")
        }
    }

    /// The `Access-Control-Allow-Origin` value for `origin`, or nil when it is not allowed.
    func allowedOrigin(_ origin: String, _ cors: ServeSettings.CORS) -> String? {
        // `*` with credentials is refused when the session loads, so `*` is never echoed as the origin.
        if cors.allowOrigins.contains("*") { return "*" }
        return cors.allowOrigins.contains { $0.lowercased() == origin.lowercased() }
            ? ServeResponder.headerSafe(origin) : nil
    }
}
