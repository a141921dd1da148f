import Strata

extension ExplorerState {
    /// Asks for the shown response to be checked against its route's expectations, once it is complete (mapped when
    /// its route maps it): only a response sent from here, whole (not a History entry, a Traffic request or a
    /// stream cut short).
    mutating func checkShownResponse() -> [Effect] {
        guard shown.origin == .send, let id = shown.id, let name = shown.routeName,
            let route = session.route(named: name), route.hasExpectations,
            let document = response.document, !document.response.partial
        else { return [] }
        let mapping = document.mapping.map {
            MappingOutcome(
                result: $0.result, routeMapping: $0.routeMapping, diagnostics: $0.diagnostics, notMapped: $0.notMapped)
        }
        return [
            .checkExpectations(
                responseID: id, route: route, response: document.response, parsed: document.outcome, mapping: mapping)
        ]
    }

    /// Shows `reports` (by route name) as the routes' last results, over those shown: what the last `strata test`
    /// found, when the explorer opens.
    package mutating func keepCheckReports(_ reports: [String: ExpectationReport]) {
        checkReports.merge(reports) { _, kept in kept }
    }

    /// Keeps `report` as route `route`'s last result (the route list marks it); the status line says how it went
    /// while that response is shown.
    mutating func expectationsChecked(_ report: ExpectationReport, route: String, responseID id: Int) -> [Effect] {
        let scrubbed = ExpectationReport(
            results: report.results.map {
                CheckResult(check: scrubber.scrub($0.check), failure: $0.failure.map(scrubber.scrub))
            })
        checkReports[route] = scrubbed
        let keep = Effect.keepChecks(route: route, report: scrubbed, session: session)
        guard id == shown.id, !scrubbed.results.isEmpty else { return [keep] }
        let text: String
        if let first = scrubbed.failures.first {
            text = "✗ \(scrubbed.summary): \(first.check): \(first.failure ?? "") (X lists them)"
        } else {
            text = "✓ \(scrubbed.summary)"
        }
        // After a reload, what the reload changed stays said first.
        if let reloaded = notice?.text, reloaded.hasPrefix("reloaded ") {
            notice = Notice(reloaded + " · " + text, kind: scrubbed.passed ? .info : .error)
        } else {
            notice = Notice(text, kind: scrubbed.passed ? .info : .error)
        }
        return [keep]
    }

    /// `X`: the selected route's expectations, each with how the last response fared (or that none was checked yet).
    mutating func showChecks() -> [Effect] {
        guard let route else {
            notice = Notice("select a route first", kind: .error)
            return []
        }
        guard let expectations = route.expectations, !expectations.checks.isEmpty else {
            notice = Notice(
                "\(route.name) has no expectations: add \"expect\" to the route in session.json (docs/testing.md)")
            return []
        }
        let title: String
        let lines: [String]
        if let report = checkReports[route.name] {
            title = "Checks · \(route.name) · \(report.summary)"
            lines = report.results.map(\.line)
        } else {
            title = "Checks · \(route.name) · not run yet: r runs the route"
            lines = expectations.checks.map { "· " + scrubber.scrub($0.description) }
        }
        overlay = .message(title: title, lines: lines, scroll: 0)
        return []
    }
}
