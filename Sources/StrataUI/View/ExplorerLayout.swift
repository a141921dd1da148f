import TermGrid

/// Where each pane goes on a screen of a given size: shared by rendering and by the reducer (for page sizes and
/// mouse clicks), so both always agree.
///
/// ```
/// ┌ Routes ┐┌ GET https://… ──── MOCK ┐     top third (at most 12 rows): routes and request; with the
/// └────────┘└─────────────────────────┘     Traffic list, taller on tall screens (2/5 of the rows less 4)
/// ┌ Raw ┐┌ Parsed ┐┌ Mapped ┐               ≥ 120 columns: three panes side by side
/// │     ││        ││        │               < 120 columns: a tab row and one pane
/// └─────┘└────────┘└────────┘
///  status bar
/// ```
package struct ExplorerLayout: Hashable, Sendable {
    /// Screens at least this wide show the three response panes side by side.
    package static let wideWidth = 120
    /// The smallest screen the explorer draws on.
    package static let minimum = Size(width: 40, height: 10)

    /// The route list (not shown while the Traffic list takes its place; its size, as it is when shown, still sets
    /// the list's pages).
    package var routes: Rect
    /// The Traffic list, when it is shown instead of the routes (wider than the route list, for paths).
    package var traffic: Rect?
    /// The request (the route's, or the selected Traffic request's while the Traffic list is shown).
    package var request: Rect
    /// The tab row (narrow screens only).
    package var tabs: Rect?
    /// The whole response area below the top panes (and the tab row).
    package var response: Rect
    /// The Raw pane, when shown.
    package var raw: Rect?
    /// The Parsed pane, when shown.
    package var parsed: Rect?
    /// The Mapped pane, when shown.
    package var mapped: Rect?
    /// The status bar.
    package var status: Rect
    /// False when the screen is smaller than ``minimum``.
    package var fits: Bool

    /// The layout for a screen of `size`; on narrow screens only `tab` of the response panes is placed. With
    /// `traffic`, the Traffic list takes the route list's place.
    package init(size: Size, tab: Pane, traffic: Bool = false) {
        let screen = Rect(size: size)
        fits = size.width >= ExplorerLayout.minimum.width && size.height >= ExplorerLayout.minimum.height
        let narrow = size.width < ExplorerLayout.wideWidth
        let routesHeight = min(max(size.height / 3, 5), 12)
        // A request from an app is read whole (headers, then the body): its pane grows with the screen.
        let topHeight = traffic ? max(routesHeight, size.height * 2 / 5 - 4) : routesHeight
        let rows = screen.split(.vertical, [.fixed(topHeight), .fill, .fixed(1)])
        let routesWidth = narrow ? 22 : min(32, max(26, size.width / 5))
        let trafficWidth = narrow ? size.width / 2 : min(64, max(40, size.width * 2 / 5))
        let top = rows[0].split(.horizontal, [.fixed(traffic ? trafficWidth : routesWidth), .fill])
        routes =
            traffic
            ? screen.split(.vertical, [.fixed(routesHeight), .fill, .fixed(1)])[0]
                .split(.horizontal, [.fixed(routesWidth), .fill])[0] : top[0]
        self.traffic = traffic ? top[0] : nil
        request = top[1]
        status = rows[2]
        if narrow {
            let bottom = rows[1].split(.vertical, [.fixed(1), .fill])
            tabs = bottom[0]
            response = bottom[1]
            raw = tab == .raw ? bottom[1] : nil
            parsed = tab == .parsed ? bottom[1] : nil
            mapped = tab == .mapped ? bottom[1] : nil
        } else {
            tabs = nil
            response = rows[1]
            let panes = rows[1].split(.horizontal, [.fill, .fill, .fill])
            raw = panes[0]
            parsed = panes[1]
            mapped = panes[2]
        }
    }

    /// The rectangle of `pane`, when it is shown.
    package func rect(for pane: Pane) -> Rect? {
        switch pane {
        case .routes: traffic == nil ? routes : nil
        case .request: traffic == nil ? request : nil
        case .raw: raw
        case .parsed: parsed
        case .mapped: mapped
        case .traffic: traffic
        case .trafficRequest: traffic == nil ? nil : request
        }
    }

    /// The area inside a pane's border.
    package func inner(_ pane: Pane) -> Rect {
        guard let rect = rect(for: pane) else { return .zero }
        return rect.inset(by: 1)
    }

    /// The pane under `position`, if any.
    package func pane(at position: Position) -> Pane? {
        Pane.allCases.first { rect(for: $0)?.contains(position) == true }
    }

    /// Rows of content inside `pane` (its height less the border).
    package func contentHeight(_ pane: Pane) -> Int { inner(pane).height }
}

extension ExplorerState {
    /// The layout for the current size and tab.
    package var layout: ExplorerLayout { ExplorerLayout(size: size, tab: tab, traffic: traffic.isShown) }

    /// The layout with the routes shown, whatever the left pane shows now: the route list's and the params' pages.
    var routesLayout: ExplorerLayout { ExplorerLayout(size: size, tab: tab) }
    /// Rows of content the Parsed pane shows (it keeps its height on narrow screens even while hidden).
    var parsedHeight: Int { max(ExplorerLayout(size: size, tab: .parsed).contentHeight(.parsed), 1) }
    /// Rows of content the Mapped pane shows.
    var mappedHeight: Int { max(ExplorerLayout(size: size, tab: .mapped).contentHeight(.mapped), 1) }
    /// Rows of content the Raw pane shows.
    var rawHeight: Int { max(ExplorerLayout(size: size, tab: .raw).contentHeight(.raw), 1) }
    /// Columns of content the Raw pane has.
    var rawInnerWidth: Int { max(ExplorerLayout(size: size, tab: .raw).inner(.raw).width, 1) }
}
