import Strata

extension ExplorerState {
    /// `r`: sends the selected route's request (cancelling one still running).
    mutating func startRun() -> [Effect] {
        guard let draft else {
            notice = Notice(
                session.routes.isEmpty ? "the session has no routes" : "no route selected (clear the filter with Esc)",
                kind: .error)
            return []
        }
        guard let request = draft.request else {
            notice = Notice("cannot send: \(draft.error?.message ?? "the request is incomplete")", kind: .error)
            return []
        }
        if let exposure = untrustedExposure(of: request) {
            overlay = .trust(TrustQuestion(session, exposure: exposure, then: .send))
            return []
        }
        var effects: [Effect] = []
        if let old = run { effects.append(.cancel(id: old.id)) }
        let id = nextRequestID
        nextRequestID += 1
        run = RunState(
            id: id, routeName: draft.route.name, summary: "\(request.method) \(request.redactedLocation().path)",
            source: source, request: request)
        effects.append(.send(id: id, request: request, source: source))
        return effects
    }

    /// A response or an error for request `id`: parse it off the loop, or show why there is none.
    mutating func responseArrived(
        id: Int, request: BuiltRequest, result: Result<Response, TransportError>
    ) -> [Effect] {
        // A request whose partial body is being kept is done with its transfer.
        guard let current = run, current.id == id, !current.isProcessing else { return [] }
        switch result {
        case .success(let response):
            run?.phase = .processing(bytes: response.body.count)
            let revision = sessionRevision
            run?.parsedUnderRevision = revision
            rememberResponse(response, routeName: current.routeName)
            guard let route = session.route(named: current.routeName) else {
                run = nil
                notice = Notice("route '\(current.routeName)' is gone from the session", kind: .error)
                return []
            }
            return [.parse(id: id, request: request, response: response, route: route, session: session)]
        case .failure(.cancelled):
            run = nil
            return []
        case .failure(let error):
            if case .noMatch = error {
            } else if let keep = keepPartial(because: request.redacting(error.description)) {
                return keep
            }
            run = nil
            shown.show(.failure(request: request, error: error), id: id, routeName: current.routeName, origin: .send)
            search = nil
            if case .noMatch = error {
                notice = Notice("no fixture matches \(current.summary)", kind: .error)
            } else {
                notice = Notice(request.redacting(error.description), kind: .error)
            }
            return []
        }
    }

    /// Shows a processed response, keeping the Parsed selection when the new tree has a node at the same path.
    mutating func install(
        _ document: ResponseDocument, id: Int, routeName: String, origin: ShownResponse.Origin = .send
    ) {
        let previousPath: TreePath? = response.document.flatMap { old in
            old.tree.map { old.memo.path(min(parsed.selected, $0.count - 1), in: $0) }
        }
        let sameRoute = responseRouteName == routeName
        shown.show(.document(document), id: id, routeName: routeName, origin: origin)
        search = nil
        raw.topLine = 0
        raw.topSegment = 0
        raw.column = 0
        parsed = OutlineCursor()
        mapped = OutlineCursor()
        if let tree = document.tree {
            if sameRoute, let previousPath, let node = tree.node(at: previousPath) {
                parsed.reveal(node, in: tree, height: parsedHeight)
                syncFromParsed()
            }
        } else if let error = document.outcome.error {
            notice = Notice("the body does not parse as \(document.outcome.parser): \(error)", kind: .error)
        }
        if let parser = document.outcome.withheldParser, notice == nil {
            // The outcome's note, shorter, so the status line has room for what to do.
            notice = Notice(
                "shown as text: \(session.directory) is not trusted to run its parser '\(parser)' (R asks; or "
                    + "\(session.trustCommand))")
        } else if let note = document.outcome.note, notice == nil {
            notice = Notice(note)
        }
    }

    /// A reloaded session: keep the route, edits and selection; map the last response again. A session that
    /// fails to load is reported and the previous one kept.
    mutating func sessionLoaded(_ result: Result<Session, SessionError>) -> [Effect] {
        switch result {
        case .failure(let error):
            overlay = .message(
                title: "session.json did not load: keeping the previous session",
                lines: error.diagnostics.map(\.description), scroll: 0)
            return []
        case .success(let loaded):
            // The environment in use stays chosen when the reloaded file still has it.
            var fresh = (try? loaded.applying(environment: session.activeEnvironment)) ?? loaded
            // Trusted this run, for what it names now: trusted still (the trust file may not have been written).
            if trustedThisRun.contains(fresh.trust.fingerprint) { fresh.isTrusted = true }
            session = fresh
            requestEditor.keepEdits { fresh.route(named: $0) != nil }
            if routeName.flatMap({ fresh.route(named: $0) }) == nil {
                routeList.select(fresh.routes.first?.name)
            }
            keepRouteInView()
            keepParamInView()
            notice = Notice("reloaded \(fresh.file)")
            askTrustIfNeeded()
            if let id = responseID, let document = response.document, let tree = document.tree,
                let name = responseRouteName, let route = fresh.route(named: name)
            {
                return [
                    .mapAgain(
                        responseID: id, tree: tree, status: document.response.status, route: route, session: fresh,
                        previous: document.mapping?.result)
                ] + serveAgain()
            }
            return serveAgain()
        }
    }
}
