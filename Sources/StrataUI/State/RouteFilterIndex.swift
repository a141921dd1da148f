import Strata

/// The routes' names and paths lower-cased once, so the route filter costs one scan per keystroke, and typing
/// more of the same filter scans only the routes still shown.
struct RouteFilterIndex: Sendable {
    private let routes: [Route]
    /// `name` and `path` lower-cased, per route, in session order.
    private let keys: [(name: String, path: String)]
    /// Each route's position, by name (names are unique in a session).
    private let positions: [String: Int]

    init(_ routes: [Route]) {
        self.routes = routes
        keys = routes.map { ($0.name.lowercased(), $0.path.lowercased()) }
        var positions: [String: Int] = [:]
        positions.reserveCapacity(routes.count)
        for (i, route) in routes.enumerated() where positions[route.name] == nil { positions[route.name] = i }
        self.positions = positions
    }

    /// The routes whose name or path contains `filter` (ignoring case), in session order; when `previous` was
    /// the result for a filter that `filter` contains, only those routes are looked at.
    func routes(matching filter: String, narrowing previous: (filter: String, routes: [Route])? = nil) -> [Route] {
        let needle = filter.lowercased()
        guard !needle.isEmpty else { return routes }
        if let previous, !previous.filter.isEmpty, needle.contains(previous.filter.lowercased()) {
            return previous.routes.filter { route in
                guard let i = positions[route.name] else { return false }
                return matches(i, needle)
            }
        }
        return routes.indices.filter { matches($0, needle) }.map { routes[$0] }
    }

    private func matches(_ i: Int, _ needle: String) -> Bool {
        keys[i].name.contains(needle) || keys[i].path.contains(needle)
    }
}
