import Foundation

/// Decimal text, both ways: written with a fixed number of digits after the point without Foundation's
/// `String(format:)` (which parses its format and boxes its arguments on every call: a server writing a log line per
/// request felt it), and read into an exact `Decimal` without its locale-aware reader when the text is plain.
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

    /// `text` read as an exact decimal: directly when it is plain (`-9658.55`: a sign, up to 18 digits and a
    /// point), which is most money amounts and over ten times faster, else by Foundation's reader (exponents, `+`,
    /// longer digits); nil when it is not a number.
    package static func value(_ text: String) -> Decimal? {
        var negative = false
        var significand: UInt64 = 0
        var digits = 0
        var fraction = 0
        var point = false
        for (i, c) in text.utf8.enumerated() {
            if c == UInt8(ascii: "-"), i == 0 {
                negative = true
            } else if c == UInt8(ascii: "."), !point {
                point = true
            } else if c >= 0x30, c <= 0x39, digits < 18 {
                significand = significand * 10 + UInt64(c - 0x30)
                digits += 1
                if point { fraction += 1 }
            } else {
                return Decimal(string: text, locale: posix)
            }
        }
        guard digits > 0, !point || fraction > 0 else { return Decimal(string: text, locale: posix) }
        if significand == 0 { return Decimal.zero }
        return Decimal(sign: negative ? .minus : .plus, exponent: -fraction, significand: Decimal(significand))
    }

    private static let posix = Locale(identifier: "en_US_POSIX")
}
