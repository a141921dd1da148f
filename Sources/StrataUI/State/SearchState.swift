/// A search in Raw, Parsed or Mapped, run in bounded steps so keys are never blocked.
///
/// Raw and Parsed search the body's bytes (Parsed then selects the node holding the match); Mapped searches the
/// names and values of the mapped objects. Text typed as `/…/` is an I-Regexp, anything else plain text with ASCII
/// letters matching either case.
package struct SearchState: Hashable, Sendable {
    /// The text searched for, as typed (`/…/` for a regular expression).
    package var query: String
    /// The pane searched: `.raw`, `.parsed` or `.mapped`.
    package var pane: Pane
    /// Whether the search goes forward (`n`) or backward (`N`).
    package var forward: Bool
    /// Where the next step resumes, while a step is pending: a byte offset, or a mapped value in Mapped.
    package var resume: Int?
    /// Where the search started (it stops after wrapping around to here), in the same units.
    package var origin: Int
    /// Whether it has wrapped around the end (or the start).
    package var wrapped: Bool
    /// The body bytes of the last match in Raw or Parsed, highlighted in the Raw pane.
    package var match: Range<Int>?
    /// The mapped value of the last match in Mapped.
    package var matchedValue: Int?

    /// A search for `query` in `pane` that has not started.
    package init(query: String, pane: Pane = .parsed, forward: Bool = true) {
        self.query = query
        self.pane = pane
        self.forward = forward
        self.resume = nil
        self.origin = 0
        self.wrapped = false
        self.match = nil
        self.matchedValue = nil
    }

    /// Whether a step is pending.
    package var isRunning: Bool { resume != nil }

    /// Whether the last step found something.
    package var hasMatch: Bool { match != nil || matchedValue != nil }

    /// The status shown after the query in the searched pane's title: running, no match, or nothing.
    package var status: String { isRunning ? " …" : (hasMatch ? "" : " no match") }
}
