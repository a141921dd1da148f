import Strata
import TermGrid

extension ExplorerState {
    /// `S`: starts serving the session from the current source at ``TrafficState/address``, or stops.
    mutating func toggleServing() -> [Effect] {
        traffic.generation += 1
        if traffic.isServing || traffic.isStarting {
            traffic.isStarting = false
            traffic.url = nil
            traffic.source = nil
            let kept = traffic.entries.count
            notice = Notice("stopped serving (the Traffic list keeps its \(Counted.text(kept, "request")))")
            return [.stopServing]
        }
        if let exposure = untrustedServingExposure() {
            overlay = .trust(TrustQuestion(session, exposure: exposure, then: .serve))
            return []
        }
        notice = Notice("starting to serve on \(traffic.address)…")
        traffic.isStarting = true
        traffic.restarting = false
        return [
            .startServing(address: traffic.address, source: source, session: session, generation: traffic.generation)
        ]
    }

    /// While serving: serves again at the same address with the session and source as they are now (after a
    /// reload, `m` or another environment), so the server answers the way the explorer would send.
    mutating func serveAgain() -> [Effect] {
        guard traffic.isServing || traffic.isStarting else { return [] }
        traffic.generation += 1
        if let exposure = untrustedServingExposure() {
            traffic.isStarting = false
            traffic.restarting = false
            traffic.url = nil
            traffic.source = nil
            notice = Notice(
                "stopped serving: " + session.notTrustedToSend(exposure, what: "every request it forwards")
                    + " (S asks)", kind: .error)
            return [.stopServing]
        }
        traffic.restarting = traffic.restarting || traffic.isServing
        traffic.isStarting = true
        return [
            .startServing(
                address: traffic.servedAddress, source: source, session: session, generation: traffic.generation)
        ]
    }

    /// The server started (its URL), could not start (why), or stopped (both nil); a reply of an older
    /// `generation` than the latest start or stop is ignored.
    mutating func servingChanged(url: String?, problem: String?, generation: Int? = nil) {
        if let generation, generation != traffic.generation { return }
        traffic.isStarting = false
        let restarted = traffic.restarting
        traffic.restarting = false
        if let problem {
            traffic.url = nil
            traffic.source = nil
            notice = Notice("cannot serve: \(problem)", kind: .error)
            return
        }
        guard let url else {
            traffic.url = nil
            traffic.source = nil
            return
        }
        traffic.url = url
        traffic.source = source
        if restarted {
            notice = Notice("serving \(session.name) (\(source.rawValue)) again, as the explorer now sends")
            return
        }
        traffic.count = 0
        showTraffic(true)
        // The URL leads the status line while serving: the notice does not repeat it.
        notice = Notice("serving \(session.name) (\(source.rawValue)): S stops, T shows the routes")
    }

    /// `T`: the Traffic list or the routes in the left pane, focused (from whichever pane had the focus). The
    /// response panes follow: the routes show the response they showed before Traffic's answers, and the Traffic
    /// list the answer to its selected request.
    mutating func toggleTraffic() -> [Effect] {
        showTraffic(!traffic.isShown)
        focus = traffic.isShown ? .traffic : .routes
        guard traffic.isShown else { return restoreRoutesPanes() }
        if traffic.entries.isEmpty {
            notice = Notice(
                traffic.isServing
                    ? "no requests yet: point an app or curl at \(traffic.url ?? "")"
                    : "no requests yet: press S to serve the session")
            return []
        }
        // A send still running shows its response when it ends, as it would have.
        return traffic.shownNumber == nil && run == nil ? showSelectedTraffic() : []
    }

    /// Sets the routes view's response panes aside before an answer from Traffic takes their place (once: Traffic's
    /// answers replace one another, not what the routes showed).
    mutating func setRoutesPanesAside() {
        if case .traffic = shown.origin { return }
        routesPanes = ResponsePanes(shown: shown, parsed: parsed, mapped: mapped, raw: raw, search: search)
    }

    /// Shows the routes view's response panes again in place of Traffic's answer (nothing, when they showed
    /// nothing), stopping the processing of an answer still under way; a response sent or read from history
    /// meanwhile stays.
    mutating func restoreRoutesPanes() -> [Effect] {
        var effects: [Effect] = []
        if let id = traffic.runID, run?.id == id {
            effects.append(.cancel(id: id))
            run = nil
        }
        traffic.runID = nil
        traffic.shownNumber = nil
        let saved = routesPanes ?? ResponsePanes()
        routesPanes = nil
        guard case .traffic = shown.origin else { return effects }
        shown = saved.shown
        parsed = saved.parsed
        mapped = saved.mapped
        raw.topLine = saved.raw.topLine
        raw.topSegment = saved.raw.topSegment
        raw.column = saved.raw.column
        search = saved.search
        // A query stays until cleared: it runs on the response shown again.
        if let query { effects += runQuery(query.query) }
        // Its mapping, when it ended while set aside, is made again.
        if shown.isMapping, let id = shown.id, let document = response.document, let tree = document.tree,
            let route = shown.routeName.flatMap({ session.route(named: $0) })
        {
            let status = document.response.status
            effects.append(.map(responseID: id, tree: tree, status: status, route: route, session: session))
        }
        return effects
    }

    /// Shows or hides the Traffic list, moving the focus off a pane that goes away.
    mutating func showTraffic(_ shown: Bool) {
        traffic.isShown = shown
        if shown, focus == .routes || focus == .request { focus = .traffic }
        if !shown, focus == .traffic || focus == .trafficRequest { focus = .routes }
        keepTrafficInView()
        keepRouteInView()
    }

