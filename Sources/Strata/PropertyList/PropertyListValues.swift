import Foundation

/// How property list values without a JSON kind are shown: dates and data as readable strings.
enum PropertyListValues {
    /// `5 bytes, base64: aGVsbG8=`: the size, then the bytes in base64 (nothing lost).
    static func dataText(_ bytes: some Collection<UInt8>) -> String {
        let data = Data(bytes)
        return "\(data.count) \(data.count == 1 ? "byte" : "bytes"), base64: \(data.base64EncodedString())"
    }

    /// The ISO 8601 form of a time given in seconds since 2001-01-01T00:00:00Z (the property list epoch),
    /// with fractional seconds only when there are some.
    static func dateText(secondsSince2001 seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < 1e13 else { return String(seconds) }
        return ISO8601Text.string(secondsSince1970: seconds + 978_307_200)
    }

    /// True when `text` is a property list date: `YYYY-MM-DDTHH:MM:SSZ` (fractional seconds allowed).
    static func isDate(_ text: String) -> Bool {
        let b = Array(text.utf8)
        func digits(_ r: Range<Int>) -> Bool { r.allSatisfy { $0 < b.count && b[$0] >= 0x30 && b[$0] <= 0x39 } }
        guard b.count >= 20, digits(0..<4), b[4] == UInt8(ascii: "-"), digits(5..<7), b[7] == UInt8(ascii: "-"),
            digits(8..<10), b[10] == UInt8(ascii: "T"), digits(11..<13), b[13] == UInt8(ascii: ":"),
            digits(14..<16), b[16] == UInt8(ascii: ":"), digits(17..<19), b.last == UInt8(ascii: "Z")
        else { return false }
        if b.count == 20 { return true }
        return b[19] == UInt8(ascii: ".") && b.count > 21 && digits(20..<(b.count - 1))
    }

    /// The date a property list `<date>` text (`isDate`) stands for.
    static func date(_ text: String) -> Date? {
        guard isDate(text) else { return nil }
        let b = Array(text.utf8)
        func n(_ r: Range<Int>) -> Int { r.reduce(0) { $0 * 10 + Int(b[$1] - 0x30) } }
        let days = CivilCalendar.days(year: n(0..<4), month: n(5..<7), day: n(8..<10))
        var seconds = Double(days * 86_400 + n(11..<13) * 3600 + n(14..<16) * 60 + n(17..<19))
        if b.count > 20, let f = Double("0" + String(decoding: b[19..<(b.count - 1)], as: UTF8.self)) {
            seconds += f
        }
        return Date(timeIntervalSince1970: seconds)
    }

    /// The base64 text of a `<data>` value as `dataText` shows it (`5 bytes, base64: aGVsbG8=`), or nil for any
    /// other text.
    static func base64(ofDataText text: String) -> String? {
        guard let comma = text.firstIndex(of: " "), let count = Int(text[..<comma]) else { return nil }
        let head = "\(count) \(count == 1 ? "byte" : "bytes"), base64: "
        guard text.hasPrefix(head) else { return nil }
        let encoded = String(text.dropFirst(head.count))
        guard let data = Data(base64Encoded: encoded), data.count == count else { return nil }
        return encoded
    }

    /// The canonical decimal text of a property list integer (`+007` → `7`, `0x1F` → `31`), or nil.
    static func integerText(_ raw: String) -> String? {
        var s = Substring(raw)
        var negative = false
        if s.first == "+" || s.first == "-" {
            negative = s.first == "-"
            s = s.dropFirst()
        }
        if s.hasPrefix("0x") || s.hasPrefix("0X") {
            guard let v = UInt64(s.dropFirst(2), radix: 16) else { return nil }
            return negative && v != 0 ? "-\(v)" : "\(v)"
        }
        guard !s.isEmpty, s.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let digits = s.drop { $0 == "0" }
        if digits.isEmpty { return "0" }
        return negative ? "-" + digits : String(digits)
    }
}
