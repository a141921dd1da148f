import Strata

/// The request as the user edits it: every route's param edits, the selected route's draft, the selected param row.
///
/// The draft is built in one place, ``refresh(route:typing:context:)``, and only when what it is built from
/// changed. While a param's value is typed, the draft is built from as much of the text as the screen can show
/// (``Typing/limit``), so a key costs the same however long the value grows; accepting it builds the whole.
package struct RequestEditor: Sendable {
    /// The user's param edits, per route name, applied in order.
    package private(set) var edits: [String: [ParamEdit]] = [:]
    /// The selected route's request with its edits (or why it cannot be built).
    package private(set) var draft: RequestDraft?
    /// How many drafts were built: typing a long value must not build one per key once the screen is full.
    package private(set) var draftBuilds = 0
    /// The selected param row.
    package private(set) var selection = 0
    /// The first param row shown.
    package private(set) var top = 0
    /// What ``draft`` was built from.
    private var inputs: Inputs?

    /// What a draft reads besides its route and edits, with counters that say when the session or the responses
    /// changed (comparing those whole would cost more than building the draft).
    struct Context {
        var session: Session
        var sessionRevision: Int
        var environment: [String: String]
        var responses: LatestResponses
        var responsesRevision: Int
    }

    /// A param value being typed: the param, the text so far, and how many of its scalars the screen can show.
    struct Typing {
        var name: String
        var text: String
        /// Scalars of the value the request pane can show: its URL title is one row, and the URL is the same up to
        /// there when the value is cut after as many scalars (each is at least one character of a URL); its headers
        /// and body, when shown, take fewer cells than the screen has. A template in the part cut off (`${env:…}`)
        /// is read when the value is accepted.
        var limit: Int

        /// The text, cut to ``limit`` scalars.
        var shown: String {
            // At most `limit` bytes is at most `limit` scalars: the common case costs no walk.
            guard text.utf8.count > limit else { return text }
            return String(Substring(text.unicodeScalars.prefix(limit)))
        }
    }

    /// What the draft depends on: the route, the edits in force (with the value being typed), the session.
    private struct Inputs: Equatable {
        var routeName: String
        var edits: [ParamEdit]
        var sessionRevision: Int
        var responsesRevision: Int
    }

    /// Builds ``draft`` for `route` again when what it depends on changed since it was built; otherwise does
    /// nothing. A value being typed is in the draft already (cut to what shows), so the URL follows the typing.
    mutating func refresh(route: Route?, typing: Typing?, context: Context) {
        guard let route else {
            draft = nil
            inputs = nil
            return
        }
        var list = edits[route.name] ?? []
        if let typing { list = list.settingValue(of: typing.name, to: typing.shown) }
        let inputs = Inputs(
            routeName: route.name, edits: list, sessionRevision: context.sessionRevision,
            responsesRevision: context.responsesRevision)
        guard inputs != self.inputs else { return }
        self.inputs = inputs
        draftBuilds += 1
        draft = RequestDraft(
            session: context.session, route: route, edits: list, environment: context.environment,
            responses: context.responses)
    }

    /// Replaces the edits of route `routeName` with `list` (kept even when empty: the route was edited back).
    mutating func setEdits(_ list: [ParamEdit], of routeName: String) {
        edits[routeName] = list
    }

    /// Forgets the edits of every route `keep` says no to (routes a reloaded session no longer has).
    mutating func keepEdits(where keep: (String) -> Bool) {
        edits = edits.filter { keep($0.key) }
    }

    /// Selects param row `row`, clamped to the draft's params, and scrolls so it is among the `rowsShown` shown.
    mutating func select(_ row: Int, rowsShown: Int) {
        let count = draft?.params.count ?? 0
        selection = min(max(row, 0), max(count - 1, 0))
        if selection < top { top = selection }
        if selection >= top + rowsShown { top = selection - rowsShown + 1 }
        top = max(0, min(top, max(count - rowsShown, 0)))
    }

    /// Selects the first param, scrolled to the top (another route was selected).
    mutating func selectFirst() {
        selection = 0
        top = 0
    }
}

extension [ParamEdit] {
    /// The edits with param `name` set to `value`, or back to its declared value when `value` is nil: earlier
    /// values and removals of `name` are dropped, placement edits stay, and the new value goes where `location`
    /// says, else where an earlier value of `name` went (an added param keeps where it was put).
    func settingValue(of name: String, to value: String?, location: ParamLocation? = nil) -> [ParamEdit] {
        var place = location
        if place == nil { for case .set(name, _, let l) in self { place = l } }
        var list = self
        list.removeAll {
            switch $0 {
            case .set(name, _, _), .remove(name): true
            default: false
            }
        }
        if let value { list.append(.set(name: name, value: value, location: place)) }
        return list
    }
}
