import Strata
import TermGrid

extension ExplorerState {
    /// Applies `action` and returns the effects to run: the only way the explorer's state changes.
    ///
    /// The request draft is brought up to date after every action (it is built again only when its route, edits
    /// or session changed); within an action, changing edits (``setEdits(_:of:)``), the route
    /// (``keepRouteInView()``) or the param selection (``selectParam(_:)``) brings it up to date first.
    package mutating func update(_ action: Action) -> [Effect] {
        let effects = reduce(action)
        refreshDraft()
        if let id = notice?.whileRun, run?.id != id { notice = nil }
        return effects
    }

    /// Applies one action.
    mutating func reduce(_ action: Action) -> [Effect] {
        switch action {
        case .key(let key):
            return handleKey(key)
        case .paste(let text):
            return paste(text)
        case .mouse(let event):
            return handleMouse(event)
        case .resize(let newSize):
            size = newSize
            keepCursorsInView()
            return []
        case .tick(let id, let elapsed):
            if run?.id == id { run?.elapsed = elapsed }
            return []
        case .responseArrived(let id, let request, let result):
            return responseArrived(id: id, request: request, result: result)
        case .transferProgress(let id, let progress):
            return transferProgress(id: id, progress)
        case .partialParsed(let id, let document):
            return partialParsed(id: id, document)
        case .responseParsed(let id, let document):
            guard let current = run, current.id == id else { return [] }
            run = nil
            // The parse just made to show the response serves the chained values read from it (no second parse
            // on the loop when a route using them is selected), unless the session changed meanwhile.
            if current.parsedUnderRevision == sessionRevision {
                latestResponses.keep(document.outcome, of: document.response, route: current.routeName)
            }
            let origin: ShownResponse.Origin =
                if let number = current.historyNumber {
                    .history(number)
                } else if id == traffic.runID, let number = traffic.shownNumber {
                    .traffic(number)
                } else {
                    .send
                }
            if case .traffic = origin { setRoutesPanesAside() }
            install(document, id: id, routeName: current.routeName, origin: origin)
            if let reason = current.keptBecause {
                notice = Notice(
                    "\(reason): kept the \(ByteCount.text(document.response.size)) that arrived (partial)",
                    kind: reason.hasPrefix("cancelled") ? .info : .error)
            }
            // A query stays until cleared: it runs again on the new response; a save W waited for runs now.
            let requery = (query.map { runQuery($0.query) } ?? []) + saveFixtureIfWaiting(for: id)
            // Map after the first frame: Raw and Parsed show while the objects are built.
            let status = document.response.status
            if document.mapping == nil, let tree = document.tree, let route = session.route(named: current.routeName),
                session.responseMapping(of: route, status: status) != nil
            {
                shown.startMapping()
                return requery + [.map(responseID: id, tree: tree, status: status, route: route, session: session)]
            }
            return requery + checkShownResponse()
        case .responseMapped(let id, let mapping):
            guard setMapping(mapping, responseID: id) else { return [] }
            mappingArrived()
            return checkShownResponse()
        case .responseMappedAgain(let id, let mapping):
            guard setMapping(mapping, responseID: id) else { return [] }
            mappingInstalled()
            // Expectations edited in session.json are checked again on the response shown.
            return checkShownResponse()
        case .expectationsChecked(let id, let route, let report):
            return expectationsChecked(report, route: route, responseID: id)
        case .checksKept(let problem):
            if let problem { notice = Notice("the checks' result was not kept: \(problem)", kind: .error) }
            return []
        case .sessionLoaded(let result):
            return sessionLoaded(result)
        case .editorFinished(let problem):
            if let problem {
                notice = Notice(problem, kind: .error)
                return []
            }
            return [.loadSession(path: session.file)]
        case .bodyEdited(let routeName, let text, let problem):
            bodyEdited(routeName: routeName, text: text, problem: problem)
            return []
        case .searchStep:
            return searchStep()
        case .queryFinished(let id, let nodes):
            return queryFinished(id: id, nodes: nodes)
        case .fixtureSaved(let outcome):
            return fixtureSaved(outcome)
        case .editsSaved(let routeName, let outcome):
            return editsSaved(routeName: routeName, outcome)
        case .exported(let outcome):
            return exported(outcome)
        case .trustRecorded(let file, let problem):
            trustRecorded(file: file, problem: problem)
            return []
        case .historyListed(let route, let entries):
            historyListed(route: route, entries: entries)
            return []
        case .historyEntryLoaded(let purpose, let result):
            return historyEntryLoaded(purpose, result)
        case .historyNotKept(let error):
            notice = Notice("the response was not kept: \(error)", kind: .error)
            return []
        case .historyDiffed(let number, let result):
            historyDiffed(number: number, result)
            return []
        case .trafficArrived(let entry):
            return trafficArrived(entry)
        case .servingChanged(let url, let problem, let generation):
            servingChanged(url: url, problem: problem, generation: generation)
            return []
        }
    }

    /// Puts `mapping` on the shown response when it is response `id`; false when another response is shown.
    mutating func setMapping(_ mapping: MappedDocument?, responseID id: Int) -> Bool {
        shown.setMapping(mapping, id: id)
    }

