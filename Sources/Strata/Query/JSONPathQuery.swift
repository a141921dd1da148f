/// An RFC 9535 JSONPath query, parsed and type-checked, ready to run over any `Tree` (JSON, XML, plist, form).
///
/// ```swift
/// let query = try JSONPathQuery("$.store.book[?@.price < 10].title")
/// for node in query.select(in: tree) { print(tree.normalizedPath(node), tree.canonicalJSON(node)) }
/// ```
///
/// Every format's tree is queried by the same rules: object members by key (XML elements and attributes, plist
/// dictionary keys, form fields), array elements by position. Comparisons follow the RFC: numbers as I-JSON
/// doubles, strings by Unicode code point, containers structurally.
public struct JSONPathQuery: Sendable, CustomStringConvertible {
    /// The query as written.
    public let text: String
    let query: QueryAST.Query

    /// Parses `text`; throws a `QueryError` with the column of the first problem (syntax or typing).
    public init(_ text: String) throws(QueryError) {
        var parser = QueryParser(text)
        self.query = try parser.parse()
        self.text = text
    }

    /// The query as written.
    public var description: String { text }

    /// True when the query can select at most one node (names and indices only).
    public var isSingular: Bool { query.isSingular }

    /// The nodes the query selects in `tree`, in the RFC's order (duplicates kept).
    ///
    /// Checks `Task.isCancelled` as it goes: a cancelled task gets a partial list it should discard.
    public func select(in tree: Tree) -> [Tree.Index] {
        QueryEvaluator(tree: tree).select(query, current: Tree.root)
    }
}

extension Tree {
    /// The RFC 9535 normalized path of node `i`: `$['store']['book'][0]`.
    public func normalizedPath(_ i: Index) -> String {
        var names = NormalizedPaths(tree: self)
        return names.path(i)
    }

    /// The normalized paths of `nodes`, sharing the work of finding positions in long arrays.
    public func normalizedPaths(_ nodes: [Index]) -> [String] {
        var names = NormalizedPaths(tree: self)
        return nodes.map { names.path($0) }
    }
}

/// Builds normalized paths, remembering each array's element starts so positions cost a binary search.
struct NormalizedPaths {
    let tree: Tree
    private var elements: [Int: [Int]] = [:]

    init(tree: Tree) { self.tree = tree }

    mutating func path(_ i: Tree.Index) -> String {
        var parts: [String] = []
        var c = i
        while let p = tree.parent(c) {
            if tree.kind(p) == .object {
                parts.append("[" + NormalizedPaths.quote(tree.key(c) ?? "") + "]")
            } else {
                parts.append("[\(position(of: c, in: p))]")
            }
            c = p
        }
        return "$" + parts.reversed().joined()
    }

    private mutating func position(of c: Int, in p: Int) -> Int {
        // A small parent is walked; counting a large one's children for every match was quadratic.
        if elements[p] == nil {
            var few = 0
            for _ in tree.children(p).prefix(64) { few += 1 }
            if few < 64 { return tree.siblingIndex(c) }
        }
        let starts = elements[p] ?? Array(tree.children(p))
        elements[p] = starts
        var lo = 0
        var hi = starts.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if starts[mid] < c { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// A member name in normalized form: single quotes, `\'` and `\\`, control characters escaped.
    static func quote(_ name: String) -> String {
        var out = "'"
        for u in name.unicodeScalars {
            switch u {
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "'": out += "\\'"
            case "\\": out += "\\\\"
            default:
                if u.value < 0x20 {
                    let h = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - h.count) + h
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "'"
    }
}
