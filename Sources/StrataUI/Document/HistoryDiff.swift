import Strata

/// A history entry compared with a shown response: the entry parsed as its route parses responses, then
/// ``TreeDiff`` (the diff of `strata diff`) from the entry to the shown tree.
enum HistoryDiff {
    /// Entry `number` of `history` diffed against `current`, or why it cannot be.
    static func diff(_ number: Int, against current: Tree, in history: HistoryStore, session: Session) -> Result<
        TreeDiff, HistoryError
    > {
        let entry: HistoryEntry
        do {
            entry = try history.entry(number: number)
        } catch {
            return .failure(error)
        }
        guard let route = session.route(named: entry.route) else {
            return .failure(
                .unreadable("history #\(number) is of route '\(entry.route)', which the session no longer has"))
        }
        guard let tree = ResponsePipeline(session: session).parse(entry.response, for: route).tree else {
            return .failure(.unreadable("the body of history #\(number) does not parse, so there is nothing to diff"))
        }
        return .success(TreeDiff(tree, current))
    }
}
