/// The history as what `${response:ROUTE:QUERY}` values read: each route's newest kept exchange.
extension HistoryStore: ResponseLookup {
    /// The response of `route`'s newest entry, or nil when the history has none.
    public func latestResponse(route: String) -> Response? { latest(route: route)?.response }

    /// `send 'login' first: the session's history has no exchange of it`.
    public func missingAdvice(route: String) -> String {
        "send '\(route)' first: the session's history has no exchange of it"
    }
}
