/// A readable tree for binary data: hexdump-style rows of 16 bytes, each spanning its bytes in the source.
///
/// The tree (format `binary`) is an object:
///
/// ```
/// format: "binary"
/// bytes: 18
/// rows [] 2
///   [0]: "00000000  7b 22 61 22 3a 00 ff 0a 7b 22 61 22 3a 00 ff 0a  |{"a":...{"a":...|"
///   [1]: "00000010  7d 0a                                            |}.|"
/// ```
///
/// Bodies larger than `maxBytes` show their first `maxBytes` bytes and say so in a `truncated` member; the raw
/// body is untouched.
public enum HexView {
    /// The most bytes shown as rows by default (64 Ki rows).
    public static let defaultMaxBytes = 1 << 20

    /// The hex view tree of `bytes`.
    public static func tree(_ bytes: [UInt8], maxBytes: Int = HexView.defaultMaxBytes) -> Tree {
        var builder = TreeBuilder(source: bytes, format: .binary)
        let shown = min(bytes.count, max(0, maxBytes))
        builder.beginContainer(.object, start: 0)
        builder.scalar(.string, key: "format", value: "binary", start: 0, end: 0)
        builder.scalar(.number, key: "bytes", value: String(bytes.count), start: 0, end: 0)
        if shown < bytes.count {
            builder.scalar(
                .string, key: "truncated", value: "showing the first \(shown) of \(bytes.count) bytes", start: 0,
                end: 0)
        }
        builder.beginContainer(.array, key: "rows", start: 0)
        var offset = 0
        while offset < shown {
            let end = min(offset + 16, shown)
            builder.scalar(.string, value: row(bytes, at: offset, count: end - offset), start: offset, end: end)
            offset = end
        }
        builder.endContainer(end: shown)
        builder.endContainer(end: bytes.count)
        return builder.build()
    }

    /// One row: 8 hex digits of offset, up to 16 bytes in two groups of 8, and the printable ASCII between bars.
    public static func row(_ bytes: [UInt8], at offset: Int, count: Int = 16) -> String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(80)
        var width = 8
        while offset >> (4 * width) != 0 { width += 1 }
        for k in stride(from: width - 1, through: 0, by: -1) { out.append(digits[(offset >> (4 * k)) & 0xF]) }
        out.append(contentsOf: [0x20, 0x20])
        for k in 0..<16 {
            if k == 8 { out.append(0x20) }
            if k < count {
                let c = bytes[offset + k]
                out.append(digits[Int(c >> 4)])
                out.append(digits[Int(c & 0xF)])
                out.append(0x20)
            } else {
                out.append(contentsOf: [0x20, 0x20, 0x20])
            }
        }
        out.append(contentsOf: [0x20, UInt8(ascii: "|")])
        for k in 0..<count {
            let c = bytes[offset + k]
            out.append(c >= 0x20 && c < 0x7F ? c : UInt8(ascii: "."))
        }
        out.append(UInt8(ascii: "|"))
        return String(decoding: out, as: UTF8.self)
    }
}
