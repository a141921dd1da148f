import Strata

extension ExplorerState {
    /// What a live request has received so far: the status line shows it, and a body of events or lines
    /// (`text/event-stream`, `application/x-ndjson`) is parsed and shown as it grows.
    mutating func transferProgress(id: Int, _ progress: TransferProgress) -> [Effect] {
        guard var current = run, current.id == id, !current.isProcessing
        else { return [] }
        var arriving =
            current.arriving.flatMap { $0.hop == progress.hop ? $0 : nil }
            ?? RunState.Arriving(hop: progress.hop, status: progress.status, headers: progress.headers)
        arriving.status = progress.status
        arriving.headers = progress.headers
        arriving.body += progress.chunk
        arriving.transferred = progress.transferred
        arriving.expected = progress.expected
        current.arriving = arriving
        current.phase = .receiving
        run = current
        return parsePartialIfDue()
    }

    /// Starts a parse of the events or lines that have fully arrived, when the body streams them, none is running
    /// and more have arrived since the last one.
    mutating func parsePartialIfDue() -> [Effect] {
        guard let current = run, var arriving = current.arriving, !arriving.parsing, let request = current.request,
            StreamingBody.format(of: arriving.headers["Content-Type"]) != nil,
            let route = session.route(named: current.routeName)
        else { return [] }
        let complete = StreamingBody.completePrefix(arriving.body)
        guard complete.count > arriving.parsedBytes else { return [] }
        arriving.parsing = true
        arriving.parsedBytes = complete.count
        run?.arriving = arriving
        let response = arriving.response(elapsed: current.elapsed, request: request, body: complete)
        return [.parsePartial(id: current.id, request: request, response: response, route: route, session: session)]
    }

    /// The events or lines that have arrived, parsed: shown in place of the previous ones, the selection following
    /// the newest event when it was on the last one (or still on the list itself).
    mutating func partialParsed(id: Int, _ document: ResponseDocument) -> [Effect] {
        // Once the whole response (or the part kept) is being processed, a late partial parse is stale.
        guard let current = run, current.id == id, !current.isProcessing, current.arriving?.parsing == true else {
            return []
        }
        run?.arriving?.parsing = false
        if responseID != id {
            install(document, id: id, routeName: current.routeName)
        } else {
            let old = response.document?.tree
            let following =
                parsed.selected == Tree.root
                || old.map { tree in tree.lastChild(Tree.root).map { parsed.selected >= $0 } ?? true } ?? true
            shown.update(document)
            if following, let tree = document.tree, let last = tree.lastChild(Tree.root) {
                parsed.reveal(last, in: tree, height: parsedHeight)
                syncFromParsed()
            }
        }
        return parsePartialIfDue()
    }

    /// When a running request stops early (`because` says why) after part of its body arrived: parse and show
    /// that part, marked partial, instead of losing it. Nil when nothing arrived.
    mutating func keepPartial(because reason: String) -> [Effect]? {
        guard var current = run, let arriving = current.arriving, !arriving.body.isEmpty,
            let request = current.request, let route = session.route(named: current.routeName)
        else { return nil }
        current.phase = .processing(bytes: arriving.body.count)
        current.arriving = nil
        current.keptBecause = reason
        run = current
        let response = arriving.response(elapsed: current.elapsed, request: request, body: arriving.body)
        return [.parse(id: current.id, request: request, response: response, route: route, session: session)]
    }
}

extension RunState {
    /// True once the response (or the part of it kept) is being parsed: late reports are ignored.
    var isProcessing: Bool {
        if case .processing = phase { return true }
        return false
    }
}
