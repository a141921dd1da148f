import StrataDocuments

/// The routes a concrete path fits, found without trying every route: literal paths by hash, and templates through a
/// tree of their segments, so routes sharing `/users/{id}` share its nodes.
///
/// Checking a session's fixtures asks this for each fixture path; trying each route instead would be routes ×
/// paths, minutes for an imported API of a few thousand routes. `strata serve` asks it for the route of each
/// request (``route(method:path:)``).
struct RouteIndex: Sendable {
    /// A node of the segment tree: the templates that end here, and the next segments.
    private struct Node: Sendable {
        var literal: [String: Int] = [:]
        /// Segments with placeholders, to the next node.
        var patterns: [[PathTemplate.Piece]: Int] = [:]
        /// The same segments by their literal end (`.json` of `{id}.json`), or, for those ending in a placeholder,
        /// by their literal start (`v` of `v{n}`), so a path segment is tried only against the few whose ends fit;
        /// segments with neither (`{id}`, `{a}.{b}`) are tried always.
        var bySuffix: [String: [[PathTemplate.Piece]]] = [:]
        var byPrefix: [String: [[PathTemplate.Piece]]] = [:]
        var suffixLengths: [Int] = []
        var prefixLengths: [Int] = []
        var open: [[PathTemplate.Piece]] = []
        var routes: [Int] = []

        /// Files `segment` under its literal end or start.
        mutating func file(_ segment: [PathTemplate.Piece]) {
            let suffix = PathTemplate.text(segment.reversed().prefix { $0 != .placeholder }.reversed())
            let prefix = PathTemplate.text(segment.prefix { $0 != .placeholder })
            if !suffix.isEmpty {
                bySuffix[suffix, default: []].append(segment)
                let n = segment.reversed().prefix { $0 != .placeholder }.count
                if !suffixLengths.contains(n) { suffixLengths.append(n) }
            } else if !prefix.isEmpty {
                byPrefix[prefix, default: []].append(segment)
                let n = segment.prefix { $0 != .placeholder }.count
                if !prefixLengths.contains(n) { prefixLengths.append(n) }
            } else {
                open.append(segment)
            }
        }

        /// The segments with placeholders that might fit `part`: those whose literal end or start it has.
        func candidates(_ part: [Character]) -> [[PathTemplate.Piece]] {
            var out = open
            for n in suffixLengths where n <= part.count {
                out += bySuffix[String(part[(part.count - n)...])] ?? []
            }
            for n in prefixLengths where n <= part.count {
                out += byPrefix[String(part[..<n])] ?? []
            }
            return out
        }
    }

    private let literalRoutes: [String: [Int]]
    private var nodes = [Node()]
    /// The routes indexed.
    private let routes: [Route]

    /// Indexes `routes`; answers are positions in it, in order.
    init(_ routes: [Route]) {
        self.routes = routes
        var literal: [String: [Int]] = [:]
        for (k, route) in routes.enumerated() where !route.path.contains("{") {
            literal[route.path, default: []].append(k)
        }
        self.literalRoutes = literal
        for (k, route) in routes.enumerated() where route.path.contains("{") {
            var node = 0
            for segment in route.pathTemplate.segments {
                node = child(of: node, segment)
            }
            nodes[node].routes.append(k)
        }
    }

    /// The node after `node` for template segment `segment`, added when new.
    private mutating func child(of node: Int, _ segment: [PathTemplate.Piece]) -> Int {
        let isLiteral = !segment.contains(.placeholder)
        let text = isLiteral ? PathTemplate.text(segment) : ""
        if isLiteral, let next = nodes[node].literal[text] { return next }
        if !isLiteral, let next = nodes[node].patterns[segment] { return next }
        nodes.append(Node())
        let next = nodes.count - 1
        if isLiteral {
            nodes[node].literal[text] = next
        } else {
            nodes[node].patterns[segment] = next
            nodes[node].file(segment)
        }
        return next
    }

    /// The route a request of `method` to the concrete `path` is for: of the routes whose method is `method` (GET
    /// for HEAD) and whose path template `path` fits (``Route/path(_:matches:)``), the most specific
    /// (``answering(_:in:where:)``), the first in file order of those, if any.
    func route(method: String, path: String) -> Route? {
        answering(path, in: routes) { k in
            routes[k].method == method || (method == "HEAD" && routes[k].method == "GET")
        }.first.map { routes[$0] }
    }

    /// The positions of the routes without placeholders whose path is `path` (compared percent-decoded), in file
    /// order.
    func literal(_ path: String) -> [Int] {
        literalRoutes[PercentEncoding.decode(path)] ?? []
    }

    /// The positions of the routes (of those `include` lets through) a request for the concrete `path` is for:
    /// those with exactly that path, else the most specific of the templates it fits (``PathTemplate/specificity``;
    /// several when they tie), in file order.
    func answering(_ path: String, in routes: [Route], where include: (Int) -> Bool = { _ in true }) -> [Int] {
        let exact = literal(path).filter(include)
        if !exact.isEmpty || nodes.count == 1 { return exact }
        let fitting = templated(matching: path).filter(include)
        return PathTemplate.mostSpecific(fitting.map { routes[$0].pathTemplate }).map { fitting[$0] }
    }

    /// The positions of the routes with placeholders whose template the concrete `path` fits
    /// (``Route/path(_:matches:)``), in file order.
    func templated(matching path: String) -> [Int] {
        let parts = PathTemplate.segments(ofPath: path)
        var found: [Int] = []
        var stack = [(node: 0, depth: 0)]
        while let (node, depth) = stack.popLast() {
            if depth == parts.count {
                found += nodes[node].routes
                continue
            }
            let part = parts[depth]
            if let next = nodes[node].literal[String(part)] { stack.append((next, depth + 1)) }
            for pattern in nodes[node].candidates(part) where PathTemplate.segment(pattern, matches: part) {
                stack.append((nodes[node].patterns[pattern]!, depth + 1))
            }
        }
        return found.sorted()
    }
}
