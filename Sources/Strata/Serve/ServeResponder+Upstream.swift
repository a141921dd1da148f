extension ServeResponder.Upstream {
    /// What a server can answer from: `strata serve --source mock|live|record`, the explorer's mock or live.
    public enum Kind: String, Sendable, CaseIterable {
        /// The session's fixtures.
        case mock
        /// The live API.
        case live
        /// The live API, saving each exchange that has no pair yet as a fixture.
        case record
    }

    /// The upstream of `kind` for `session`: the one way `strata serve` and the explorer's serving make theirs.
    ///
    /// `mock` answers from the session's fixtures. `live` and `record` send to the API keeping cookies in
    /// `cookies` (`Set-Cookie` from one answer goes with the later requests it matches, as in the explorer's own
    /// sends) and keep every exchange in `history`; a history that cannot be written goes to `historyProblems`,
    /// never failing the request.
    public static func make(
        _ kind: Kind, session: Session, history: HistoryStore?, cookies: CookieJar?,
        historyProblems: @escaping @Sendable (HistoryError) -> Void
    ) -> Self {
        let live = LiveSource(cookies: cookies)
        switch kind {
        case .mock:
            return .mock(MockSource(session: session))
        case .live:
            guard let history else { return .live(live) }
            return .live(HistorySource(live, history: history, problems: historyProblems))
        case .record:
            return .record(
                RecordingSource(session: session, live: live, history: history, historyProblems: historyProblems))
        }
    }
}
