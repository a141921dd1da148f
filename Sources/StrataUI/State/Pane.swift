/// The explorer's panes, in Tab order.
package enum Pane: Int, Hashable, Sendable, CaseIterable {
    /// The route list.
    case routes
    /// The request: URL, params, headers and body.
    case request
    /// The raw response.
    case raw
    /// The parsed tree.
    case parsed
    /// The mapped objects.
    case mapped
    /// The requests that arrived while serving (in the route list's place when shown).
    case traffic
    /// The selected Traffic request, whole (in the request pane's place while the Traffic list is shown).
    case trafficRequest

    /// The pane's key table.
    package var keyContext: KeyContext {
        switch self {
        case .routes: .routes
        case .request: .request
        case .raw: .raw
        case .parsed: .parsed
        case .mapped: .mapped
        case .traffic: .traffic
        case .trafficRequest: .trafficRequest
        }
    }

    /// True for the three response panes, which become tabs on narrow screens.
    package var isResponsePane: Bool { self == .raw || self == .parsed || self == .mapped }

    /// The pane's title.
    package var title: String {
        switch self {
        case .routes: "Routes"
        case .request: "Request"
        case .raw: "Raw"
        case .parsed: "Parsed"
        case .mapped: "Mapped"
        case .traffic: "Traffic"
        case .trafficRequest: "Request"
        }
    }
}

/// Where requests go: the live API or the session's fixtures.
package enum SourceMode: String, Hashable, Sendable {
    /// Fixtures in the session's `fixtures/` folder.
    case mock
    /// The real API.
    case live

    /// The other mode.
    package var toggled: SourceMode { self == .mock ? .live : .mock }

    /// `MOCK` or `LIVE`, as the request title shows it.
    package var label: String { rawValue.uppercased() }
}
