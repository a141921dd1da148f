/// Decoding and quoting JSON string literals, without ever failing on bad input.
public enum JSONString {
    /// How `decode` shows what cannot be represented as Unicode text.
    enum Invalid {
        /// Visible escapes for people: `\xFF` for a bad byte, `\uD800` for a lone surrogate.
        case visible
        /// For JSON output: a lone surrogate stays a `\uD800` escape, a bad byte becomes U+FFFD.
        case json
    }

    /// Decodes the body of a JSON string literal (the bytes between the quotes) for display.
    public static func decode(_ bytes: [UInt8], _ from: Int, _ to: Int) -> String {
        bytes.withUnsafeBufferPointer { decode(UnsafeBufferPointer(rebasing: $0[from..<max(from, to)]), .visible) }
    }

    /// Decodes `body` (no surrounding quotes), reporting unrepresentable input as `invalid` says.
    static func decode(_ body: UnsafeBufferPointer<UInt8>, _ invalid: Invalid) -> String {
        if !body.contains(UInt8(ascii: "\\")), let s = String(validating: body, as: UTF8.self) {
            return s
        }
        // Built as UTF-8 bytes: appending a string to a `String.UnicodeScalarView` copies the whole view, which made
        // a run of bad bytes or bad escapes quadratic.
        var out: [UInt8] = []
        out.reserveCapacity(body.count + body.count / 2)
        var i = 0
        let n = body.count
        func hex4(_ at: Int) -> UInt32? {
            guard at + 4 <= n else { return nil }
            var v: UInt32 = 0
            for k in at..<(at + 4) {
                let c = body[k]
                let d: UInt32
                switch c {
                case 0x30...0x39: d = UInt32(c - 0x30)
                case 0x41...0x46: d = UInt32(c - 0x41 + 10)
                case 0x61...0x66: d = UInt32(c - 0x61 + 10)
                default: return nil
                }
                v = v << 4 | d
            }
            return v
        }
        while i < n {
            let c = body[i]
            if c == UInt8(ascii: "\\"), i + 1 < n {
                let e = body[i + 1]
                switch e {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    guard let u = hex4(i + 2) else {
                        out.append(UInt8(ascii: "\\"))
                        out.append(UInt8(ascii: "u"))
                        i += 2
                        continue
                    }
                    if (0xD800...0xDBFF).contains(u), i + 7 < n, body[i + 6] == UInt8(ascii: "\\"),
                        body[i + 7] == UInt8(ascii: "u"), let low = hex4(i + 8), (0xDC00...0xDFFF).contains(low)
                    {
                        appendUTF8(Unicode.Scalar(0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00))!, to: &out)
                        i += 12
                        continue
                    }
                    if let scalar = Unicode.Scalar(u) {
                        appendUTF8(scalar, to: &out)
                    } else {
                        out.append(contentsOf: ("\\u" + hexDigits(u, 4)).utf8)
                    }
                    i += 6
                    continue
                default: appendUTF8(Unicode.Scalar(e), to: &out)
                }
                i += 2
                continue
            }
            if c < 0x80 {
                out.append(c)
                i += 1
                continue
            }
            if let (_, len) = decodeUTF8(body, i) {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: body[i..<(i + len)]))
                i += len
            } else {
                if invalid == .visible {
                    TextDecoding.appendHexEscape(c, to: &out)
                } else {
                    out.append(contentsOf: [0xEF, 0xBF, 0xBD])  // U+FFFD
                }
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the UTF-8 encoding of `scalar` to `out`.
    static func appendUTF8(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
        let v = scalar.value
        switch v {
        case 0..<0x80:
            out.append(UInt8(v))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | v >> 6))
            out.append(UInt8(0x80 | v & 0x3F))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | v >> 12))
            out.append(UInt8(0x80 | v >> 6 & 0x3F))
            out.append(UInt8(0x80 | v & 0x3F))
        default:
            out.append(UInt8(0xF0 | v >> 18))
            out.append(UInt8(0x80 | v >> 12 & 0x3F))
            out.append(UInt8(0x80 | v >> 6 & 0x3F))
            out.append(UInt8(0x80 | v & 0x3F))
        }
    }

    /// Decodes one well-formed UTF-8 sequence at `i` (no overlongs, no surrogates).
    package static func decodeUTF8(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> (Unicode.Scalar, Int)? {
        let c0 = UInt32(b[i])
        func cont(_ k: Int) -> UInt32? {
            guard i + k < b.count, b[i + k] & 0xC0 == 0x80 else { return nil }
            return UInt32(b[i + k] & 0x3F)
        }
        var v: UInt32
        let len: Int
        if c0 >= 0xC2 && c0 <= 0xDF {
            guard let c1 = cont(1) else { return nil }
            v = (c0 & 0x1F) << 6 | c1
            len = 2
        } else if c0 >= 0xE0 && c0 <= 0xEF {
            guard let c1 = cont(1), let c2 = cont(2) else { return nil }
            v = (c0 & 0x0F) << 12 | c1 << 6 | c2
            guard v >= 0x800 else { return nil }
            len = 3
        } else if c0 >= 0xF0 && c0 <= 0xF4 {
            guard let c1 = cont(1), let c2 = cont(2), let c3 = cont(3) else { return nil }
            v = (c0 & 0x07) << 18 | c1 << 12 | c2 << 6 | c3
            guard v >= 0x10000, v <= 0x10FFFF else { return nil }
            len = 4
        } else {
            return nil
        }
        guard let s = Unicode.Scalar(v) else { return nil }
        return (s, len)
    }

    /// Quotes `s` as a JSON string literal with minimal escaping (control characters as `\uXXXX`).
    public static func quote(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count + 2)
        appendQuoted(s, to: &out)
        return out
    }

    /// Appends `s` quoted as a JSON string literal (``quote(_:)``) to `out`, without a string of its own.
    package static func appendQuoted(_ s: String, to out: inout String) {
        out.append("\"")
        appendEscaped(s, to: &out)
        out.append("\"")
    }

    /// Appends the JSON-escaped form of `s` (no quotes) to `out`.
    ///
    /// Works on UTF-8 bytes: everything escaped is ASCII, and a string with nothing to escape (most) is appended
    /// whole.
    public static func appendEscaped(_ s: String, to out: inout String) {
        guard s.utf8.contains(where: { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 || $0 == 0x7F }) else {
            out += s
            return
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(s.utf8.count + 16)
        var s = s
        s.withUTF8 { appendEscaped($0, to: &bytes) }
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the JSON-escaped form of UTF-8 `bytes` (no quotes) to `out`, as ``appendEscaped(_:to:)-(String,_)``
    /// escapes a string, writing into room reserved for the worst case (six bytes a byte) in one pass.
    package static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        let hex = upperHexDigits
        out.append(
            contentsOf: [UInt8](unsafeUninitializedCapacity: bytes.count * 6) { room, written in
                var k = 0
                for b in bytes {
                    guard b == 0x22 || b == 0x5C || b < 0x20 || b == 0x7F else {
                        room[k] = b
                        k += 1
                        continue
                    }
                    room[k] = 0x5C
                    switch b {
                    case 0x22: room[k + 1] = 0x22
                    case 0x5C: room[k + 1] = 0x5C
                    case 0x0A: room[k + 1] = UInt8(ascii: "n")
                    case 0x0D: room[k + 1] = UInt8(ascii: "r")
                    case 0x09: room[k + 1] = UInt8(ascii: "t")
                    case 0x08: room[k + 1] = UInt8(ascii: "b")
                    case 0x0C: room[k + 1] = UInt8(ascii: "f")
                    default:
                        room[k + 1] = UInt8(ascii: "u")
                        room[k + 2] = UInt8(ascii: "0")
                        room[k + 3] = UInt8(ascii: "0")
                        room[k + 4] = hex[Int(b >> 4)]
                        room[k + 5] = hex[Int(b & 0xF)]
                        k += 4
                    }
                    k += 2
                }
                written = k
            })
    }

    /// ``appendEscaped(_:to:)-(UnsafeBufferPointer<UInt8>,_)`` that appends bytes with nothing to escape (most)
    /// as they are, without a buffer of their own.
    package static func appendEscapedBytes(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        if bytes.contains(where: { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 || $0 == 0x7F }) {
            appendEscaped(bytes, to: &out)
        } else {
            out.append(contentsOf: bytes)
        }
    }

    /// `0`–`9`, `A`–`F`.
    private static let upperHexDigits = Array("0123456789ABCDEF".utf8)

    package static func hexDigits(_ v: UInt32, _ width: Int) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - s.count)) + s
    }
}
