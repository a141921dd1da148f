/// `application/x-www-form-urlencoded` bodies: an object of ordered name/value pairs.
///
/// Pairs are separated by `&`; the first `=` splits a name from its value (a pair without `=` has the value
/// `""`); `+` decodes to a space and `%HH` to the byte it names. Repeated names are kept in order as separate
/// members (addressed `$.tag`, `$.tag#1`), and empty pairs (`a=1&&b=2`) are skipped. Each member's span is its
/// whole `name=value` pair. A `%` that is not followed by two hex digits is an error at its column, so a body
/// that is not really form-encoded is reported rather than silently changed. A single trailing line break (as
/// left by editors) is ignored. Decoded bytes that are not UTF-8 show as `\xHH`.
public struct FormFormat: Parser {
    /// Creates the entry.
    public init() {}

    /// `form`.
    public var name: String { "form" }

    /// Accepts `form` and `application/x-www-form-urlencoded`.
    public func isDataTypeAcceptable(_ type: String) -> Bool {
        type == "form" || type == "application/x-www-form-urlencoded"
    }

    /// Reads the name/value pairs into an object, one member per pair.
    public func parse(_ bytes: [UInt8]) throws(ParseError) -> Tree {
        var end = bytes.count
        if end > 0, bytes[end - 1] == 0x0A { end -= 1 }
        if end > 0, bytes[end - 1] == 0x0D { end -= 1 }
        var builder = TreeBuilder(source: bytes, format: .form, flagDuplicates: false)
        builder.beginContainer(.object, start: 0)
        var start = 0
        while start < end {
            var stop = start
            while stop < end, bytes[stop] != UInt8(ascii: "&") { stop += 1 }
            if stop > start {
                var equals = start
                while equals < stop, bytes[equals] != UInt8(ascii: "=") { equals += 1 }
                let name = try FormFormat.decode(bytes, start..<equals, what: "field name")
                let value =
                    equals < stop ? try FormFormat.decode(bytes, (equals + 1)..<stop, what: "value of '\(name)'") : ""
                builder.scalar(.string, key: name, value: value, start: start, end: stop)
            }
            start = stop + 1
        }
        builder.endContainer(end: bytes.count)
        return builder.build()
    }

    /// Percent-decodes `range` of `bytes`, with `+` as a space.
    static func decode(_ bytes: [UInt8], _ range: Range<Int>, what: String) throws(ParseError) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        var i = range.lowerBound
        while i < range.upperBound {
            let c = bytes[i]
            if c == UInt8(ascii: "+") {
                out.append(0x20)
            } else if c == UInt8(ascii: "%") {
                guard i + 2 < range.upperBound,
                    let high = PercentEncoding.hex(bytes[i + 1]), let low = PercentEncoding.hex(bytes[i + 2])
                else {
                    let shown = String(decoding: bytes[i..<min(i + 3, range.upperBound)], as: UTF8.self)
                    throw ParseError(
                        "invalid percent escape '\(shown)' in the \(what): '%' must be followed by two hex digits"
                            + " (write %25 for a literal '%')", at: i, in: bytes)
                }
                out.append(high << 4 | low)
                i += 2
            } else {
                out.append(c)
            }
            i += 1
        }
        return TextDecoding.visibleUTF8(out)
    }
}
