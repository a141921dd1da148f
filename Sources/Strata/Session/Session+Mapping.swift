/// Reading a session's class mappings and its routes' `map` values.
extension Session {
    /// Interprets `mappings` and every route's `map` with parts of the session's `reader` (its line index, its
    /// messages); mistakes become diagnostics kept apart from the session's own, what can be read is kept.
    static func loadMappings(
        reader: DocumentReader, mappingsNode: Tree.Index?, routes: [Route], directory: String
    ) -> LoadedMappings {
        let (set, setDiagnostics) = loadMappingSet(reader: reader, node: mappingsNode, directory: directory)
        var loaded = LoadedMappings(set: set, setDiagnostics: setDiagnostics)
        for route in routes {
            guard let node = route.mapNode else { continue }
            var loader = MappingLoader(reader: reader.part())
            let mapping = loader.loadRoute(node, mappings: set)
            loaded.routeDiagnostics[route.name] = loader.diagnostics
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

    /// True when responses of `route` have something to show as mapped: the route has a `map` the session read
    /// (`mapping(for:)`), or one with problems to report. False for routes without `map` and for `"map": null`.
    public func mapsResponses(of route: Route) -> Bool {
        mapping(for: route) != nil || !mapDiagnostics(for: route).isEmpty
    }
}
