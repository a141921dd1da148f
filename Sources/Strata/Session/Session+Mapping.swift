import StrataDocuments
import StrataMapping

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
            var diagnostics: [Diagnostic] = []
            if let node = route.mapNode {
                var loader = MappingLoader(reader: reader.part())
                loaded.routes[route.name] = loader.loadRoute(node, mappings: set)
                diagnostics += loader.diagnostics
            }
            if let node = route.errorMapNode {
                var loader = MappingLoader(reader: reader.part())
                loaded.errorRoutes[route.name] = loader.loadRoute(node, mappings: set, key: "errorMap")
                diagnostics += loader.diagnostics
            }
            if route.mapNode != nil || route.errorMapNode != nil {
                loaded.routeDiagnostics[route.name] = diagnostics.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
            }
        }
        return loaded
    }

    /// What `loadMappings` read: the class mappings, each route's `map` and `errorMap`, and the problems of each.
    struct LoadedMappings {
        var set: MappingSet
        var setDiagnostics: [ClassDiagnostic]
        var routes: [String: RouteMapping] = [:]
        var errorRoutes: [String: RouteMapping] = [:]
        var routeDiagnostics: [String: [Diagnostic]] = [:]

        /// Every problem, in file order.
        var allDiagnostics: [Diagnostic] {
            (setDiagnostics.map(\.diagnostic) + routeDiagnostics.values.joined()).sorted {
                ($0.line, $0.column) < ($1.line, $1.column)
            }
        }
    }

    /// Problems that concern mapping `route`'s responses: those in `mappings` about the classes its `map` and
    /// `errorMap` reach (through property types, and every JSON:API class for a JSON:API document) or about the
    /// set as a whole, then those in the route's `map` and `errorMap`. `strata check` prints every problem;
    /// `run --show issues` and the explorer's issue list show these, in the same words.
    public func mappingDiagnostics(for route: Route) -> [Diagnostic] {
        let classes = classes(reachedBy: route)
        let set = mappingSetDiagnostics.filter { d in
            guard let classes, let name = d.className else { return true }
            return classes.contains(name)
        }
        return set.map(\.diagnostic) + mapDiagnostics(for: route)
    }

    /// The class names `route`'s `map` and `errorMap` reach, defined or not; nil when one of them could not be read
    /// (then every problem in `mappings` may concern it).
    func classes(reachedBy route: Route) -> Set<String>? {
        var queue: [String] = []
        for (node, mapping) in [(route.mapNode, mapping(for: route)), (route.errorMapNode, errorMapping(for: route))]
        where given(node) {
            guard let mapping else { return nil }
            queue += mapping.type?.referencedClasses ?? []
            if mapping.format == .jsonapi {
                queue += mappings.classes.filter { $0.jsonapiType != nil }.map(\.name)
                queue += JSONAPIBuiltins.classes.map(\.name)
            }
        }
        var reached: Set<String> = []
        while let name = queue.popLast() {
            guard reached.insert(name).inserted, let cls = mappings[name] else { continue }
            queue += cls.properties.flatMap(\.type.referencedClasses)
        }
        return reached
    }

    /// Problems in `route`'s own `map` and `errorMap` values, in file order.
    public func mapDiagnostics(for route: Route) -> [Diagnostic] { routeMappingDiagnostics[route.name] ?? [] }

    /// How the responses of `route` with a status of 400 or more are mapped, or nil when the route has no
    /// `errorMap`.
    public func errorMapping(for route: Route) -> RouteMapping? { routeErrorMappings[route.name] }

    /// True when responses of `route` may have something to show as mapped: the route has a `map` or an
    /// `errorMap` (read, or with problems to report). False for routes without either and for `"map": null`.
    public func mapsResponses(of route: Route) -> Bool { given(route.mapNode) || given(route.errorMapNode) }

    /// The one rule for which mapping a response of `route` with `status` is read with, followed by `check` (for
    /// fixture pairs), `run`, `serve`'s Traffic and the explorer:
    ///
    /// - below 400: the route's `map`;
    /// - 400 and above: the route's `errorMap` when it has one; else its `map` when that reads JSON:API documents
    ///   (their `errors` are part of the format); else nothing: an error document is not what `map` describes, so
    ///   the body is parsed and the outcome says why it is not mapped.
    ///
    /// Nil when the route maps nothing for such a status (no `map`, no `errorMap`).
    public func responseMapping(of route: Route, status: Int) -> ResponseMapping? {
        guard status >= 400 else { return given(route.mapNode) ? .mapped(mapping(for: route), key: "map") : nil }
        if given(route.errorMapNode) { return .mapped(errorMapping(for: route), key: "errorMap") }
        guard given(route.mapNode) else { return nil }
        if let map = mapping(for: route), map.format == .jsonapi { return .mapped(map, key: "map") }
        return .notMapped(reason: "not mapped: \(status) is an error status and the route has no errorMap")
    }

    /// True when `node` is a value other than `null` (`"map": null` says the route maps nothing).
    private func given(_ node: Tree.Index?) -> Bool { node.map { document.kind($0) != .null } ?? false }
}

/// Which of a route's mappings a response is read with (``Session/responseMapping(of:status:)``).
public enum ResponseMapping: Sendable, Hashable {
    /// Mapped with the route's `map` or `errorMap` (named by `key`); the mapping is nil when that value could not
    /// be read (its problems are among ``Session/mapDiagnostics(for:)``).
    case mapped(RouteMapping?, key: String)
    /// The route maps its responses, but not this one: `reason` says why in one line
    /// (`not mapped: 404 is an error status and the route has no errorMap`).
    case notMapped(reason: String)
}
