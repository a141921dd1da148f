/// Sizes for people, in one wording everywhere (the Raw pane's title, `strata history`).
public enum ByteCount {
    /// `512 B`, `1.2 KB`, `100.0 MB` (decimal units).
    public static func text(_ n: Int) -> String {
        if n < 1000 { return "\(n) B" }
        let units = ["KB", "MB", "GB"]
        var value = Double(n) / 1000
        var unit = 0
        while value >= 1000 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        let tenths = (value * 10).rounded() / 10
        return "\(tenths) \(units[unit])"
    }
}
