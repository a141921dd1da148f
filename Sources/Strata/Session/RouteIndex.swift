/// The routes a concrete path fits, found without trying every route: literal paths by hash, and templates through a
/// tree of their segments, so routes sharing `/users/{id}` share its nodes.
///
/// Checking a session's fixtures asks this for each fixture path; trying each route instead would be routes ×
/// paths, minutes for an imported API of a few thousand routes.
struct RouteIndex: Sendable {
    /// A node of the segment tree: the templates that end here, and the next segments.
    private struct Node: Sendable {
        var literal: [String: Int] = [:]
        var patterns: [[PathTemplate.Piece]: Int] = [:]
        var routes: [Int] = []
    }

    private let literalRoutes: [String: [Int]]
    private var nodes = [Node()]

    /// Indexes `routes`; answers are positions in it, in order.
    init(_ routes: [Route]) {
        var literal: [String: [Int]] = [:]
        for (k, route) in routes.enumerated() where !route.path.contains("{") {
            literal[route.path, default: []].append(k)
        }
        self.literalRoutes = literal
        for (k, route) in routes.enumerated() where route.path.contains("{") {
            var node = 0
            for segment in PathTemplate(route.path).segments {
                node = child(of: node, segment)
            }
            nodes[node].routes.append(k)
        }
    }

    /// The node after `node` for template segment `segment`, added when new.
    private mutating func child(of node: Int, _ segment: [PathTemplate.Piece]) -> Int {
        let isLiteral = !segment.contains(.placeholder)
        let text = isLiteral ? String(segment.map { if case .char(let c) = $0 { c } else { "{" } }) : ""
        if isLiteral, let next = nodes[node].literal[text] { return next }
        if !isLiteral, let next = nodes[node].patterns[segment] { return next }
        nodes.append(Node())
        let next = nodes.count - 1
        if isLiteral { nodes[node].literal[text] = next } else { nodes[node].patterns[segment] = next }
        return next
    }

    /// The positions of the routes without placeholders whose path is `path` (compared percent-decoded), in file
    /// order.
    func literal(_ path: String) -> [Int] {
        literalRoutes[PercentEncoding.decode(path)] ?? []
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
            for (pattern, next) in nodes[node].patterns where PathTemplate.segment(pattern, matches: part) {
                stack.append((next, depth + 1))
            }
        }
        return found.sorted()
    }
}
