/// What the response panes show and where they are scrolled: the routes view's, set aside while the Traffic list
/// shows the answers it served in them, and shown again when `T` goes back to the routes.
package struct ResponsePanes: Sendable {
    /// The response shown (nothing, for panes that showed none).
    package var shown = ShownResponse()
    /// The Parsed pane's selection, scroll and folds.
    package var parsed = OutlineCursor()
    /// The Mapped pane's selection, scroll and folds.
    package var mapped = OutlineCursor()
    /// Where the Raw pane was scrolled (its wrap and headers toggles are the user's, not the response's).
    package var raw = RawViewState()
    /// The search in the response.
    package var search: SearchState?

    /// Panes that show nothing yet.
    package init() {}

    /// The panes as `shown` with those cursors.
    package init(
        shown: ShownResponse, parsed: OutlineCursor, mapped: OutlineCursor, raw: RawViewState, search: SearchState?
    ) {
        self.shown = shown
        self.parsed = parsed
        self.mapped = mapped
        self.raw = raw
        self.search = search
    }
}
