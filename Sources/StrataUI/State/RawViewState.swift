/// How the Raw pane is scrolled and what it shows.
public struct RawViewState: Hashable, Sendable {
    /// The first line shown (0-based, counting header lines when they are shown).
    public var topLine: Int = 0
    /// With wrapping on: the first wrapped row of ``topLine`` shown.
    public var topSegment: Int = 0
    /// With wrapping off: columns scrolled out on the left.
    public var column: Int = 0
    /// Whether long lines wrap.
    public var wrap: Bool = true
    /// Whether the status line and headers are shown above the body.
    public var showHeaders: Bool = false

    /// The default view: top, wrapped, no headers.
    public init() {}
}
