/// `strata check` maps the fixtures: every pair that answers a route with a `map` is parsed and mapped as `run`
/// would, and its errors and warnings are reported at the pair.
extension SessionCheck {
    /// Parses and maps each fixture pair answering each route that maps its responses; fills `mappingReports`.
    mutating func mapFixtures(_ session: Session) {
        let pipeline = ResponsePipeline(session: session)
        let routes = session.routes.filter { session.mapsResponses(of: $0) }
        guard !routes.isEmpty else { return }
        let literalPaths = Set(session.routes.map(\.path).filter { !$0.contains("{") })
        for route in routes {
            for pair in fixtures.pairs where answers(pair, route, literalPaths: literalPaths) {
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
                if let error = parsed.error {
                    note("the body does not parse (\(parsed.parser)): \(error.message) at line \(error.line)", .error)
                    continue
                }
                // An error status carries an error document, not what the route's map describes.
                guard pair.status < 400, let tree = parsed.tree, let result = pipeline.map(tree, for: route)?.result
                else { continue }
                mappedPairs += 1
                for issue in result.issues {
                    if issue.severity == .info {
                        mappingInfoCount += 1
                    } else {
                        let property = issue.property.map { " " + $0 } ?? ""
                        note("\(issue.kind.rawValue) \(issue.path)\(property): \(issue.message)", issue.severity)
                    }
                }
            }
        }
    }

    /// True when `pair` can answer `route`: its method (if any) is the route's, and its path is the route's path or,
    /// when no route has that literal path, fits the route's template (`/venues/search` answers `/venues/search`,
    /// not `/venues/{id}`).
    private func answers(_ pair: FixturePair, _ route: Route, literalPaths: Set<String>) -> Bool {
        guard pair.method == nil || pair.method == route.method else { return false }
        if !route.path.contains("{") { return Route.path(route.path, matches: pair.path) }
        return !literalPaths.contains(PercentEncoding.decode(pair.path)) && Route.path(route.path, matches: pair.path)
    }
}
