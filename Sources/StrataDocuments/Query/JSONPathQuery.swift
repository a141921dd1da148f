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
        NormalizedPaths(tree: self).path(i)
    }

    /// The normalized paths of `nodes`, sharing the work of finding positions in long arrays.
    public func normalizedPaths(_ nodes: [Index]) -> [String] {
        let names = NormalizedPaths(tree: self)
        return nodes.map { names.path($0) }
    }
}

/// Builds normalized paths through the one path builder (`FlatOutline.path`), with positions in long arrays from
/// `NodePositions`, so a path costs a binary search however far into its array a node is.
struct NormalizedPaths {
    let tree: Tree
    private let positions: NodePositions

    init(tree: Tree) {
        self.tree = tree
        self.positions = NodePositions(tree: tree)
    }

    func path(_ i: Tree.Index) -> String {
        // Members are named by key alone: a normalized path has no occurrence count.
        let path = tree.path(i, position: positions.position, occurrence: { _ in 0 })
        var out = "$"
        for component in path.components {
            switch component {
            case .key(let key, _): out += "[" + NormalizedPaths.quote(key) + "]"
            case .index(let position): out += "[\(position)]"
            }
        }
        return out
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
