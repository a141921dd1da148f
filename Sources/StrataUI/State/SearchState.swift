/// A search over the parsed document's bytes, run in bounded steps so keys are never blocked.
package struct SearchState: Hashable, Sendable {
    /// The text searched for (ASCII letters match either case).
    package var query: String
    /// Whether the search goes forward (`n`) or backward (`N`).
    package var forward: Bool
    /// Where the next step resumes, while a step is pending.
    package var resume: Int?
    /// Where the search started (it stops after wrapping around to here).
    package var origin: Int
    /// Whether it has wrapped around the end (or the start).
    package var wrapped: Bool
    /// The byte offset of the last match, highlighted in the Raw pane.
    package var match: Range<Int>?

    /// A search for `query` that has not started.
    package init(query: String, forward: Bool = true) {
        self.query = query
        self.forward = forward
        self.resume = nil
        self.origin = 0
        self.wrapped = false
        self.match = nil
    }

    /// Whether a step is pending.
    package var isRunning: Bool { resume != nil }
}
