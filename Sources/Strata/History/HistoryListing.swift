import StrataDocuments

/// A history listing as text: one aligned row per entry (`strata history`, the explorer's History list).
public enum HistoryListing {
    /// The cells of a row: number, time, route, status, size, source.
    public static func cells(_ entry: HistoryEntry.Summary, route: Bool = true) -> [String] {
        let time = entry.timeText.replacingOccurrences(of: "T", with: " ").replacingOccurrences(of: "Z", with: "")
        return ["#\(entry.number)", time] + (route ? [entry.route] : []) + [
            "\(entry.status)", ByteCount.text(entry.size), entry.source,
        ]
    }

    /// The rows of `entries`, columns padded to line up (sizes right-aligned); `route: false` leaves the route
    /// column out (a list of one route's entries).
    public static func rows(_ entries: [HistoryEntry.Summary], route: Bool = true) -> [String] {
        let table = entries.map { cells($0, route: route) }
        guard let columns = table.first?.count else { return [] }
        let widths = (0..<columns).map { c in table.map { $0[c].count }.max() ?? 0 }
        let sizeColumn = columns - 2
        return table.map { row in
            row.enumerated().map { c, cell in
                let pad = String(repeating: " ", count: widths[c] - cell.count)
                return c == sizeColumn ? pad + cell : c == columns - 1 ? cell : cell + pad
            }.joined(separator: "  ")
        }
    }

    /// The whole listing, one row per line.
    public static func table(_ entries: [HistoryEntry.Summary]) -> String { rows(entries).joined(separator: "\n") }
}
