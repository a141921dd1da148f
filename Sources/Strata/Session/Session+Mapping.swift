/// Reading a session's class mappings and its routes' `map` values.
extension Session {
    /// Interprets `mappings` and every route's `map`; mistakes become diagnostics, what can be read is kept.
    static func loadMappings(tree: Tree, file: String, mappingsNode: Tree.Index?, routes: [Route])
        -> LoadedMappings
    {
        let (set, found) = MappingSet.load(from: tree, at: mappingsNode, file: file)
        var loaded = LoadedMappings(set: set, setDiagnostics: found)
        for route in routes {
            guard let node = route.mapNode else { continue }
            let (mapping, problems) = RouteMapping.load(from: tree, at: node, file: file, mappings: set)
            loaded.routeDiagnostics[route.name] = problems
            if let mapping { loaded.routes[route.name] = mapping }
        }
        return loaded
    }

    /// What `loadMappings` read: the class mappings, each route's `map`, and the problems of each.
    struct LoadedMappings {
        var set: MappingSet
        var setDiagnostics: [Diagnostic]
        var routes: [String: RouteMapping] = [:]
        var routeDiagnostics: [String: [Diagnostic]] = [:]

        /// Every problem, in file order.
        var allDiagnostics: [Diagnostic] {
            (setDiagnostics + routeDiagnostics.values.joined()).sorted { ($0.line, $0.column) < ($1.line, $1.column) }
        }
    }

    /// Problems that concern mapping `route`'s responses: those in `mappings`, then those in the route's `map`.
    public func mappingDiagnostics(for route: Route) -> [Diagnostic] {
        mappingSetDiagnostics + mapDiagnostics(for: route)
    }

    /// Problems in `route`'s own `map` value.
    public func mapDiagnostics(for route: Route) -> [Diagnostic] { routeMappingDiagnostics[route.name] ?? [] }
}
