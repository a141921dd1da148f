import Strata

extension ExplorerState {
    /// `L`: the History list of the selected route (of every route when none is selected).
    mutating func showHistory() -> [Effect] {
        let list = HistoryList(route: routeName)
        overlay = .history(list)
        return [.listHistory(route: list.route)]
    }

    /// The entries read for the History list, when it still lists that route.
    mutating func historyListed(route: String?, entries: [HistoryEntry.Summary]) {
        guard case .history(var list) = overlay, list.route == route else { return }
        list.entries = entries
        list.selected = min(list.selected, max(entries.count - 1, 0))
        overlay = .history(list)
    }

    /// Keys in the History list.
    mutating func historyCommand(_ command: Command, _ current: HistoryList) -> [Effect] {
        var list = current
        let count = list.entries?.count ?? 0
        let page = max(size.height - 8, 1)
        switch command {
        case .close:
            overlay = nil
            return []
        case .up, .down, .pageUp, .pageDown, .top, .bottom:
            let step =
                switch command {
                case .up: -1
                case .down: 1
                case .pageUp: -page
                case .pageDown: page
                case .top: -count
                default: count
                }
            list.selected = min(max(list.selected + step, 0), max(count - 1, 0))
            overlay = .history(list)
            return []
        case .historyScope:
            // Every route ⇄ the selected one (with no route selected, the list stays on every route).
            let scoped = list.route == nil ? routeName : nil
            guard scoped != list.route else {
                notice = Notice("no route selected: the list shows every route")
                return []
            }
            list = HistoryList(route: scoped)
            overlay = .history(list)
            return [.listHistory(route: scoped)]
        default:
            break
        }
        guard let entry = list.current else {
            if command == .choose || command == .resendEntry || command == .diffEntry {
                notice = Notice(list.entries == nil ? "reading the history…" : "no entry to use: send a request first")
            }
            return []
        }
        switch command {
        case .choose:
            overlay = nil
            return [.loadHistoryEntry(number: entry.number, purpose: .show)]
        case .resendEntry:
            overlay = nil
            return [.loadHistoryEntry(number: entry.number, purpose: .resend)]
        case .diffEntry:
            guard let tree = response.document?.tree else {
                notice = Notice("no parsed response shown to compare with: press r first", kind: .error)
                return []
            }
            return [.diffHistory(number: entry.number, current: tree, session: session)]
        default:
            return []
        }
    }

    /// An entry read back: shown through the parse and map stages, or sent again with its params.
    mutating func historyEntryLoaded(_ purpose: HistoryPurpose, _ result: Result<HistoryEntry, HistoryError>)
        -> [Effect]
    {
        let entry: HistoryEntry
        switch result {
        case .success(let e): entry = e
        case .failure(let error):
            notice = Notice(error.description, kind: .error)
            return []
        }
        guard let route = session.route(named: entry.route) else {
            notice = Notice(
                "history #\(entry.number) is of route '\(entry.route)', which the session no longer has", kind: .error)
            return []
        }
        routeList.select(route.name)
        keepRouteInView()
        switch purpose {
        case .show:
            var effects: [Effect] = []
            if let old = run { effects.append(.cancel(id: old.id)) }
            let id = nextRequestID
            nextRequestID += 1
            var state = RunState(id: id, routeName: route.name, summary: "history #\(entry.number)", source: source)
            state.phase = .processing(bytes: entry.response.size)
            state.historyNumber = entry.number
            run = state
            return effects + [
                .parse(id: id, request: entry.request, response: entry.response, route: route, session: session)
            ]
        case .resend:
            setEdits(entry.edits, of: route.name)
            let effects = startRun()
            if let id = run?.id {
                notice = Notice("sending history #\(entry.number) again (secrets from the session)")
                notice?.whileRun = id
            }
            return effects
        }
    }

    /// A diff of entry `number` against the shown response, shown in a box (the same diff as `strata diff`).
    mutating func historyDiffed(number: Int, _ result: Result<TreeDiff, HistoryError>) {
        switch result {
        case .failure(let error):
            notice = Notice(error.description, kind: .error)
        case .success(let diff):
            let shown = shownHistoryEntry.map { "history #\($0)" } ?? "the shown response"
            overlay = .diff(
                title: "history #\(number) → \(shown): \(diff.summary)",
                lines: diff.isEqual ? ["The same values at every path."] : diff.changes.map(\.line), scroll: 0)
        }
    }
}
