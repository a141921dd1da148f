/// The hex view as a registry entry, for forcing it with `--type hex` (or the type names `binary`).
public struct HexFormat: Parser {
    /// Creates the entry.
    public init() {}

    /// `hex`.
    public var name: String { "hex" }

    /// Accepts `hex` and `binary`.
    public func isDataTypeAcceptable(_ type: String) -> Bool { type == "hex" || type == "binary" }

    /// The hex view of `bytes`: offset, bytes and characters, 16 bytes a row.
    public func parse(_ bytes: [UInt8]) throws(ParseError) -> Tree { HexView.tree(bytes) }
}
