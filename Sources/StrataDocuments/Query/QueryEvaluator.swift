import Foundation

/// Runs a parsed query over a `Tree`: selectors, segments and filters as RFC 9535 defines them.
///
/// Nodes are tree indices; a nodelist is an array of them in the order the RFC gives. Work is linear in the
/// nodes each segment visits; a filter runs its condition once per child. `Task.isCancelled` is checked every
/// few thousand nodes, and a cancelled run stops early with a partial result the caller throws away.
final class QueryEvaluator {
    typealias Q = QueryAST
    let tree: Tree
    /// Compiled patterns by function and pattern text (nil for an invalid pattern, which matches nothing).
    private var regexes: [String: IRegexp?] = [:]
    /// What each absolute query inside a filter selects, by `Query.shared`: found once, not once per candidate.
    private var sharedNodes: [Int: [Int]] = [:]
    private var sharedSingular: [Int: Int?] = [:]
    private var steps = 0
    private(set) var cancelled = false

    init(tree: Tree) { self.tree = tree }

    /// A value in a filter: a node of the tree or a literal (a function's result is a literal).
    enum Value {
        case node(Int)
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    // MARK: - Queries

    func select(_ query: Q.Query, current: Int) -> [Int] {
        if let key = query.shared {
            if let known = sharedNodes[key] { return known }
            var unshared = query
            unshared.shared = nil
            let nodes = select(unshared, current: current)
            sharedNodes[key] = nodes
            return nodes
        }
        guard tree.count > 0 else { return [] }
        var nodes = [query.relative ? current : Tree.root]
        for segment in query.segments {
            var next: [Int] = []
            for n in nodes {
                if segment.descendant {
                    var d = n
                    let end = tree.subtreeEnd(n)
                    while d < end {
                        if tree.isContainer(d) { apply(segment.selectors, to: d, into: &next) }
                        d += 1
                        if checkCancelled() { return [] }
                    }
                } else {
                    apply(segment.selectors, to: n, into: &next)
                }
            }
            nodes = next
            if nodes.isEmpty || cancelled { break }
        }
        return nodes
    }

    private func checkCancelled() -> Bool {
        steps &+= 1
        if steps & 0xFFF == 0, Task.isCancelled { cancelled = true }
        return cancelled
    }

    private func apply(_ selectors: [Q.Selector], to n: Int, into out: inout [Int]) {
        let kind = tree.kind(n)
        guard kind.isContainer else { return }
        for selector in selectors {
            switch selector {
            case .name(let name, let utf8):
                guard kind == .object else { continue }
                for c in tree.children(n) where tree.keyEquals(c, name, utf8) { out.append(c) }
            case .wildcard:
                out.append(contentsOf: tree.children(n))
            case .index(let index):
                guard kind == .array else { continue }
                if index >= 0 {
                    if let c = tree.child(n, at: index) { out.append(c) }
                } else {
                    let count = tree.childCount(n)
                    if count + index >= 0, let c = tree.child(n, at: count + index) { out.append(c) }
                }
            case .slice(let start, let end, let step):
                guard kind == .array else { continue }
                let children = Array(tree.children(n))
                for k in QueryEvaluator.sliceIndices(count: children.count, start, end, step) {
                    out.append(children[k])
                }
            case .filter(let condition):
                for c in tree.children(n) {
                    if test(condition, current: c) { out.append(c) }
                    if checkCancelled() { return }
                }
            }
        }
    }

    /// The positions a slice selects in an array of `count` elements (RFC 9535 §2.3.4.2.2).
    static func sliceIndices(count len: Int, _ start: Int?, _ end: Int?, _ step: Int?) -> [Int] {
        let step = step ?? 1
        guard step != 0, len > 0 else { return [] }
        func normalize(_ i: Int) -> Int { i >= 0 ? i : len + i }
        var result: [Int] = []
        if step > 0 {
            let lower = min(max(normalize(start ?? 0), 0), len)
            let upper = min(max(normalize(end ?? len), 0), len)
            var i = lower
            while i < upper {
                result.append(i)
                i += step
            }
        } else {
            let upper = min(max(normalize(start ?? len - 1), -1), len - 1)
            let lower = min(max(end.map(normalize) ?? -1, -1), len - 1)
            var i = upper
            while lower < i {
                result.append(i)
                i += step
            }
        }
        return result
    }

    // MARK: - Conditions

    func test(_ condition: Q.Logical, current: Int) -> Bool {
        switch condition {
        case .or(let parts): return parts.contains { test($0, current: current) }
        case .and(let parts): return parts.allSatisfy { test($0, current: current) }
        case .not(let inner): return !test(inner, current: current)
        case .exists(let query): return !select(query, current: current).isEmpty
        case .function(let call): return logical(call, current: current)
        case .compare(let a, let op, let b):
            let x = value(a, current: current)
            let y = value(b, current: current)
            switch op {
            case .eq: return equal(x, y)
            case .ne: return !equal(x, y)
            case .lt: return less(x, y)
            case .le: return less(x, y) || equal(x, y)
            case .gt: return less(y, x)
            case .ge: return less(y, x) || equal(x, y)
            }
        }
    }

    /// The value of a comparable; nil is the RFC's `Nothing`.
    private func value(_ operand: Q.Operand, current: Int) -> Value? {
        switch operand {
        case .literal(let l):
            switch l {
            case .string(let s): return .string(s)
            case .number(let d): return .number(d)
            case .bool(let b): return .bool(b)
            case .null: return .null
            }
        case .query(let q): return singular(q, current: current).map { .node($0) }
        case .function(let call): return valueOf(call, current: current)
        }
    }

