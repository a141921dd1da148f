import TermGrid

/// A one-line text field being edited, and what its text is for.
package struct FieldEditor: Hashable, Sendable {
    /// What the text will become when accepted.
    package enum Purpose: Hashable, Sendable {
        /// The value of the param called `name`.
        case paramValue(name: String)
        /// The name of a param being added.
        case newParamName
        /// The value of the param `name` being added.
        case newParamValue(name: String)
        /// The route filter; `previous` comes back on Esc.
        case routeFilter(previous: String)
        /// A search in the Parsed pane.
        case search
        /// A JSONPath query in the Parsed pane.
        case query
    }

    /// What the text is for.
    package var purpose: Purpose
    /// The text and cursor.
    package var field: TextFieldState

    /// Starts editing `text` (cursor at the end) for `purpose`.
    package init(_ purpose: Purpose, text: String = "") {
        self.purpose = purpose
        self.field = TextFieldState(text: text)
    }

    /// The prompt shown before the text.
    package var prompt: String {
        switch purpose {
        case .paramValue(let name): "\(name) = "
        case .newParamName: "new param name: "
        case .newParamValue(let name): "\(name) = "
        case .routeFilter: "/"
        case .search: "/"
        case .query: "query "
        }
    }
}
