/// Plain text as a registry entry: the whole body becomes one string node, or a hex view when it is binary.
///
/// A body is binary when it holds a NUL byte or is not valid UTF-8; such a body is shown as `HexView` rows
/// instead (the tree's `format` is then `binary`). A UTF-8 byte order mark is left out of the string value but
/// stays inside the node's span. Control characters are kept: showing them is the reader's job.
public struct TextFormat: Parser {
    /// Creates the entry.
    public init() {}

    public var name: String { "text" }

    /// Accepts `text` and every `text/...` media type that no more specific parser claims.
    public func isDataTypeAcceptable(_ type: String) -> Bool {
        type == "text" || type.hasPrefix("text/")
    }

    public func parse(_ bytes: [UInt8]) throws(ParseError) -> Tree {
        if TextDecoding.isBinary(bytes) { return HexView.tree(bytes) }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        var builder = TreeBuilder(source: bytes, format: "text")
        builder.scalar(.string, value: String(decoding: body, as: UTF8.self), start: 0, end: bytes.count)
        return builder.build()
    }
}
