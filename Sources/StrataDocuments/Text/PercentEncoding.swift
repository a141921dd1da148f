/// Percent-encoding for URL paths, queries and form bodies (RFC 3986, WHATWG form encoding).
public enum PercentEncoding {
    /// Letters, digits and `-._~`.
    package static let unreserved = ByteSet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    /// What may stay as is inside one path segment (`/` is encoded so a value stays one segment).
    package static let pathSegment = unreserved.union("!$&'()*+,;=:@".utf8)
    /// What may stay as is in a whole path: a segment's bytes and `/`.
    package static let path = pathSegment.union("/".utf8)

    /// Encodes every UTF-8 byte of `s` not in `allowed` as `%XX`.
    ///
    /// One table lookup per byte into a byte buffer: a value pasted into the explorer (100 000 characters) is
    /// encoded for every frame that shows the request.
    package static func encode(_ s: String, allowing allowed: ByteSet) -> String {
        encode(s, allowing: allowed, space: nil)
    }

    /// `s` with every byte not in `allowed` encoded as `%XX`, keeping the `%XX` escapes it already holds (a `%` that
    /// starts none becomes `%25`): text that is meant to be URL text already, made to be nothing else.
    package static func reencode(_ s: String, allowing allowed: ByteSet) -> String {
        let u = Array(s.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(u.count)
        for (i, b) in u.enumerated() {
            if allowed.contains(b)
                || (b == UInt8(ascii: "%") && i + 2 < u.count && hex(u[i + 1]) != nil && hex(u[i + 2]) != nil)
            {
                out.append(b)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(upperHexDigits[Int(b >> 4)])
                out.append(upperHexDigits[Int(b & 0xF)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `0`–`9`, `A`–`F`.
    static let upperHexDigits = Array("0123456789ABCDEF".utf8)

    /// `application/x-www-form-urlencoded`: unreserved bytes as is, space as `+`, the rest as `%XX`.
    package static func formEncode(_ s: String) -> String {
        encode(s, allowing: unreserved, space: UInt8(ascii: "+"))
    }

    /// ``encode(_:allowing:)``, with a space written as `space` when given.
    private static func encode(_ s: String, allowing allowed: ByteSet, space: UInt8?) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        for b in s.utf8 {
            if allowed.contains(b) {
                out.append(b)
            } else if b == 0x20, let space {
                out.append(space)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(upperHexDigits[Int(b >> 4)])
                out.append(upperHexDigits[Int(b & 0xF)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes `%XX` escapes (and `+` as space when `plusAsSpace`); malformed escapes stay as written.
    public static func decode(_ s: String, plusAsSpace: Bool = false) -> String {
        // Most paths and values have nothing to decode: they are their own decoding.
        guard s.utf8.contains(where: { $0 == UInt8(ascii: "%") || (plusAsSpace && $0 == UInt8(ascii: "+")) }) else {
            return s
        }
        var bytes: [UInt8] = []
        let u = Array(s.utf8)
        var i = 0
        while i < u.count {
            if u[i] == UInt8(ascii: "%"), i + 2 < u.count, let h = hex(u[i + 1]), let l = hex(u[i + 2]) {
                bytes.append(h << 4 | l)
                i += 3
            } else if plusAsSpace, u[i] == UInt8(ascii: "+") {
                bytes.append(0x20)
                i += 1
            } else {
                bytes.append(u[i])
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The value of hex digit `c` (either case), or nil.
    static func hex(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: c - 0x30
        case 0x41...0x46: c - 0x41 + 10
        case 0x61...0x66: c - 0x61 + 10
        default: nil
        }
    }
}
