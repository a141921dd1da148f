import Strata

/// The route list: the filter, the routes it lets through, the selected route's name and the first row shown.
///
/// The routes shown follow the filter and the session's routes through its mutators, so they are never out of
/// date.
package struct RouteList: Sendable {
    /// The filter (name or path, ignoring case); empty shows every route.
    package private(set) var filter = ""
    /// The routes the filter lets through, in session order.
    package private(set) var visible: [Route]
    /// The routes' lower-cased names and paths, made once per session so filtering does not lower-case them again.
    private var index: RouteFilterIndex
    /// The selected route's name.
    package private(set) var selectedName: String?
    /// The first route row shown.
    package var top = 0

    /// The list of `routes`, unfiltered, with the first selected.
    init(_ routes: [Route]) {
        index = RouteFilterIndex(routes)
        visible = routes
        selectedName = routes.first?.name
    }

    /// The selected route, when it passes the filter.
    var selected: Route? {
        guard let selectedName else { return nil }
        return visible.first { $0.name == selectedName }
    }

    /// Takes the routes of a new or reloaded session, filtered as before.
    mutating func setRoutes(_ routes: [Route]) {
        index = RouteFilterIndex(routes)
        visible = index.routes(matching: filter)
    }

    /// Filters by `text`; typing more of the same filter looks only at the routes still shown.
    mutating func setFilter(_ text: String) {
        guard text != filter else { return }
        visible = index.routes(matching: text, narrowing: (filter, visible))
        filter = text
    }

    /// Selects the route called `name` (nil: none).
    mutating func select(_ name: String?) {
        selectedName = name
    }

    /// Scrolls so that `row` is among the `height` rows shown.
    mutating func scroll(toShow row: Int, height: Int) {
        if row < top { top = row }
        if row >= top + height { top = row - height + 1 }
        top = max(0, min(top, max(visible.count - height, 0)))
    }
}
