/// Where keys are read: the focused pane, an overlay, or a text field being edited. Each has its own table.
package enum KeyContext: String, Hashable, Sendable, CaseIterable {
    /// Keys that work in every pane (not in overlays or text fields).
    case global
    /// The route list.
    case routes
    /// The request: URL and params.
    case request
    /// The raw response body.
    case raw
    /// The parsed tree.
    case parsed
    /// The mapped objects.
    case mapped
    /// The Traffic list: requests that arrived while serving.
    case traffic
    /// The selected Traffic request: what answered, params, headers and body.
    case trafficRequest
    /// The key help overlay.
    case help
    /// The request as code (curl, HTTPie, Python, JavaScript, Swift).
    case code
    /// The mapping issues overlay.
    case issues
    /// The box saying why session.json did not load.
    case message
    /// A structural diff (history entry against the shown response).
    case diff
    /// The copy menu.
    case copy
    /// A yes / no question.
    case confirm
    /// The question before trusting a session.
    case trust
    /// A list to pick one entry from (environments, where a param goes).
    case choice
    /// The History list.
    case history
    /// A text field being edited: every printable key is text.
    case textField

    /// The title used in the help overlay and docs/keys.md.
    package var title: String {
        switch self {
        case .global: "Everywhere"
        case .routes: "Routes"
        case .request: "Request"
        case .raw: "Raw"
        case .parsed: "Parsed"
        case .mapped: "Mapped"
        case .traffic: "Traffic"
        case .trafficRequest: "Traffic request"
        case .help: "Help"
        case .code: "Request as code"
        case .issues: "Issues"
        case .message: "session.json did not load"
        case .diff: "Diff"
        case .copy: "Copy"
        case .confirm: "Question"
        case .trust: "Trusting a session"
        case .choice: "Pick from a list"
        case .history: "History"
        case .textField: "Editing text"
        }
    }
}
