import Foundation

/// How property list values without a JSON kind are shown: dates and data as readable strings.
package enum PropertyListValues {
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
    static func isDate(_ text: String) -> Bool { date(text) != nil }

    /// The date a property list `<date>` text stands for, or nil when it is not `YYYY-MM-DDTHH:MM:SSZ` (fractional
    /// seconds allowed; field ranges are not checked).
    package static func date(_ text: String) -> Date? {
        var text = text
        return text.withUTF8 { b -> Date? in
            var c = ByteCursor(b)
            let dash = UInt8(ascii: "-")
            let colon = UInt8(ascii: ":")
            guard let year = c.digits(4), c.byte(dash), let month = c.digits(2), c.byte(dash), let day = c.digits(2),
                c.byte(UInt8(ascii: "T")), let hour = c.digits(2), c.byte(colon), let minute = c.digits(2),
                c.byte(colon), let second = c.digits(2)
            else { return nil }
            var seconds = Double(
                CivilCalendar.days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second)
            if c.byte(UInt8(ascii: ".")) {
                let start = c.p
                while let d = c.peek, d >= 0x30, d <= 0x39 { c.p += 1 }
                guard c.p > start, let f = Double("0." + String(decoding: b[start..<c.p], as: UTF8.self)) else {
                    return nil
                }
                seconds += f
            }
            guard c.byte(UInt8(ascii: "Z")), c.atEnd else { return nil }
            return Date(timeIntervalSince1970: seconds)
        }
    }

    /// The base64 text of a `<data>` value as `dataText` shows it (`5 bytes, base64: aGVsbG8=`), or nil for any
    /// other text.
    package static func base64(ofDataText text: String) -> String? {
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
