import Foundation
import StrataDocuments

/// Reads dates in one format and time zone: by hand for ISO 8601, RFC 3339, Unix times and common patterns,
/// with a POSIX-locale `DateFormatter` for everything else. One reader is built per format per mapping run.
final class DateReader {
    /// Why a date could not be read.
    enum Failure: Error {
        /// The text does not have the format's shape.
        case shape
        /// The shape is right but a field is out of range (`2011-02-30`); the text says which.
        case range(String)
    }

    private enum Engine {
        case iso(strict: Bool)
        case unix(scale: Double)
        case fields([Token])
        case formatter(DateFormatter)
        /// Locale styles: the style's own pattern and the other forms Foundation writes for it.
        case styles([DateFormatter])
        /// A pattern with an error (reported when the mapping was loaded): every date is a bad date saying why.
        case invalid(String)
    }

    private enum Token {
        case literal([UInt8])
        case number(Field, min: Int, max: Int)
        case monthName, weekdayName, ampm, zone
    }

    private enum Field { case year, month, day, hour, hour12, minute, second, fraction }

    private let engine: Engine
    let timeZone: TimeZone
    private let utc: Bool
    /// The format, for messages.
    let format: DateFormat

    init(format: DateFormat, timeZone: TimeZone?) {
        self.format = format
        let tz = timeZone ?? TimeZone(identifier: "UTC")!
        self.timeZone = tz
        self.utc =
            tz.secondsFromGMT(for: Date(timeIntervalSince1970: 0)) == 0 && tz.identifier.contains("UTC")
            || tz.identifier == "GMT"
        switch format {
        case .iso8601: engine = .iso(strict: false)
        case .rfc3339: engine = .iso(strict: true)
        case .unix: engine = .unix(scale: 1)
        case .unixMilliseconds: engine = .unix(scale: 1000)
        case .pattern(let text):
            switch DatePattern.parse(text) {
            case .success(let p):
                engine =
                    DateReader.tokens(p).map { .fields($0) }
                    ?? .formatter(DateReader.formatter(pattern: text, styles: nil, timeZone: tz))
            case .failure(let problem):
                engine = .invalid("the format is not a usable date pattern: \(problem.message)")
            }
        case .styles(let d, let t):
            let base = DateReader.formatter(pattern: nil, styles: (d, t), timeZone: tz)
            var patterns: [String] = []
            for p in DateReader.styleVariants(base.dateFormat) where !patterns.contains(p) { patterns.append(p) }
            engine = .styles(patterns.map { DateReader.formatter(pattern: $0, styles: nil, timeZone: tz) })
        }
    }

    /// True when the format reads numbers (Unix times).
    var readsNumbers: Bool {
        if case .unix = engine { return true }
        return false
    }

    private static func formatter(pattern: String?, styles: (DateStyle, DateStyle)?, timeZone: TimeZone)
        -> DateFormatter
    {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = timeZone
        f.isLenient = false
        if let pattern { f.dateFormat = pattern }
        if let (d, t) = styles {
            f.dateStyle = d.foundation
            f.timeStyle = t.foundation
        }
        return f
    }

    /// The forms of a style's pattern Foundation writes across ICU versions: date and time joined by `, ` or by
    /// ` 'at' `, with plain spaces where newer ICU puts a narrow no-break space (before `a`).
    private static func styleVariants(_ pattern: String) -> [String] {
        let plain = spacesPlain(pattern)
        var out = [plain]
        if plain.contains(" 'at' ") {
            out.append(plain.replacingOccurrences(of: " 'at' ", with: ", "))
        } else if plain.contains(", h") || plain.contains(", H") {
            out.append(
                plain.replacingOccurrences(of: ", h", with: " 'at' h").replacingOccurrences(of: ", H", with: " 'at' H"))
        }
        return out
    }

