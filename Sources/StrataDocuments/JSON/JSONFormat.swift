/// The JSON parser as a registry entry: `json`, `application/json` and any `+json` media type.
public struct JSONFormat: Parser {
    /// Only a whole document parses.
    public var needsWholeDocument: Bool { true }

    /// The parser that does the work.
    public var parser: JSONParser

    /// Creates the entry.
    public init(parser: JSONParser = JSONParser()) { self.parser = parser }

    /// `json`.
    public var name: String { "json" }

    /// Accepts `json`, the JSON media types and any `+json` suffix.
    public func isDataTypeAcceptable(_ type: String) -> Bool {
        type == "json" || type == "application/json" || type == "text/json" || type.hasSuffix("+json")
            || type == "application/x-json"
    }

    /// JSON starts, after white space and an optional byte order mark, with `{` or `[`.
    public func sniff(_ bytes: [UInt8]) -> Bool {
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count, JSONBytes.isSpace(bytes[i]) { i += 1 }
        return i < bytes.count && (bytes[i] == UInt8(ascii: "{") || bytes[i] == UInt8(ascii: "["))
    }

    /// Parses with ``parser``.
    public func parse(_ bytes: [UInt8]) throws(ParseError) -> Tree { try parser.parse(bytes) }
}
