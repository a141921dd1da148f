/// `strata drift`: runs a route live and compares the response's shape with the fixture that answers the same
/// request (found by ``MockSource``'s matcher, the one the explorer and `run` use).
public struct DriftCheck: Sendable {
    /// What happened for one route.
    public enum Outcome: Sendable {
        /// Both responses parsed; the drift between them (empty when the shapes agree).
        case compared(SchemaDrift, fixture: String)
        /// The route could not be compared (no fixture answers it, the request failed, a body did not parse).
        case skipped(String)
    }

    /// The route checked.
    public var route: String
    /// The request as shown (secrets redacted): `GET http://…/products?page=1`.
    public var request: String
    /// What the check found.
    public var outcome: Outcome

    /// Creates a check result (the command uses it for routes it leaves out).
    public init(route: String, request: String, outcome: Outcome) {
        self.route = route
        self.request = request
        self.outcome = outcome
    }

    /// True when the shapes differ.
    public var hasDrift: Bool {
        if case .compared(let drift, _) = outcome { return !drift.isEmpty }
        return false
    }

    /// Builds route `name`'s request with the session's defaults, finds its fixture, sends it through `live` and
    /// compares the two parsed bodies. A request that would carry environment variables to an address session.json
    /// chose is not sent unless the session is trusted (``Session/environmentExposure(of:)``): the route is skipped,
    /// saying so.
    public static func run(_ name: String, session: Session, live: any DataSource) async -> DriftCheck {
        let mock = Client(session: session, source: MockSource(session: session))
        let request: BuiltRequest
        do {
            request = try mock.request(name)
        } catch {
            return DriftCheck(route: name, request: "", outcome: .skipped("\(error)"))
        }
        let shown = request.redacted()
        var check = DriftCheck(route: name, request: "\(shown.method) \(shown.url)", outcome: .skipped(""))
        if !session.isTrusted, let exposure = session.environmentExposure(of: request) {
            check.outcome = .skipped("not sent: " + session.notTrustedToSend(exposure))
            return check
        }
        guard let route = session.route(named: name) else { return check }
        let fixture: Exchange
        do {
            fixture = try await mock.run(request, route: route)
        } catch {
            check.outcome = .skipped("no fixture answers this request")
            return check
        }
        let liveExchange: Exchange
        do {
            liveExchange = try await Client(session: session, source: live).run(request, route: route)
        } catch {
            check.outcome = .skipped("the live request failed: " + request.scrubber.scrub("\(error)"))
            return check
        }
        var where_ = ""
        if case .fixture(let file, let number, _) = fixture.response.origin { where_ = "\(file)#\(number)" }
        guard let fixtureTree = fixture.parsed.tree else {
            check.outcome = .skipped("the fixture body (\(where_)) does not parse as \(fixture.parsed.parser)")
            return check
        }
        guard let liveTree = liveExchange.parsed.tree else {
            check.outcome = .skipped(
                "the live body (status \(liveExchange.response.status)) does not parse as \(liveExchange.parsed.parser)"
            )
            return check
        }
        check.outcome = .compared(SchemaDrift(fixture: fixtureTree, live: liveTree), fixture: where_)
        return check
    }

    /// The check for people: a header line, then one line per finding (or `no drift`, or why it was skipped).
    public var text: String {
        var s = "\(route)  \(request)\n"
        switch outcome {
        case .compared(let drift, let fixture):
            if drift.isEmpty {
                s += "  no drift from \(fixture)\n"
            } else {
                s += "  drift from \(fixture):\n"
                for finding in drift.findings { s += "  " + finding.line + "\n" }
            }
        case .skipped(let reason):
            s += "  not compared: \(reason)\n"
        }
        return s
    }

    /// The check as a JSON object: route, request, fixture, drift (bool), findings, skipped.
    public func json() -> OutputJSON {
        switch outcome {
        case .compared(let drift, let fixture):
            return .object([
                ("route", .string(route)), ("request", .string(request)), ("fixture", .string(fixture)),
                ("drift", .bool(!drift.isEmpty)), ("findings", .array(drift.findings.map { $0.json() })),
                ("skipped", .null),
            ])
        case .skipped(let reason):
            return .object([
                ("route", .string(route)), ("request", .string(request)), ("fixture", .null),
                ("drift", .bool(false)), ("findings", .array([])), ("skipped", .string(reason)),
            ])
        }
    }
}
