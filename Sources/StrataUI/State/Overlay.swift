import Strata

/// A box drawn over the panes that takes the keys until it is closed.
package enum Overlay: Hashable, Sendable {
    /// The key help, scrolled by `scroll` rows.
    case help(scroll: Int)
    /// The request as code in `language` (curl, HTTPie, Python, JavaScript, Swift), and what it leaves empty because
    /// a variable is not set (``BuiltRequest/curlNotes``).
    case code(CodeLanguage, String, notes: [String], scroll: Int)
    /// The mapping issues, with the selected one.
    case issues(selected: Int)
    /// A titled message (session diagnostics, a transport error), scrolled by `scroll` rows.
    case message(title: String, lines: [String], scroll: Int)
    /// The copy menu (`Y`), with the selected choice.
    case copy(selected: Int)
    /// The question before saving a response over the fixture pair in `file`.
    case confirmSave(file: String)
    /// A list to pick one entry from (the environment, where a param goes).
    case choice(Choice)
    /// The History list (`L`): past exchanges of the selected route or of every route.
    case history(HistoryList)
    /// A structural diff (a history entry against the shown response), scrolled by `scroll` rows.
    case diff(title: String, lines: [String], scroll: Int)
    /// The question before running what an untrusted session names, or sending what it reads.
    case trust(TrustQuestion)

    /// The overlay's key table.
    package var keyContext: KeyContext {
        switch self {
        case .help: .help
        case .code: .code
        case .issues: .issues
        case .message: .message
        case .copy: .copy
        case .confirmSave: .confirm
        case .choice: .choice
        case .history: .history
        case .diff: .diff
        case .trust: .trust
        }
    }
}