    /// `s` with no-break and narrow no-break spaces as plain spaces.
    private static func spacesPlain(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: { $0 == "\u{202F}" || $0 == "\u{00A0}" }) else { return s }
        return String(
            String.UnicodeScalarView(s.unicodeScalars.map { $0 == "\u{202F}" || $0 == "\u{00A0}" ? " " : $0 }))
    }

    /// Turns a pattern into hand-parser tokens, or nil when it uses a field only DateFormatter knows.
    private static func tokens(_ p: DatePattern) -> [Token]? {
        var out: [Token] = []
        for (i, piece) in p.pieces.enumerated() {
            switch piece {
            case .literal(let s): out.append(.literal(Array(s.utf8)))
            case .field(let c, let n):
                // Abutting numeric fields (yyyyMMdd) are read with their exact widths, as ICU does.
                var abutting = false
                if i + 1 < p.pieces.count, case .field(let next, let m) = p.pieces[i + 1] {
                    abutting = "yMdHhmsS".contains(next) && !(next == "M" && m >= 3)
                }
                func num(_ f: Field, _ maxDigits: Int) -> Token {
                    abutting ? .number(f, min: n, max: max(n, 1)) : .number(f, min: 1, max: max(n, maxDigits))
                }
                switch c {
                case "y":
                    guard n != 2 else { return nil }
                    out.append(abutting ? .number(.year, min: n, max: n) : .number(.year, min: n == 1 ? 1 : n, max: 9))
                case "M", "L":
                    if n >= 3 { out.append(.monthName) } else { out.append(num(.month, 2)) }
                case "d": out.append(num(.day, 2))
                case "H": out.append(num(.hour, 2))
                case "h": out.append(num(.hour12, 2))
                case "m": out.append(num(.minute, 2))
                case "s": out.append(num(.second, 2))
                case "S": out.append(abutting ? .number(.fraction, min: n, max: n) : .number(.fraction, min: 1, max: 9))
                case "a": out.append(.ampm)
                case "E": out.append(.weekdayName)
                case "Z", "X", "x": out.append(.zone)
                default: return nil
                }
            }
        }
        return out
    }

    /// Reads a date from the bytes of a string.
    func read(_ b: UnsafeBufferPointer<UInt8>) -> Result<Date, Failure> {
        switch engine {
        case .iso(let strict): return readISO(b, strict: strict)
        case .unix(let scale):
            guard let v = Double(String(decoding: b, as: UTF8.self).trimmed), v.isFinite else {
                return .failure(.shape)
            }
            return DateReader.unixDate(v / scale)
        case .fields(let tokens): return readFields(b, tokens)
        case .formatter(let f):
            guard let d = f.date(from: String(decoding: b, as: UTF8.self)) else { return .failure(.shape) }
            return .success(d)
        case .styles(let formatters):
            let text = DateReader.spacesPlain(String(decoding: b, as: UTF8.self))
            for f in formatters {
                if let d = f.date(from: text) { return .success(d) }
            }
            return .failure(.shape)
        case .invalid(let why): return .failure(.range(why))
        }
    }

    /// 2011-07-04 10:30:00 in the reader's time zone written in its format (`7/4/2011`, `Jul 4, 2011`), for
    /// messages about text that does not match; nil for a pattern that is not usable. Made when first asked for.
    private(set) lazy var example: String? = {
        switch engine {
        case .invalid: return nil
        case .unix(let scale): return scale == 1 ? "1309775400" : "1309775400000"
        case .iso: return "2011-07-04T10:30:00Z"
        case .fields, .formatter, .styles:
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            guard let date = calendar.date(from: DateComponents(year: 2011, month: 7, day: 4, hour: 10, minute: 30))
            else { return nil }
            let f: DateFormatter
            switch format {
            case .styles(let d, let t): f = DateReader.formatter(pattern: nil, styles: (d, t), timeZone: timeZone)
            case .pattern(let p): f = DateReader.formatter(pattern: p, styles: nil, timeZone: timeZone)
            default: return nil
            }
            return DateReader.spacesPlain(f.string(from: date))
        }
    }()

    /// Reads a date from a number's text: Unix time for `unix` / `unixms`, digits for patterns such as `yyyyMMdd`.
    func read(number text: String) -> Result<Date, Failure> {
        if case .unix(let scale) = engine {
            guard let v = Double(text), v.isFinite else { return .failure(.shape) }
            return DateReader.unixDate(v / scale)
        }
        var t = text
        return t.withUTF8 { read($0) }
    }

    // MARK: ISO 8601 / RFC 3339

    private func readISO(_ b: UnsafeBufferPointer<UInt8>, strict: Bool) -> Result<Date, Failure> {
        var c = ByteCursor(b)
        var negative = false
        if !strict, let first = c.peek, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            c.p += 1
        }
        guard var year = c.digits(4), c.byte(UInt8(ascii: "-")), let month = c.digits(2), c.byte(UInt8(ascii: "-")),
            let day = c.digits(2)
        else { return .failure(.shape) }
        if negative { year = -year }
        var hour = 0
        var minute = 0
        var second = 0
        var fraction = 0.0
        var offset: Int? = nil
        if !c.atEnd {
            guard c.byte(UInt8(ascii: "T")) || c.byte(UInt8(ascii: "t")) || (!strict && c.byte(UInt8(ascii: " ")))
            else { return .failure(.shape) }
            guard let h = c.digits(2), c.byte(UInt8(ascii: ":")), let m = c.digits(2) else { return .failure(.shape) }
            hour = h
            minute = m
            if c.byte(UInt8(ascii: ":")) {
                guard let s = c.digits(2) else { return .failure(.shape) }
                second = s
                if c.byte(UInt8(ascii: ".")) || c.byte(UInt8(ascii: ",")) {
                    var scale = 0.1
                    let start = c.p
                    while let d = c.peek, d >= 0x30, d <= 0x39 {
                        fraction += Double(d - 0x30) * scale
                        scale /= 10
                        c.p += 1
                    }
                    guard c.p > start else { return .failure(.shape) }
                }
            } else if strict {
                return .failure(.shape)
            }
            if !c.atEnd {
                guard let o = DateReader.readOffset(&c) else { return .failure(.shape) }
                offset = o
            }
        } else if strict {
            return .failure(.shape)
        }
        guard c.atEnd else { return .failure(.shape) }
        if strict, offset == nil { return .failure(.shape) }
        return make(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, fraction: fraction,
            offset: offset)
    }

    /// Reads `Z`, `+hh:mm`, `+hhmm`, `+hh` (after an optional `GMT`/`UTC`), returning seconds east of UTC: the one
    /// reader of UTC offsets (a mapping's `timeZone` of `+02:00` too).
    static func readOffset(_ c: inout ByteCursor) -> Int? {
        let b = c.b
        let n = b.count
        if c.p + 3 <= n {
            let (x, y, z) = (b[c.p], b[c.p + 1], b[c.p + 2])
            let gmt = x == UInt8(ascii: "G") && y == UInt8(ascii: "M") && z == UInt8(ascii: "T")
            let utc = x == UInt8(ascii: "U") && y == UInt8(ascii: "T") && z == UInt8(ascii: "C")
            if gmt || utc {
                c.p += 3
                if c.atEnd || (c.peek != UInt8(ascii: "+") && c.peek != UInt8(ascii: "-")) { return 0 }
            }
        }
        if c.byte(UInt8(ascii: "Z")) || c.byte(UInt8(ascii: "z")) { return 0 }
        let sign: Int
        if c.byte(UInt8(ascii: "-")) {
            sign = -1
        } else if c.byte(UInt8(ascii: "+")) {
            sign = 1
        } else {
            return nil
        }
        guard let h = c.digits(2), h <= 23 else { return nil }
        var m = 0
        if c.byte(UInt8(ascii: ":")) {
            guard let mm = c.digits(2) else { return nil }
            m = mm
        } else if let mm = c.digits(2) {
            m = mm
        }
        guard m <= 59 else { return nil }
        return sign * (h * 3600 + m * 60)
    }

    // MARK: Patterns

    private static let monthNames = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
        "december",
    ].map { Array($0.utf8) }
    private static let weekdayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        .map { Array($0.utf8) }

    private func readFields(_ b: UnsafeBufferPointer<UInt8>, _ tokens: [Token]) -> Result<Date, Failure> {
        var p = 0
        let n = b.count
        var year = 1970
        var month = 1
        var day = 1
        var hour = 0
        var hour12: Int? = nil
        var pm: Bool? = nil
        var minute = 0
        var second = 0
        var fraction = 0.0
        var offset: Int? = nil
        func lower(_ c: UInt8) -> UInt8 { c >= 0x41 && c <= 0x5A ? c + 32 : c }
        for token in tokens {
            switch token {
            case .literal(let bytes):
                for c in bytes {
                    guard p < n, b[p] == c else { return .failure(.shape) }
                    p += 1
                }
            case .number(let field, let minDigits, let maxDigits):
                let start = p
                var v = 0
                var frac = 0.0
                var scale = 0.1
                while p < n, p - start < maxDigits, b[p] >= 0x30, b[p] <= 0x39 {
                    v = v &* 10 &+ Int(b[p] - 0x30)
                    frac += Double(b[p] - 0x30) * scale
                    scale /= 10
                    p += 1
                }
                guard p - start >= minDigits else { return .failure(.shape) }
                switch field {
                case .year: year = v
                case .month: month = v
                case .day: day = v
                case .hour: hour = v
                case .hour12: hour12 = v
                case .minute: minute = v
                case .second: second = v
                case .fraction: fraction = frac
                }
            case .monthName:
                guard let k = DateReader.readName(DateReader.monthNames, b, &p) else { return .failure(.shape) }
                month = k + 1
            case .weekdayName:
                guard DateReader.readName(DateReader.weekdayNames, b, &p) != nil else { return .failure(.shape) }
            case .ampm:
                guard p + 2 <= n, lower(b[p + 1]) == UInt8(ascii: "m") else { return .failure(.shape) }
                switch lower(b[p]) {
                case UInt8(ascii: "a"): pm = false
                case UInt8(ascii: "p"): pm = true
                default: return .failure(.shape)
                }
                p += 2
            case .zone:
                var c = ByteCursor(b)
                c.p = p
                guard let o = DateReader.readOffset(&c) else { return .failure(.shape) }
                p = c.p
                offset = o
            }
        }
        guard p == n else { return .failure(.shape) }
        if let h = hour12 {
            guard (1...12).contains(h) else { return .failure(.range("hour \(h) is not on a 12-hour clock")) }
            hour = (h % 12) + ((pm ?? false) ? 12 : 0)
        }
        return make(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, fraction: fraction,
            offset: offset)
    }

    /// Matches a full name or its first three letters at `p`, case-insensitively; returns its position.
    private static func readName(_ names: [[UInt8]], _ b: UnsafeBufferPointer<UInt8>, _ p: inout Int) -> Int? {
        let n = b.count
        func lower(_ c: UInt8) -> UInt8 { c >= 0x41 && c <= 0x5A ? c + 32 : c }
        func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
        for (k, full) in names.enumerated() {
            var len = 0
            while p + len < n, len < full.count, lower(b[p + len]) == full[len] { len += 1 }
            if len == full.count || (len == 3 && (p + 3 == n || !isLetter(b[p + 3]))) {
                p += len
                return k
            }
        }
        return nil
    }

    /// A Unix time as a date, or a range failure for one no calendar year can hold.
    static func unixDate(_ seconds: Double) -> Result<Date, Failure> {
        guard ISO8601Text.secondsRange.contains(seconds) else {
            return .failure(.range("\(seconds) seconds since 1970 is outside the years -9999 to 9999"))
        }
        return .success(Date(timeIntervalSince1970: seconds))
    }

    // MARK: Calendar arithmetic

    private func make(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, fraction: Double, offset: Int?
    ) -> Result<Date, Failure> {
        // The years dates may have (as for Unix times): a long year field (`yyyyyyyyyyyyMM`) reads more.
        guard (-9999...9999).contains(year) else {
            return .failure(.range("year \(year) is outside the years -9999 to 9999"))
        }
        guard (1...12).contains(month) else { return .failure(.range("month \(month) does not exist")) }
        let dim = DateReader.daysInMonth(year, month)
        guard (1...dim).contains(day) else {
            return .failure(.range("day \(day) does not exist in \(DateReader.monthTitle(month)) \(year)"))
        }
        guard (0...23).contains(hour) else { return .failure(.range("hour \(hour) does not exist")) }
        guard (0...59).contains(minute) else { return .failure(.range("minute \(minute) does not exist")) }
        guard (0...60).contains(second) else { return .failure(.range("second \(second) does not exist")) }
        let days = CivilCalendar.days(year: year, month: month, day: day)
        let local = Double(days * 86_400 + hour * 3600 + minute * 60 + second) + fraction
        if let offset { return .success(Date(timeIntervalSince1970: local - Double(offset))) }
        if utc { return .success(Date(timeIntervalSince1970: local)) }
        // Local wall time to UTC: guess with the offset at the wall time, then correct once.
        var guess = local - Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: local)))
        guess = local - Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: guess)))
        return .success(Date(timeIntervalSince1970: guess))
    }

    static func daysInMonth(_ y: Int, _ m: Int) -> Int {
        switch m {
        case 2: (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func monthTitle(_ m: Int) -> String {
        [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ][m - 1]
    }
}

extension DateStyle {
    var foundation: DateFormatter.Style {
        switch self {
        case .none: .none
        case .short: .short
        case .medium: .medium
        case .long: .long
        case .full: .full
        }
    }
}
