import Strata

extension ExplorerState {
    /// `$` in the Parsed pane: edit the query (the current one, or `$` to start from).
    mutating func openQueryPrompt() -> [Effect] {
        guard response.document?.tree != nil else {
            notice = Notice("nothing to query: run a request first (r)")
            return []
        }
        editor = FieldEditor(.query, text: query?.query.text ?? "$")
        return []
    }

    /// An accepted query: an invalid one reopens the prompt with the error; a valid one replaces (and cancels)
    /// the previous query and runs off the loop.
    mutating func commitQuery(_ text: String) -> [Effect] {
        guard !text.trimmingSpaces.isEmpty else { return clearQuery() }
        let parsed: JSONPathQuery
        do {
            parsed = try JSONPathQuery(text)
        } catch {
            var field = FieldEditor(.query, text: text)
            field.field.cursor = error.column - 1
            editor = field
            notice = Notice(error.description, kind: .error)
            return []
        }
        search = nil
        focus = .parsed
        tab = .parsed
        return runQuery(parsed)
    }

    /// Runs `parsed` on the shown tree as a new query id, cancelling a run still going.
    mutating func runQuery(_ parsed: JSONPathQuery) -> [Effect] {
        var effects: [Effect] = []
        if let old = query, old.isRunning { effects.append(.cancelQuery(id: old.id)) }
        guard let tree = response.document?.tree else {
            query = nil
            return effects
        }
        let id = nextQueryID
        nextQueryID += 1
        query = QueryState(query: parsed, id: id)
        return effects + [.runQuery(id: id, query: parsed, tree: tree)]
    }

    /// A finished run: keep its matches when it is the current query's, and select the first match at or after
    /// the selection.
    mutating func queryFinished(id: Int, nodes: [Int]) -> [Effect] {
        guard var state = query, state.id == id else { return [] }
        state.isRunning = false
        state.matches = Array(Set(nodes)).sorted()
        state.current = nil
        query = state
        guard !state.matches.isEmpty else {
            notice = Notice("no match for \(state.query.text)", kind: .error)
            return []
        }
        return stepQuery(forward: true, from: parsed.selected, inclusive: true)
    }

    /// n / N with a query: the next or previous match after the selection, wrapping around.
    mutating func stepQuery(forward: Bool, from node: Int, inclusive: Bool = false) -> [Effect] {
        guard var state = query, !state.isRunning, !state.matches.isEmpty else { return [] }
        let count = state.matches.count
        var position: Int
        if forward {
            let start = inclusive ? node : node + 1
            position = state.position(atOrAfter: start) ?? 0
        } else {
            position = (state.position(atOrAfter: node) ?? count) - 1
            if position < 0 { position = count - 1 }
        }
        let wrapped = forward ? state.matches[position] < node : state.matches[position] > node
        position = min(max(position, 0), count - 1)
        state.current = position
        query = state
        revealSource(state.matches[position])
        if wrapped { notice = Notice(forward ? "query wrapped to the top" : "query wrapped to the bottom") }
        return []
    }

    /// Esc (or an empty query): forget the query, cancelling a run still going.
    mutating func clearQuery() -> [Effect] {
        guard let old = query else { return [] }
        query = nil
        return old.isRunning ? [.cancelQuery(id: old.id)] : []
    }

}
