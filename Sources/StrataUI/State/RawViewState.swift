/// How the Raw pane is scrolled and what it shows.
package struct RawViewState: Hashable, Sendable {
    /// The first line shown (0-based, counting header lines when they are shown).
    package var topLine: Int = 0
    /// With wrapping on: the first wrapped row of ``topLine`` shown.
    package var topSegment: Int = 0
    /// With wrapping off: columns scrolled out on the left.
    package var column: Int = 0
    /// Whether long lines wrap.
    package var wrap: Bool = true
    /// Whether the status line and headers are shown above the body.
    package var showHeaders: Bool = false

    /// The default view: top, wrapped, no headers.
    package init() {}
}