    /// A key: Ctrl-C quits from anywhere; a text field being edited takes every other key; then the overlay; then
    /// the focused pane's table and the global one.
    mutating func handleKey(_ key: Key) -> [Effect] {
        notice = nil
        if key == .ctrl("c") { return quit() }
        if editor != nil { return editKey(key) }
        if let overlay {
            guard let command = KeyMap.command(for: key, in: overlay.keyContext) else { return [] }
            return overlayCommand(command, overlay)
        }
        guard let command = KeyMap.paneCommand(for: key, in: focus.keyContext) else {
            unboundKey(key)
            return []
        }
        return perform(command)
    }

    /// A key no table binds in the focused pane: swallowed, with a hint.
    mutating func unboundKey(_ key: Key) {
        notice = Notice("\(key.label) does nothing in \(focus.title) (? lists the keys)")
    }

    /// Marks the explorer finished, cancelling a request in flight.
    mutating func quit() -> [Effect] {
        isFinished = true
        if let run {
            self.run = nil
            return [.cancel(id: run.id)]
        }
        return []
    }

    /// Runs a command from a pane's or the global table.
    mutating func perform(_ command: Command) -> [Effect] {
        switch command {
        case .quit: return quit()
        case .help:
            overlay = .help(scroll: 0)
            return []
        case .nextPane:
            cycleFocus(by: 1)
            return []
        case .previousPane:
            cycleFocus(by: -1)
            return []
        case .run: return startRun()
        case .toggleSource:
            source = source.toggled
            notice = Notice(
                source == .mock
                    ? "source: mock (fixtures in \(session.fixturesDirectory))"
                    : "source: live (requests go to the API)")
            return serveAgain()
        case .reload:
            return [.loadSession(path: session.file)]
        case .editSession:
            return [.editFile(path: session.file)]
        case .pickEnvironment:
            return pickEnvironment()
        case .showCode:
            return showCode(codeLanguage)
        case .showIssues:
            return showIssues()
        case .showChecks:
            return showChecks()
        case .showHistory:
            return showHistory()
        case .copyMenu:
            return openCopyMenu()
        case .saveFixture:
            return saveFixture()
        case .showRaw: return showPane(.raw)
        case .showParsed: return showPane(.parsed)
        case .showMapped: return showPane(.mapped)
        case .cancel: return cancel()
        case .redraw: return [.redraw]
        case .toggleServing: return toggleServing()
        case .toggleTraffic: return toggleTraffic()
        default:
            if case .failure = response, focus.isResponsePane { return scrollFailure(command) }
            // From the request or Traffic panes, `/` searches the response pane shown last.
            if command == .search, !focus.isResponsePane { return searchCommand(.search, in: tab) }
            switch focus {
            case .routes: return routesCommand(command)
            case .request: return requestCommand(command)
            case .raw: return rawCommand(command)
            case .parsed: return parsedCommand(command)
            case .mapped: return mappedCommand(command)
            case .traffic: return trafficCommand(command)
            case .trafficRequest: return trafficRequestCommand(command)
            }
        }
    }

    /// Focuses a response pane (and shows its tab on narrow screens).
    mutating func showPane(_ pane: Pane) -> [Effect] {
        focus = pane
        tab = pane
        return []
    }

    /// Tab and Shift-Tab: the next or previous pane, showing response panes as tabs on narrow screens. The
    /// Traffic list and its selected request take the places of the routes and the request while they are shown.
    mutating func cycleFocus(by step: Int) {
        let all: [Pane] =
            traffic.isShown
            ? [.traffic, .trafficRequest, .raw, .parsed, .mapped] : [.routes, .request, .raw, .parsed, .mapped]
        let next = all[((all.firstIndex(of: focus) ?? 0) + step + all.count) % all.count]
        focus = next
        if next.isResponsePane { tab = next }
    }

    /// Esc: cancel the running request, else clear the search, else the query, else the route filter.
    mutating func cancel() -> [Effect] {
        if let run {
            // What arrived so far stays, marked partial; the transfer stops either way.
            if let keep = keepPartial(because: "cancelled \(run.summary)") { return [.cancel(id: run.id)] + keep }
            self.run = nil
            notice = Notice("cancelled \(run.summary)")
            return [.cancel(id: run.id)]
        }
        if search != nil {
            search = nil
            return []
        }
        if query != nil { return clearQuery() }
        if !routeFilter.isEmpty {
            routeList.setFilter("")
            keepRouteInView()
        }
        return []
    }

    /// Scrolls the failure report (it uses the Raw pane's scroll).
    mutating func scrollFailure(_ command: Command) -> [Effect] {
        let page = max(layout.response.height - 3, 1)
        switch command {
        case .up: raw.topLine = max(raw.topLine - 1, 0)
        case .down: raw.topLine += 1
        case .pageUp: raw.topLine = max(raw.topLine - page, 0)
        case .pageDown: raw.topLine += page
        case .top: raw.topLine = 0
        default: break
        }
        return []
    }

    /// Scrolls every pane so its selection stays visible at the current size.
    mutating func keepCursorsInView() {
        keepRouteInView()
        keepParamInView()
        keepTrafficInView()
        if let tree = response.document?.tree {
            parsed.normalize(in: tree, height: parsedHeight)
        }
        if let outline = mappedOutline {
            mapped.normalize(in: outline, height: mappedHeight)
        }
        clampRaw()
    }
}