    /// A request arrived: it goes on top of the list. When the newest row is selected (and no route request is
    /// running, and the request's own pane is not focused), the new one is selected and shown, so the panes follow
    /// the traffic; otherwise the selection stays on the request the user is reading.
    mutating func trafficArrived(_ arrived: TrafficEntry) -> [Effect] {
        var entry = arrived
        traffic.count += 1
        traffic.received += 1
        entry.number = traffic.received
        let follow =
            traffic.selected == 0 && traffic.isShown && focus != .trafficRequest
            && (run == nil || run?.id == traffic.runID)
        traffic.entries.insert(entry, at: 0)
        if traffic.entries.count > TrafficState.capacity { traffic.entries.removeLast() }
        if !follow, traffic.entries.count > 1 {
            traffic.selected = min(traffic.selected + 1, traffic.entries.count - 1)
        }
        keepTrafficInView()
        return follow ? showSelectedTraffic() : []
    }

    /// Commands of the Traffic pane: moving the selection shows the request it lands on.
    mutating func trafficCommand(_ command: Command) -> [Effect] {
        let count = traffic.entries.count
        guard count > 0 else { return [] }
        let page = max(layout.contentHeight(.traffic) - 1, 1)
        let row = traffic.selected
        let target: Int
        switch command {
        case .up: target = row - 1
        case .down: target = row + 1
        case .pageUp: target = row - page
        case .pageDown: target = row + page
        case .top: target = 0
        case .bottom: target = count - 1
        default: return []
        }
        return selectTraffic(target)
    }

    /// Selects the Traffic row `row` (clamped) and shows its request; nothing when it is already shown.
    mutating func selectTraffic(_ row: Int) -> [Effect] {
        guard !traffic.entries.isEmpty else { return [] }
        traffic.selected = min(max(row, 0), traffic.entries.count - 1)
        keepTrafficInView()
        if traffic.selection?.number == traffic.shownNumber { return [] }
        return showSelectedTraffic()
    }

    /// Keeps the selected Traffic row on screen, and the request's rows within their pane.
    mutating func keepTrafficInView() {
        let height = max(layout.contentHeight(.traffic), 1)
        traffic.selected = min(max(traffic.selected, 0), max(traffic.entries.count - 1, 0))
        if traffic.selected < traffic.top { traffic.top = traffic.selected }
        if traffic.selected >= traffic.top + height { traffic.top = traffic.selected - height + 1 }
        traffic.top = max(0, min(traffic.top, max(traffic.entries.count - height, 0)))
        // Counting the request's rows wraps its body: only done when it is scrolled at all.
        if traffic.detailTop > 0 { traffic.detailTop = min(traffic.detailTop, trafficDetailMaxTop) }
    }

    /// Where the selected request's rows go (inside the request pane's place; empty while the list is hidden).
    var trafficDetailArea: Rect {
        guard let rect = layout.rect(for: .trafficRequest) else { return .zero }
        return TrafficPane.detailArea(in: rect)
    }

    /// The last ``TrafficState/detailTop`` that still fills the pane: the request's last row at its bottom.
    var trafficDetailMaxTop: Int {
        guard let entry = traffic.selection else { return 0 }
        let area = trafficDetailArea
        guard !area.isEmpty else { return 0 }
        return max(TrafficPane.rowCount(entry, width: area.width) - area.height, 0)
    }

    /// Commands of the selected request's pane: scrolling its rows.
    mutating func trafficRequestCommand(_ command: Command) -> [Effect] {
        let page = max(trafficDetailArea.height - 1, 1)
        let top = traffic.detailTop
        switch command {
        case .up: scrollTrafficRequest(to: top - 1)
        case .down: scrollTrafficRequest(to: top + 1)
        case .pageUp: scrollTrafficRequest(to: top - page)
        case .pageDown: scrollTrafficRequest(to: top + page)
        case .top: scrollTrafficRequest(to: 0)
        case .bottom: scrollTrafficRequest(to: trafficDetailMaxTop)
        default: break
        }
        return []
    }

    /// Scrolls the selected request so row `top` is its first shown (clamped to its rows).
    mutating func scrollTrafficRequest(to top: Int) {
        traffic.detailTop = min(max(top, 0), trafficDetailMaxTop)
    }

    /// Shows the selected request's answer in the response panes: a near miss as its report, a fault as what
    /// happened, a served body parsed and mapped with the route the request fits (the pipeline a route's response
    /// takes).
    mutating func showSelectedTraffic() -> [Effect] {
        guard let entry = traffic.selection else { return [] }
        traffic.shownNumber = entry.number
        traffic.detailTop = 0
        var effects: [Effect] = []
        if let old = run {
            effects.append(.cancel(id: old.id))
            run = nil
        }
        let id = nextRequestID
        nextRequestID += 1
        guard let response = entry.response else {
            setRoutesPanesAside()
            let error: TransportError =
                entry.nearMiss.map { .noMatch($0) }
                ?? .connection(url: entry.path, detail: "strata serve answered with \(entry.outcome)")
            shown.show(
                .failure(request: entry.request, error: error), id: id, routeName: entry.routeName,
                origin: .traffic(entry.number))
            search = nil
            raw.topLine = 0
            return effects
        }
        let route =
            entry.routeName.flatMap { session.route(named: $0) }
            ?? Route(name: ServeRequest.unroutedName, method: entry.method, path: entry.request.path)
        traffic.runID = id
        run = RunState(id: id, routeName: route.name, summary: "\(entry.method) \(entry.path)", source: source)
        run?.phase = .processing(bytes: response.body.count)
        effects.append(.parse(id: id, request: entry.request, response: response, route: route, session: session))
        return effects
    }
}
