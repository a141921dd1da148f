import StrataDocuments

/// How much history a session keeps: the `history` block of session.json.
///
/// ```json
/// "history": { "maxEntries": 200, "maxMegabytes": 500 }
/// ```
///
/// When either bound is passed, the oldest entries are dropped first. `maxEntries: 0` keeps no history at all.
public struct HistorySettings: Sendable, Equatable {
    /// The most entries kept (default 200).
    public var maxEntries: Int
    /// The most bytes the entries' files may take together (default 500 MB, 500 000 000 bytes).
    public var maxBytes: Int

    /// The default number of entries kept.
    public static let defaultMaxEntries = 200
    /// The default size limit in megabytes (of 1 000 000 bytes).
    public static let defaultMaxMegabytes = 500
    /// The largest `maxEntries` a session may set.
    public static let maximumEntries = 100_000
    /// The largest `maxMegabytes` a session may set (1 TB).
    public static let maximumMegabytes = 1_000_000

    /// Creates settings; the defaults keep 200 entries and 500 MB.
    public init(maxEntries: Int = defaultMaxEntries, maxBytes: Int = defaultMaxMegabytes * 1_000_000) {
        self.maxEntries = maxEntries
        self.maxBytes = maxBytes
    }

    /// The keys allowed in the `history` block.
    static let keys = ["maxEntries", "maxMegabytes"]
}

extension SessionLoader {
    /// Reads the `history` block at `node`, reporting every problem at its value.
    mutating func historySettings(_ node: Tree.Index) -> HistorySettings {
        var settings = HistorySettings()
        guard let m = reader.members(of: node, known: HistorySettings.keys, what: "'history'") else { return settings }
        if let n = m["maxEntries"], let i = reader.integer(n, "'history.maxEntries'") {
            if i < 0 || i > HistorySettings.maximumEntries {
                reader.error(
                    "'history.maxEntries' must be 0–\(HistorySettings.maximumEntries) (0 keeps no history), found \(i)",
                    at: n)
            } else {
                settings.maxEntries = i
            }
        }
        if let n = m["maxMegabytes"], let mb = reader.number(n, "'history.maxMegabytes'") {
            if mb <= 0 || mb > Double(HistorySettings.maximumMegabytes) {
                reader.error(
                    "'history.maxMegabytes' must be more than 0 and at most \(HistorySettings.maximumMegabytes), found \(tree.scalarText(n))",
                    at: n)
            } else {
                settings.maxBytes = Int(mb * 1_000_000)
            }
        }
        return settings
    }
}
