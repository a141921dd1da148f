/// Decimal text with a fixed number of digits after the point, written without Foundation's `String(format:)`
/// (which parses its format and boxes its arguments on every call: a server writing a log line per request felt it).
package enum FixedDecimal {
    /// `value` rounded to `digits` (0–9) decimals: `text(1.25, digits: 1)` is `1.3`, `text(-0.5, digits: 3)` is
    /// `-0.500`; values too large for whole-number arithmetic, NaN and infinities are written as Swift writes them.
    package static func text(_ value: Double, digits: Int) -> String {
        let digits = min(max(digits, 0), 9)
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard value.isFinite, scaled < 9e15 else { return "\(value)" }
        let units = Int(scaled)
        let whole = units / Int(scale)
        var text = (value < 0 && units > 0 ? "-" : "") + String(whole)
        if digits > 0 {
            let fraction = String(units % Int(scale))
            text += "." + String(repeating: "0", count: digits - fraction.count) + fraction
        }
        return text
    }
}
