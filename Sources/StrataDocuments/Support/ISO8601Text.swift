import Foundation

/// Writing dates as ISO 8601 text in UTC.
package enum ISO8601Text {
    /// The seconds since 1970 that dates may have: years -9999 to 9999 (so they can be written as ISO 8601).
    package static let secondsRange: ClosedRange<Double> = -377_705_116_800...253_402_300_799

    /// `2011-07-04T00:00:00Z`, with milliseconds when the date has a fraction of a second; dates outside the years
    /// -9999 to 9999 are written as their seconds since 1970.
    package static func string(_ date: Date) -> String {
        var out: [UInt8] = []
        append(date, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends ``string(_:)`` of `date` to `out`.
    package static func append(_ date: Date, to out: inout [UInt8]) {
        let t = date.timeIntervalSince1970
        guard secondsRange.contains(t) else {
            out.append(contentsOf: (t.isFinite ? "\(t)" : "invalid date").utf8)
            return
        }
        append(secondsSince1970: t, to: &out)
    }

    /// The ISO 8601 text of a finite time in seconds since 1970-01-01T00:00:00Z (years of more than four digits
    /// are written in full, years before 1 with a minus sign); milliseconds when there are some, or always with
    /// `alwaysMillis` (`…05.000Z`, a fixed width for logs).
    package static func string(secondsSince1970 t: Double, alwaysMillis: Bool = false) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(24)
        append(secondsSince1970: t, alwaysMillis: alwaysMillis, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends ``string(secondsSince1970:alwaysMillis:)`` to `out`, digits written straight into bytes (a server
    /// logs one of these per request; `--json` writes one per mapped date).
    package static func append(secondsSince1970 t: Double, alwaysMillis: Bool = false, to out: inout [UInt8]) {
        var secs = t.rounded(.down)
        var millis = Int(((t - secs) * 1000).rounded())
        if millis == 1000 {
            secs += 1
            millis = 0
        }
        let total = Int(secs)
        var days = total / 86_400
        var rem = total % 86_400
        if rem < 0 {
            rem += 86_400
            days -= 1
        }
        let (y, m, d) = CivilCalendar.date(fromDays: days)
        func digits(_ v: Int, _ width: Int) {
            if v < 0 { out.append(UInt8(ascii: "-")) }
            let n = v.magnitude
            var count = 1
            var scale: UInt = 1
            while n / scale >= 10 {
                scale *= 10
                count += 1
            }
            for _ in count..<max(width, count) { out.append(0x30) }
            while scale > 0 {
                out.append(UInt8(truncatingIfNeeded: 0x30 + n / scale % 10))
                scale /= 10
            }
        }
        digits(y, 4)
        out.append(UInt8(ascii: "-"))
        digits(m, 2)
        out.append(UInt8(ascii: "-"))
        digits(d, 2)
        out.append(UInt8(ascii: "T"))
        digits(rem / 3600, 2)
        out.append(UInt8(ascii: ":"))
        digits(rem / 60 % 60, 2)
        out.append(UInt8(ascii: ":"))
        digits(rem % 60, 2)
        if millis != 0 || alwaysMillis {
            out.append(UInt8(ascii: "."))
            digits(millis, 3)
        }
        out.append(UInt8(ascii: "Z"))
    }
}

/// Converting between civil dates and day counts since 1970-01-01 in the proleptic Gregorian calendar (Howard
/// Hinnant's algorithms).
public enum CivilCalendar {
    /// Days since 1970-01-01 of year `y0`, month `m` (1–12), day `d` (public and inlinable so that the mapping's
    /// date reader, a module above, computes it without a call).
    @inlinable public static func days(year y0: Int, month m: Int, day d: Int) -> Int {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// Year, month (1–12) and day of a count of days since 1970-01-01.
    static func date(fromDays z0: Int) -> (year: Int, month: Int, day: Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let y = yoe + era * 400
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (m <= 2 ? y + 1 : y, m, d)
    }
}
