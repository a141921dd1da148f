import Strata

/// Work the reducer asks for; the program loop runs it off the UI thread and reports back with an ``Action``.
///
/// Effects compare with `==` so reducer tests can state the effects they expect. Values that are large or not
/// comparable themselves compare by what identifies them: a session by its file and text, a route by its name, a
/// tree by its bytes and node count.
package enum Effect: Sendable, Equatable {
    /// Send `request` through the host's `source` (mock or live); reply with ``Action/responseArrived``.
    case send(id: Int, request: BuiltRequest, source: SourceMode)
    /// Stop request `id` (its task is cancelled; no reply is expected).
    case cancel(id: Int)
    /// Parse and index a response (the pipeline's parse stage); reply with ``Action/responseParsed``.
    case parse(id: Int, request: BuiltRequest, response: Response, route: Route, session: Session)
    /// Parse the body of running request `id` that has arrived so far (events and lines streaming in); reply with
    /// ``Action/partialParsed``. The request keeps running.
    case parsePartial(id: Int, request: BuiltRequest, response: Response, route: Route, session: Session)
    /// Map a parsed response with `status` for the first time (the pipeline's map stage, which picks the route's
    /// `map` or `errorMap` by the status); reply with ``Action/responseMapped``.
    case map(responseID: Int, tree: Tree, status: Int, route: Route, session: Session)
    /// Map the shown response again with a reloaded session and mark what changed against `previous` (the mapping
    /// shown until now); reply with ``Action/responseMappedAgain``.
    case mapAgain(responseID: Int, tree: Tree, status: Int, route: Route, session: Session, previous: MappingResult?)
    /// Check `response` (parsed and mapped as shown) against `route`'s expectations off the loop (a JSONPath may walk a
    /// large body); reply with ``Action/expectationsChecked(responseID:route:report:)``.
    case checkExpectations(
        responseID: Int, route: Route, response: Response, parsed: ParseOutcome, mapping: MappingOutcome?)
    /// Keep `report` as route `route`'s last checks in `session`'s `.strata/checks.json` (where the host keeps them);
    /// reply with ``Action/checksKept(problem:)``.
    case keepChecks(route: String, report: ExpectationReport, session: Session)
    /// Read the session file again; reply with ``Action/sessionLoaded``.
    case loadSession(path: String)
    /// Suspend the screen, run `$EDITOR` on `file`, resume; reply with ``Action/editorFinished``.
    case editFile(path: String)
    /// Write `text` (a JSON body with placeholders) to a temporary file, run `$EDITOR` on it, read it back; reply
    /// with ``Action/bodyEdited``.
    case editBody(routeName: String, text: String)
    /// Dispatch ``Action/searchStep`` after pending input (keeps long searches from blocking keys).
    case continueSearch
    /// Redraw the whole screen (after it was disturbed).
    case redraw
    /// Run a JSONPath query over `tree` off the loop; reply with ``Action/queryFinished``.
    case runQuery(id: Int, query: JSONPathQuery, tree: Tree)
    /// Write `response` as a fixture pair for `request` through the session's fixture writer; reply with
    /// ``Action/fixtureSaved``.
    case saveFixture(request: BuiltRequest, response: Response, session: Session, overwrite: Bool)
    /// Write route `routeName`'s `edits` into session.json (secrets that `request` carries scrubbed out), then read
    /// the session again; reply with ``Action/editsSaved``.
    case saveEdits(routeName: String, edits: [ParamEdit], request: BuiltRequest?, session: Session)
    /// Put `text` (already scrubbed) on the clipboard through the terminal (OSC 52).
    case copyToClipboard(String)
    /// Write a copy too large for the clipboard to a file; reply with ``Action/exported(_:)``.
    case exportText(TextExport)
    /// Record `trust` in the host's trust store; reply with ``Action/trustRecorded(file:problem:)``.
    case recordTrust(SessionTrust)
    /// Stop query run `id` (its task is cancelled; its late result is ignored).
    case cancelQuery(id: Int)
    /// Read the history's entries of `route` (every route's when nil); reply with ``Action/historyListed``.
    case listHistory(route: String?)
    /// Read history entry `number` for `purpose`; reply with ``Action/historyEntryLoaded``.
    case loadHistoryEntry(number: Int, purpose: HistoryPurpose)
    /// Read history entry `number`, parse it as `session` parses its route's responses, and diff it against
    /// `current` (the shown response's tree); reply with ``Action/historyDiffed``.
    case diffHistory(number: Int, current: Tree, session: Session)
    /// Serve `session` over HTTP from `source` on `address` through the host's server (stopping what it served);
    /// reply with ``Action/servingChanged(url:problem:generation:)`` carrying `generation`, then
    /// ``Action/trafficArrived(_:)`` for each request. Starts and stops run one at a time, in the order asked.
    case startServing(address: ServeAddress, source: SourceMode, session: Session, generation: Int)
    /// Stop serving (after the requests in flight, off the loop); no reply (the reducer already stopped showing it).
    case stopServing

    /// Whether `a` and `b` ask for the same work. Every case is listed, so a new one does not compile until it says
    /// how it compares.
    package static func == (a: Effect, b: Effect) -> Bool {
        switch a {
        case .send(let i, let r, let s):
            guard case .send(let j, let q, let t) = b else { return false }
            return i == j && r == q && s == t
        case .cancel(let i):
            guard case .cancel(let j) = b else { return false }
            return i == j
        case .parse(let i, let r, let p, let route, let s):
            guard case .parse(let j, let q, let o, let other, let t) = b else { return false }
            return i == j && r == q && p == o && route.name == other.name && same(s, t)
        case .parsePartial(let i, let r, let p, let route, let s):
            guard case .parsePartial(let j, let q, let o, let other, let t) = b else { return false }
            return i == j && r == q && p == o && route.name == other.name && same(s, t)
        case .map(let i, let tree, let status, let route, let s):
            guard case .map(let j, let other, let code, let r, let t) = b else { return false }
            return i == j && same(tree, other) && status == code && route.name == r.name && same(s, t)
        case .mapAgain(let i, let tree, let status, let route, let s, let p):
            guard case .mapAgain(let j, let other, let code, let r, let t, let q) = b else { return false }
            return i == j && same(tree, other) && status == code && route.name == r.name && same(s, t)
                && p?.values.count == q?.values.count && p?.issues == q?.issues
        case .checkExpectations(let i, let route, let response, _, _):
            guard case .checkExpectations(let j, let other, let answer, _, _) = b else { return false }
            return i == j && route.name == other.name && response == answer
        case .keepChecks(let r, let report, let s):
            guard case .keepChecks(let q, let other, let t) = b else { return false }
            return r == q && report == other && same(s, t)
        case .loadSession(let p):
            guard case .loadSession(let q) = b else { return false }
            return p == q
        case .editFile(let p):
            guard case .editFile(let q) = b else { return false }
            return p == q
        case .editBody(let r, let t):
            guard case .editBody(let q, let u) = b else { return false }
            return r == q && t == u
        case .continueSearch:
            guard case .continueSearch = b else { return false }
            return true
        case .redraw:
            guard case .redraw = b else { return false }
            return true
        case .runQuery(let i, let q, let tree):
            guard case .runQuery(let j, let r, let other) = b else { return false }
            return i == j && q.text == r.text && same(tree, other)
        case .cancelQuery(let i):
            guard case .cancelQuery(let j) = b else { return false }
            return i == j
        case .startServing(let x, let m, let s, let g):
            guard case .startServing(let y, let n, let t, let h) = b else { return false }
            return x == y && m == n && same(s, t) && g == h
        case .stopServing:
            guard case .stopServing = b else { return false }
            return true
        case .copyToClipboard(let x):
            guard case .copyToClipboard(let y) = b else { return false }
            return x == y
        case .exportText(let x):
            guard case .exportText(let y) = b else { return false }
            return x == y
        case .recordTrust(let x):
            guard case .recordTrust(let y) = b else { return false }
            return x == y
        case .saveEdits(let n, let e, let r, let s):
            guard case .saveEdits(let m, let f, let q, let t) = b else { return false }
            return n == m && e == f && r == q && same(s, t)
        case .saveFixture(let r, let p, let s, let o):
            guard case .saveFixture(let q, let x, let t, let w) = b else { return false }
            return r == q && p == x && same(s, t) && o == w
        case .listHistory(let r):
            guard case .listHistory(let q) = b else { return false }
            return r == q
        case .loadHistoryEntry(let n, let p):
            guard case .loadHistoryEntry(let m, let q) = b else { return false }
            return n == m && p == q
        case .diffHistory(let n, let tree, let s):
            guard case .diffHistory(let m, let other, let t) = b else { return false }
            return n == m && same(tree, other) && same(s, t)
        }
    }

    /// Two trees are the same when they hold as many nodes over the same bytes.
    private static func same(_ a: Tree, _ b: Tree) -> Bool {
        a.count == b.count && a.source == b.source
    }

    /// Two sessions are the same when they were read from the same file with the same text, and are trusted
    /// alike.
    private static func same(_ a: Session, _ b: Session) -> Bool {
        a.file == b.file && a.document.source == b.document.source && a.isTrusted == b.isTrusted
    }
}