    /// The one node a singular query selects, walking names and indices directly.
    private func singular(_ query: Q.Query, current: Int) -> Int? {
        if let key = query.shared {
            if let known = sharedSingular[key] { return known }
            var unshared = query
            unshared.shared = nil
            let node = singular(unshared, current: current)
            sharedSingular[key] = .some(node)
            return node
        }
        guard tree.count > 0 else { return nil }
        var n = query.relative ? current : Tree.root
        for segment in query.segments {
            switch segment.selectors[0] {
            case .name(let name, let utf8):
                guard tree.kind(n) == .object else { return nil }
                guard let c = tree.children(n).first(where: { tree.keyEquals($0, name, utf8) }) else { return nil }
                n = c
            case .index(let index):
                guard tree.kind(n) == .array else { return nil }
                let position = index >= 0 ? index : tree.childCount(n) + index
                guard position >= 0, let c = tree.child(n, at: position) else { return nil }
                n = c
            default: return nil
            }
        }
        return n
    }

    // MARK: - Functions

    private func argumentValue(_ argument: Q.Argument, current: Int) -> Value? {
        if case .value(let operand) = argument { return value(operand, current: current) }
        return nil
    }

    private func argumentNodes(_ argument: Q.Argument, current: Int) -> [Int] {
        if case .nodes(let query) = argument { return select(query, current: current) }
        return []
    }

    private func valueOf(_ call: Q.Call, current: Int) -> Value? {
        switch call.function {
        case .length:
            switch argumentValue(call.arguments[0], current: current).map(scalar) {
            case .string(let s): return .number(Double(s.unicodeScalars.count))
            case .node(let n): return .number(Double(tree.childCount(n)))
            default: return nil
            }
        case .count: return .number(Double(argumentNodes(call.arguments[0], current: current).count))
        case .value:
            let nodes = argumentNodes(call.arguments[0], current: current)
            return nodes.count == 1 ? .node(nodes[0]) : nil
        case .match, .search: return nil
        }
    }

    private func logical(_ call: Q.Call, current: Int) -> Bool {
        guard call.function == .match || call.function == .search,
            case .string(let text) = argumentValue(call.arguments[0], current: current).map(scalar),
            case .string(let pattern) = argumentValue(call.arguments[1], current: current).map(scalar)
        else { return false }
        let key = (call.function == .match ? "m" : "s") + pattern
        let regex: IRegexp?
        if let cached = regexes[key] {
            regex = cached
        } else {
            regex = try? IRegexp(pattern, whole: call.function == .match)
            regexes[key] = regex
        }
        guard let regex else { return false }
        guard let matched = regex.evaluate(text) else {
            cancelled = true
            return false
        }
        return matched
    }

    // MARK: - Comparison

    /// A scalar node as its literal value; containers stay nodes.
    private func scalar(_ v: Value) -> Value {
        guard case .node(let n) = v else { return v }
        switch tree.kind(n) {
        case .string: return .string(tree.string(n) ?? "")
        case .number: return .number(tree.double(n) ?? .nan)
        case .bool: return .bool(tree.bool(n)!)
        case .null: return .null
        case .object, .array: return v
        }
    }

    private func equal(_ a: Value?, _ b: Value?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        switch (scalar(a), scalar(b)) {
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x.unicodeScalars.elementsEqual(y.unicodeScalars)
        case (.bool(let x), .bool(let y)): return x == y
        case (.null, .null): return true
        case (.node(let x), .node(let y)): return deepEqual(x, y)
        default: return false
        }
    }

    private func less(_ a: Value?, _ b: Value?) -> Bool {
        guard let a, let b else { return false }
        switch (scalar(a), scalar(b)) {
        case (.number(let x), .number(let y)): return x < y
        case (.string(let x), .string(let y)):
            return x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars) { $0.value < $1.value }
        default: return false
        }
    }

    /// Structural equality of two containers: arrays in order, objects by key regardless of order.
    private func deepEqual(_ x: Int, _ y: Int) -> Bool { tree.equalValues(x, tree, y) }
}

extension Tree {
    /// True when object member `i` has the key `name` (`utf8` is its bytes); compares raw bytes when the key has
    /// no escapes, so a descendant search does not decode every key.
    func keyEquals(_ i: Index, _ name: String, _ utf8: [UInt8]) -> Bool {
        if let side { return side.keys[i].map { $0.unicodeScalars.elementsEqual(name.unicodeScalars) } ?? false }
        guard let r = keySpan(i) else { return false }
        let body = (r.lowerBound + 1)..<(r.upperBound - 1)
        let plain = source.withUnsafeBufferPointer { b in
            memchr(b.baseAddress! + body.lowerBound, Int32(UInt8(ascii: "\\")), body.count) == nil
        }
        if plain {
            guard body.count == utf8.count else { return false }
            return source.withUnsafeBufferPointer { b in
                utf8.withUnsafeBufferPointer { u in
                    body.isEmpty || memcmp(b.baseAddress! + body.lowerBound, u.baseAddress!, body.count) == 0
                }
            }
        }
        return (key(i) ?? "").unicodeScalars.elementsEqual(name.unicodeScalars)
    }
}
