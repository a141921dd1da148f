/// Percent-encoding for URL paths, queries and form bodies (RFC 3986, WHATWG form encoding).
public enum PercentEncoding {
    /// Letters, digits and `-._~`.
    static let unreserved: Set<UInt8> = Set(
        Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8))
    /// What may stay as is inside one path segment (`/` is encoded so a value stays one segment).
    static let pathSegment: Set<UInt8> = unreserved.union("!$&'()*+,;=:@".utf8)

    /// Encodes every UTF-8 byte of `s` not in `allowed` as `%XX`.
    static func encode(_ s: String, allowing allowed: Set<UInt8>) -> String {
        var out = ""
        for b in s.utf8 {
            if allowed.contains(b) {
                out.unicodeScalars.append(Unicode.Scalar(b))
            } else {
                out += "%" + JSONString.hexDigits(UInt32(b), 2)
            }
        }
        return out
    }

    /// `application/x-www-form-urlencoded`: unreserved bytes as is, space as `+`, the rest as `%XX`.
    static func formEncode(_ s: String) -> String {
        encode(s, allowing: unreserved.union([0x20])).replacingOccurrences(of: " ", with: "+")
    }

    /// Decodes `%XX` escapes (and `+` as space when `plusAsSpace`); malformed escapes stay as written.
    public static func decode(_ s: String, plusAsSpace: Bool = false) -> String {
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
