import Strata
import TermGrid

/// Everything the explorer shows and remembers: one value, changed only by ``update(_:)``.
///
/// Rendering reads it (``ExplorerView/render(_:)``); effects it asks for (``Effect``) run elsewhere and come back
/// as ``Action``s. Nothing here touches a terminal, a file or the network.
package struct ExplorerState: Sendable {
    /// The session being explored.
    package internal(set) var session: Session {
        didSet {
            sessionRevision &+= 1
            // How a route's response is parsed may have changed with the session (its parsers, a route's format).
            latestResponses.forgetParses()
            routeList.setRoutes(session.routes)
        }
    }
    /// Counts session changes, so the draft knows when to be built again.
    private(set) var sessionRevision = 0
    /// The environment `${env:...}` templates read.
    package let environment: [String: String]
    /// The terminal size.
    package var size: Size
    /// The focused pane.
    package var focus: Pane = .routes
    /// The response pane shown when the screen is too narrow for all three (below 120 columns).
    package var tab: Pane = .parsed
    /// Where requests go.
    package var source: SourceMode = .mock

    /// The route filter, the routes it lets through, the selected route and the first row shown.
    package internal(set) var routeList: RouteList
    /// The route filter (name or path, ignoring case); empty shows every route.
    package var routeFilter: String { routeList.filter }
    /// The routes the filter lets through, in session order (kept up to date as the filter or session changes).
    package var visibleRoutes: [Route] { routeList.visible }
    /// The selected route's name.
    package var routeName: String? { routeList.selectedName }
    /// The first route row shown.
    package var routeTop: Int {
        get { routeList.top }
        set { routeList.top = newValue }
    }

    /// The param edits, the selected route's draft and the selected param row.
    package internal(set) var requestEditor = RequestEditor()
    /// The user's param edits, per route name, applied in order.
    package var edits: [String: [ParamEdit]] { requestEditor.edits }
    /// Body text typed in `$EDITOR` that did not parse, per route name: the next `B` opens it again, not the body.
    package internal(set) var refusedBodies: [String: String] = [:]
    /// The text the last `B` opened in the editor, per route name, to tell an unchanged body from an edit.
    var openedBodies: [String: String] = [:]
    /// The response `W` is waiting for: a stream still arriving is saved as a fixture when it has all arrived.
    package internal(set) var saveFixtureWhenComplete: Int?
    /// The selected route's request with the user's edits (or why it cannot be built), built by the reducer once
    /// each time the route, its edits, the value being typed or the session change.
    package var draft: RequestDraft? { requestEditor.draft }
    /// The selected param row.
    package var paramSelection: Int { requestEditor.selection }
    /// The first param row shown.
    package var paramTop: Int { requestEditor.top }
    /// Whether the request pane lists headers and the body below the params.
    package var showRequestDetails = false

    /// The request in flight, if any.
    package var run: RunState?
    /// The id the next request gets.
    package var nextRequestID = 1
    /// The response shown (kept on screen while the next one runs), what it answered and where it came from.
    package internal(set) var shown = ShownResponse()
    /// The last response (kept on screen while the next one runs).
    package var response: ResponseArea { shown.area }
    /// The id of the request whose response is shown.
    package var responseID: Int? { shown.id }
    /// The route the shown response was for.
    package var responseRouteName: String? { shown.routeName }
    /// The history entry the shown response was read from, or nil for a response of a send or from Traffic.
    package var shownHistoryEntry: Int? { shown.historyEntry }
    /// The latest response of each route run this session: what `${response:ROUTE:QUERY}` values read.
    package private(set) var latestResponses = LatestResponses() {
        didSet { responsesRevision &+= 1 }
    }
    /// Counts new responses, so a draft reading one is built again.
    private var responsesRevision = 0

    /// How the last response of each route sent from here fared against the route's expectations, by route name.
    package internal(set) var checkReports: [String: ExpectationReport] = [:]

    /// Whether the shown response is being mapped (the Mapped pane says so meanwhile).
    package var isMapping: Bool { shown.isMapping }

    /// The Parsed pane's selection, scroll and folds.
    package var parsed = OutlineCursor()
    /// The Mapped pane's selection, scroll and folds.
    package var mapped = OutlineCursor()
    /// The Raw pane's scroll and toggles.
    package var raw = RawViewState()
    /// The search in the Parsed pane.
    package var search: SearchState?
    /// The JSONPath query in the Parsed pane.
    package var query: QueryState?
    /// The id the next query run gets.
    package var nextQueryID = 1

    /// Serving over HTTP and the Traffic list.
    package var traffic = TrafficState()
    /// The response panes as the routes view left them, while the Traffic list shows its answers in their place.
    package var routesPanes: ResponsePanes?

    /// The language `y` shows the request in and `Y c` copies it in (curl until another is picked).
    package var codeLanguage = CodeLanguage.curl

    /// The overlay on top, if any.
    package var overlay: Overlay?
    /// The fingerprints the user trusted this run (`y` to the trust question): a reloaded session with one of them
    /// is trusted still, even when the trust file could not be written.
    package var trustedThisRun: Set<String> = []
    /// Which issues the `i` list shows (`e`, `w`, `a` in the list); kept between openings.
    package var issueFilter: SeverityFilter = .info
    /// The text field being edited, if any.
    package var editor: FieldEditor?
    /// The status-bar message until the next key.
    package var notice: Notice?
    /// Set when the explorer should exit.
    package var isFinished = false

    /// A state for `session` on a terminal of `size`, with the first route selected; chained values of routes not
    /// run yet read `earlierResponses` (a history of earlier runs), when given.
    package init(
        session: Session, size: Size, environment: [String: String] = [:],
        earlierResponses: (any ResponseLookup)? = nil
    ) {
        self.session = session
        self.latestResponses = LatestResponses(fallback: earlierResponses)
        self.size = size
        self.environment = environment
        self.routeList = RouteList(session.routes)
        refreshDraft()
        askTrustIfNeeded()
    }

    /// The selected route, when it passes the filter.
    package var route: Route? { routeList.selected }

    /// Builds ``draft`` again when what it depends on changed since it was built; otherwise does nothing.
    ///
    /// While a param's value is being typed, the draft already uses as much of the text as the screen can show, so
    /// the URL follows the typing at a cost per key that does not grow with the value.
    mutating func refreshDraft() {
        var typing: RequestEditor.Typing? = nil
        if case .paramValue(let name)? = editor?.purpose, let text = editor?.field.text {
            // The URL title shows a row's width of it; the headers and body, when shown, less than the screen.
            let limit = max(size.width, 1) * (showRequestDetails ? max(size.height, 1) : 1)
            typing = RequestEditor.Typing(name: name, text: text, limit: limit)
        }
        let context = RequestEditor.Context(
            session: session, sessionRevision: sessionRevision, environment: environment,
            responses: latestResponses, responsesRevision: responsesRevision)
        requestEditor.refresh(route: route, typing: typing, context: context)
    }

    /// Replaces the edits of route `routeName` with `list` and builds the draft again.
    mutating func setEdits(_ list: [ParamEdit], of routeName: String) {
        requestEditor.setEdits(list, of: routeName)
        refreshDraft()
    }

    /// Remembers `response` as the latest of route `routeName` (for the chained values of later requests) and
    /// builds the draft again.
    mutating func rememberResponse(_ response: Response, routeName: String) {
        latestResponses.record(response, route: routeName)
        refreshDraft()
    }

    /// The key table in charge: a text field's, an overlay's, or the focused pane's.
    package var keyContext: KeyContext {
        if editor != nil { return .textField }
        if let overlay { return overlay.keyContext }
        return focus.keyContext
    }

    /// Whether the screen is too narrow for three response panes side by side.
    package var isNarrow: Bool { size.width < ExplorerLayout.wideWidth }

    /// The response pane shown in the narrow layout, or all three.
    package func isShown(_ pane: Pane) -> Bool {
        !pane.isResponsePane || !isNarrow || tab == pane
    }

    /// Whether the program loop should wake regularly (a spinner is running).
    package var needsTicks: Bool { run != nil }
}
