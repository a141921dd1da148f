import StrataDocuments

/// `strata check` maps the fixtures: every pair that answers a route with a `map` or `errorMap` is parsed and mapped
/// as `run` would (by the one rule, ``Session/responseMapping(of:status:)``), and its issues are reported at the pair.
extension SessionCheck {
    /// Parses and maps each fixture pair answering each route that maps its responses; fills `mappingReports`.
    mutating func mapFixtures(_ session: Session) {
        let pipeline = ResponsePipeline(session: session)
        let mapped = session.routes.map { session.mapsResponses(of: $0) }
        guard mapped.contains(true) else { return }
        // Each pair's routes, found through the index (not every route tried against every pair), then gathered
        // by route so the reports keep route order. A route with a literal path answers only that path, and of
        // templates the most specific (`/runners/downloads` is not `/runners/{id}`).
        let index = RouteIndex(session.routes)
        var pairsByRoute = [[FixturePair]](repeating: [], count: session.routes.count)
        for pair in fixtures.pairs {
            let answering = index.answering(pair.path, in: session.routes) {
                pair.method == nil || pair.method == session.routes[$0].method
            }
            for k in answering where mapped[k] {
                pairsByRoute[k].append(pair)
            }
        }
        for (route, pairs) in zip(session.routes, pairsByRoute) {
            for pair in pairs {
                let name = "pair #\(pair.index + 1) of '\(pair.path)' (route '\(route.name)')"
                func note(_ message: String, _ severity: Diagnostic.Severity) {
                    mappingReports.append(
                        Diagnostic(
                            file: pair.file, line: pair.line, column: pair.column, message: "\(name): \(message)",
                            severity: severity))
                }
                let body: [UInt8]
                switch pair.bodyBytes(fixturesDirectory: fixtures.directory) {
                case .success(let bytes): body = bytes
                case .failure: continue  // already a fixture problem of the session
                }
                let response = Response(
                    status: pair.status, headers: pair.servedHeaders, body: body, duration: .zero,
                    origin: .fixture(file: pair.file, number: pair.index + 1, delay: .zero))
                let parsed = pipeline.parse(response, for: route)
                if parsed.withheldParser != nil {
                    pairsNotParsed += 1
                    continue
                }
                if let error = parsed.error {
                    note("the body does not parse (\(parsed.parser)): \(error.message) at line \(error.line)", .error)
                    continue
                }
                // An error status is mapped with the route's errorMap, or not at all (as run and the explorer do).
                guard let tree = parsed.tree,
                    let result = pipeline.map(tree, status: pair.status, for: route)?.result
                else { continue }
                mappedPairs += 1
                for issue in result.issues {
                    let property = issue.property.map { " " + $0 } ?? ""
                    note("\(issue.kind.rawValue) \(issue.path)\(property): \(issue.message)", issue.severity)
                }
            }
        }
    }
}
