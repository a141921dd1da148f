/// Apple property lists, XML (`<plist>`) and binary (`bplist00`), as a registry entry.
///
/// Dictionaries become objects with their keys in document order (binary dictionaries in the order the file
/// stores them), arrays arrays, `<integer>` and `<real>` numbers, `<true/>` and `<false/>` bools, strings strings.
/// Values JSON has no kind for are shown as readable strings: a date as ISO 8601 (`2024-05-01T12:00:00Z`), data
/// as its size and base64 (`5 bytes, base64: aGVsbG8=`), a keyed archiver's UID as `{"CF$UID": 3}`.
///
/// XML property lists keep exact spans (each value spans its element); binary property lists have no text to
/// point into, so every node spans the whole body.
public struct PropertyListFormat: Parser {
    /// Only a whole document parses.
    public var needsWholeDocument: Bool { true }

    /// Creates the entry.
    public init() {}

    /// `plist`.
    public var name: String { "plist" }

    /// Accepts `plist`, the property list media types and any `+plist` suffix.
    public func isDataTypeAcceptable(_ type: String) -> Bool {
        type == "plist" || type == "application/x-plist" || type == "application/plist"
            || type == "application/x-apple-plist" || type == "application/x-bplist" || type.hasSuffix("+plist")
    }

    /// A property list starts with `bplist`, or is XML mentioning `<plist` or `<!DOCTYPE plist` near the start.
    public func sniff(_ bytes: [UInt8]) -> Bool {
        if bytes.starts(with: Array("bplist".utf8)) { return true }
        guard XMLFormat().sniff(bytes) else { return false }
        let head = String(decoding: bytes.prefix(1024), as: UTF8.self)
        return head.contains("<plist") || head.contains("<!DOCTYPE plist")
    }

    /// Reads a binary (`bplist`) or an XML property list.
    public func parse(_ bytes: [UInt8]) throws(ParseError) -> Tree {
        if bytes.starts(with: Array("bplist".utf8)) {
            return try BinaryPropertyListReader(bytes: bytes).read()
        }
        let xml = try XMLFormat().parse(bytes)
        return try PropertyListXMLReader(xml: xml).read()
    }
}
