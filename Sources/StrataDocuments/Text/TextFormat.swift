/// Plain text as a registry entry: the whole body becomes one string node, or a hex view when it is binary.
///
/// A UTF-8 body is binary when it holds a NUL byte or is not valid UTF-8; such a body is shown as `HexView` rows
/// instead (the tree's `format` is then `binary`). A UTF-8 byte order mark is left out of the string value but
/// stays inside the node's span. Control characters are kept: showing them is the reader's job. With the
/// `latin1` encoding (a `charset=iso-8859-1` Content-Type) every byte is a character and only NULs make binary.
public struct TextFormat: Parser {
    /// How the bytes are read.
    public enum Encoding: Sendable {
        /// UTF-8, the default.
        case utf8
        /// ISO-8859-1 (also used for `windows-1252`): every byte is the code point of the same value.
        case latin1
    }

    /// How the bytes are read.
    public var encoding: Encoding

    /// Creates the entry.
    public init(encoding: Encoding = .utf8) { self.encoding = encoding }

    /// `text`.
    public var name: String { "text" }

    /// Accepts `text` and every `text/...` media type that no more specific parser claims.
    public func isDataTypeAcceptable(_ type: String) -> Bool {
        type == "text" || type.hasPrefix("text/")
    }

    /// One string node for the whole body, or a hex view when the body is binary.
    public func parse(_ bytes: [UInt8]) throws(ParseError) -> Tree {
        var builder = TreeBuilder(source: bytes, format: .text)
        switch encoding {
        case .latin1 where !bytes.contains(0):
            let text = bytes.withUnsafeBufferPointer { TextDecoding.latin1($0) }
            builder.scalar(.string, value: text, start: 0, end: bytes.count)
        default:
            if TextDecoding.isBinary(bytes) { return HexView.tree(bytes) }
            let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
            builder.scalar(.string, value: String(decoding: body, as: UTF8.self), start: 0, end: bytes.count)
        }
        return builder.build()
    }
}
