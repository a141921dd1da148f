/// The hex view as a registry entry, for forcing it with `--type hex` (or the type names `binary`).
public struct HexFormat: Parser {
    /// Creates the entry.
    public init() {}

    public var name: String { "hex" }

    public func isDataTypeAcceptable(_ type: String) -> Bool { type == "hex" || type == "binary" }

    public func parse(_ bytes: [UInt8]) throws(ParseError) -> Tree { HexView.tree(bytes) }
}
