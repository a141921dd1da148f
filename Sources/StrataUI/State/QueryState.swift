import Strata

/// A JSONPath query in the Parsed pane: its text, whether it is still running, and the nodes it matched.
///
/// It stays (and runs again on each new response) until Esc clears it; n / N step through its matches.
package struct QueryState: Sendable {
    /// The parsed query.
    package var query: JSONPathQuery
    /// The id of its latest run; a result for another id is stale.
    package var id: Int
    /// True while a run is under way.
    package var isRunning: Bool
    /// The matched nodes in document order, without repeats (the RFC's duplicates are one row here).
    package var matches: [Int] = []
    /// The position in ``matches`` of the match last stepped to.
    package var current: Int?

    /// A query about to run as `id`.
    package init(query: JSONPathQuery, id: Int) {
        self.query = query
        self.id = id
        self.isRunning = true
    }

    /// True when `node` is one of the matches (binary search).
    package func isMatch(_ node: Int) -> Bool { position(atOrAfter: node).map { matches[$0] == node } ?? false }

    /// The first position whose node is `node` or later, or nil when every match comes before it.
    package func position(atOrAfter node: Int) -> Int? {
        var lo = 0
        var hi = matches.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if matches[mid] < node { lo = mid + 1 } else { hi = mid }
        }
        return lo < matches.count ? lo : nil
    }

    /// `3/17`, `17 matches`, `no match`, or `…` while running.
    package var status: String {
        if isRunning { return "…" }
        if matches.isEmpty { return "no match" }
        if let current { return "\(current + 1)/\(matches.count)" }
        return JSONPathQuery.countText(matches.count)
    }
}
