/// Turning raw bytes into display text without losing anything: invalid UTF-8 shows as `\xFF` escapes.
package enum TextDecoding {
    /// Decodes UTF-8 `bytes`, showing each byte that is not part of a well-formed sequence as `\xHH`.
    static func visibleUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        // Names and keys are nearly always ASCII; String(validating:) is much slower for short strings.
        if isASCII(bytes) { return String(decoding: bytes, as: UTF8.self) }
        if let s = String(validating: bytes, as: UTF8.self) { return s }
        // Built as UTF-8 bytes: appending a string to a `String.UnicodeScalarView` copies the whole view, which made
        // a run of bad bytes quadratic.
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 2)
        var i = 0
        while i < bytes.count {
            let c = bytes[i]
            if c < 0x80 {
                out.append(c)
                i += 1
            } else if let (_, length) = JSONString.decodeUTF8(bytes, i) {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<(i + length)]))
                i += length
            } else {
                appendHexEscape(c, to: &out)
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `\xHH` for byte `c` to `out`.
    static func appendHexEscape(_ c: UInt8, to out: inout [UInt8]) {
        let digits: StaticString = "0123456789ABCDEF"
        out.append(UInt8(ascii: "\\"))
        out.append(UInt8(ascii: "x"))
        out.append(digits.utf8Start[Int(c >> 4)])
        out.append(digits.utf8Start[Int(c & 0x0F)])
    }

    /// True when every byte is below 0x80, checked eight bytes at a time.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var i = 0
        while i + 8 <= bytes.count {
            if UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            i += 8
        }
        while i < bytes.count {
            if bytes[i] >= 0x80 { return false }
            i += 1
        }
        return true
    }

    /// Decodes UTF-8 `bytes` as `visibleUTF8(_:)` does.
    package static func visibleUTF8(_ bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { visibleUTF8($0) }
    }

    /// Decodes ISO-8859-1 `bytes`: every byte is the code point of the same value.
    static func latin1(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for c in bytes {
            if c < 0x80 {
                out.append(c)
            } else {
                out.append(0xC0 | c >> 6)
                out.append(0x80 | c & 0x3F)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// True when `bytes` are not text: they hold a NUL byte or are not valid UTF-8.
    static func isBinary(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { b in
            b.contains(0) || String(validating: b, as: UTF8.self) == nil
        }
    }
}
