/// How a date property's text (or number) is read.
public enum DateFormat: Sendable, Hashable, CustomStringConvertible {
    /// ISO 8601, leniently: `2011-07-04`, `2011-07-04T10:30:00`, with optional fraction and zone (`Z`, `+02:00`).
    case iso8601
    /// RFC 3339: a full date-time with a zone, `2011-07-04T10:30:00.5Z`.
    case rfc3339
    /// Seconds since 1970-01-01T00:00:00Z (a number, or a string of digits).
    case unix
    /// Milliseconds since 1970-01-01T00:00:00Z.
    case unixMilliseconds
    /// A Unicode (ICU) date pattern such as `yyyyMMdd` or `M/d/yyyy`, read with the POSIX locale.
    case pattern(String)
    /// DXDAL's `dateStyle` / `timeStyle`: a locale style, read with the POSIX locale.
    case styles(date: DateStyle, time: DateStyle)

    /// The names accepted for `format` besides patterns.
    public static let namedFormats = ["iso8601", "rfc3339", "unix", "unixms"]

    /// Reads a `format` value: one of the named formats, or otherwise a pattern.
    public init(configuration text: String) {
        switch text {
        case "iso8601": self = .iso8601
        case "rfc3339": self = .rfc3339
        case "unix": self = .unix
        case "unixms": self = .unixMilliseconds
        default: self = .pattern(text)
        }
    }

    /// The format as written in configuration (`M/d/yyyy`, `iso8601`, `dateStyle medium`).
    public var description: String {
        switch self {
        case .iso8601: "iso8601"
        case .rfc3339: "rfc3339"
        case .unix: "unix"
        case .unixMilliseconds: "unixms"
        case .pattern(let p): p
        case .styles(let d, let t):
            [d == .none ? nil : "dateStyle \(d.rawValue)", t == .none ? nil : "timeStyle \(t.rawValue)"]
                .compactMap { $0 }.joined(separator: ", ")
        }
    }
}

/// A locale date or time style, as Foundation's `DateFormatter.Style` names them.
public enum DateStyle: String, Sendable, Hashable, CaseIterable {
    /// No date or time part, then shortest (`1/2/24`) to fullest (`Tuesday, January 2, 2024`).
    case none, short, medium, long, full
}
