import TermGrid

/// The explorer's colours and text styles, chosen to read on dark and light terminals alike (basic colours,
/// reverse video for the focused selection).
package enum Theme {
    /// An object key.
    package static let key = Style(foreground: .cyan)
    /// A string value.
    package static let string = Style(foreground: .green)
    /// A number.
    package static let number = Style(foreground: .yellow)
    /// `true`, `false`, `null`.
    package static let literal = Style(foreground: .magenta)
    /// Brackets, commas, colons, type markers and counts.
    package static let punctuation = Style().dim
    /// Line numbers and other secondary text.
    package static let secondary = Style().dim
    /// An XML tag name.
    package static let tag = Style(foreground: .blue)
    /// The selected row of the focused pane.
    package static let selectedFocused = Style().reverse
    /// The selected row of a pane without focus.
    package static let selectedUnfocused = Style(modifiers: [.bold, .underline])
    /// The bytes of the selected node in the Raw pane.
    package static let spanHighlight = Style(foreground: .black, background: .cyan)
    /// The last search match in the Raw pane.
    package static let searchMatch = Style(foreground: .black, background: .yellow)
    /// A node the JSONPath query matched, in the Parsed pane.
    package static let queryMatch = Style(foreground: .black, background: .green)
    /// Errors: failed requests, values with errors.
    package static let error = Style(foreground: .red)
    /// Warnings: coerced or doubtful values.
    package static let warning = Style(foreground: .yellow)
    /// A value the user changed.
    package static let edited = Style(foreground: .yellow, modifiers: .bold)
    /// A mapped value the last reload or edit added or changed.
    package static let changed = Style(foreground: .magenta, modifiers: .bold)
    /// A key in the footer hints.
    package static let hintKey = Style(modifiers: .bold)
    /// A pane title.
    package static let title = Style(modifiers: .bold)
    /// A class name in the Mapped pane.
    package static let className = Style(foreground: .blue, modifiers: .bold)

    /// The colour of an HTTP method: reads green, writes yellow, deletes red.
    package static func method(_ method: String) -> Style {
        switch method {
        case "GET", "HEAD", "OPTIONS": Style(foreground: .green)
        case "DELETE": Style(foreground: .red)
        default: Style(foreground: .yellow)
        }
    }

    /// The colour of an HTTP status: 2xx green, 3xx cyan, 4xx yellow, 5xx red.
    package static func status(_ status: Int) -> Style {
        switch status {
        case 200..<300: Style(foreground: .green)
        case 300..<400: Style(foreground: .cyan)
        case 400..<500: Style(foreground: .yellow)
        default: Style(foreground: .red)
        }
    }
}
