import Strata

extension ExplorerState {
    /// The selected route's row in ``visibleRoutes``.
    var routeRow: Int? {
        guard let routeName else { return nil }
        return visibleRoutes.firstIndex { $0.name == routeName }
    }

    /// Commands of the Routes pane.
    mutating func routesCommand(_ command: Command) -> [Effect] {
        let routes = visibleRoutes
        guard !routes.isEmpty || command == .filter else { return [] }
        let height = max(routesLayout.contentHeight(.routes), 1)
        let row = routeRow ?? 0
        switch command {
        case .up: selectRoute(row - 1)
        case .down: selectRoute(routeRow == nil ? 0 : row + 1)
        case .pageUp: selectRoute(row - max(height - 1, 1))
        case .pageDown: selectRoute(row + max(height - 1, 1))
        case .top: selectRoute(0)
        case .bottom: selectRoute(routes.count - 1)
        case .open:
            if routeRow == nil { selectRoute(0) }
            focus = .request
        case .filter:
            editor = FieldEditor(.routeFilter(previous: routeFilter), text: routeFilter)
        default: break
        }
        return []
    }

    /// Selects the route at `row` of the filtered list (clamped).
    mutating func selectRoute(_ row: Int) {
        let routes = visibleRoutes
        guard !routes.isEmpty else { return }
        let name = routes[min(max(row, 0), routes.count - 1)].name
        if name != routeName {
            routeList.select(name)
            requestEditor.selectFirst()
        }
        keepRouteInView()
    }

    /// Keeps the selected route on screen (selecting the first when the filter hid it).
    mutating func keepRouteInView() {
        let routes = visibleRoutes
        let height = max(routesLayout.contentHeight(.routes) - (editorIsFilter ? 1 : 0), 1)
        if routeRow == nil, let first = routes.first {
            routeList.select(first.name)
            requestEditor.selectFirst()
        }
        routeList.scroll(toShow: routeRow ?? 0, height: height)
        refreshDraft()
    }

    /// True while the route filter is being typed (it takes the pane's last row).
    var editorIsFilter: Bool {
        if case .routeFilter = editor?.purpose { return true }
        return false
    }
}
