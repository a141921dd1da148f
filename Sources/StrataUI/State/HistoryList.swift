import Strata

/// The History list (`L`): which exchanges it shows and the highlighted one.
package struct HistoryList: Hashable, Sendable {
    /// The route whose entries are listed, or nil for every route.
    package var route: String?
    /// The entries, newest first; nil while they are being read.
    package var entries: [HistoryEntry.Summary]?
    /// The highlighted entry.
    package var selected = 0

    /// A list of `route`'s entries (every route's when nil), not read yet.
    package init(route: String?) { self.route = route }

    /// The highlighted entry, if the list has one.
    package var current: HistoryEntry.Summary? {
        guard let entries, selected < entries.count else { return nil }
        return entries[selected]
    }
}

/// What a history entry is read for.
package enum HistoryPurpose: Hashable, Sendable {
    /// Show it in Raw, Parsed and Mapped.
    case show
    /// Send its request again.
    case resend
}
