/// Printing what a query selected, for the CLI and anything else that shows results as text.
extension JSONPathQuery {
    /// The selected `nodes` of `tree` as text: one line per node, its normalized path, a space, then its value as
    /// compact JSON; with `json`, a JSON array of the values. Plain text: the caller makes it visible.
    public static func report(_ nodes: [Tree.Index], in tree: Tree, json: Bool) -> String {
        if json {
            var out: [UInt8] = [UInt8(ascii: "[")]
            for (k, n) in nodes.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                tree.writeJSON(n, into: &out)
            }
            out.append(UInt8(ascii: "]"))
            return String(decoding: out, as: UTF8.self)
        }
        let paths = tree.normalizedPaths(nodes)
        var lines: [String] = []
        lines.reserveCapacity(nodes.count)
        for (n, path) in zip(nodes, paths) { lines.append(path + " " + tree.canonicalJSON(n)) }
        return lines.joined(separator: "\n")
    }

    /// `1 match` / `3 matches`.
    public static func countText(_ n: Int) -> String { n == 1 ? "1 match" : "\(n) matches" }
}
