/// Reading a session's class mappings and its routes' `map` values.
extension Session {
    /// Interprets `mappings` and every route's `map`; mistakes become diagnostics, what can be read is kept.
    static func loadMappings(tree: Tree, file: String, mappingsNode: Tree.Index?, routes: [Route])
        -> (MappingSet, [Diagnostic], [String: RouteMapping])
    {
        let (set, found) = MappingSet.load(from: tree, at: mappingsNode, file: file)
        var diagnostics = found
        var byRoute: [String: RouteMapping] = [:]
        for route in routes {
            guard let node = route.mapNode else { continue }
            let (mapping, problems) = RouteMapping.load(from: tree, at: node, file: file, mappings: set)
            diagnostics += problems
            if let mapping { byRoute[route.name] = mapping }
        }
        diagnostics.sort { ($0.line, $0.column) < ($1.line, $1.column) }
        return (set, diagnostics, byRoute)
    }

    /// Maps a parsed response of `route`, or nil when the route has no `map`.
    public func map(_ tree: Tree, for route: Route) -> MappingResult? {
        guard let mapping = mapping(for: route) else { return nil }
        return mapper.map(tree, with: mapping)
    }
}
