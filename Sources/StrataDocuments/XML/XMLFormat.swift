/// XML as a registry entry: `xml`, `application/xml`, `text/xml` and any `+xml` media type.
///
/// The document becomes a tree whose root object has one member, the root element, so paths read
/// `$.feed.entry#1.title`. An element maps onto the node kinds like this:
///
/// - attributes become `@name` members (namespace declarations too: `@xmlns:atom`), names kept as written;
/// - child elements become members named as written (`atom:link`), in document order; repeated names stay
///   separate members, addressed `entry`, `entry#1`, `entry#2`;
/// - character data becomes a `#text` member (entities decoded, CDATA kept as text, `\r\n` read as `\n`);
///   white-space-only text between child elements is layout and is dropped;
/// - an element with neither attributes nor child elements is a string node holding its text verbatim
///   (`<title>Swift</title>` reads as `title: "Swift"`), or null when it is empty (`<br/>`, `<a></a>`).
///
/// Spans: an element spans its start tag through its end tag, an attribute its `name="value"`, a `#text` member
/// its characters in the source (from the first to the last, comments in between included), the root the whole
/// document. Comments, processing instructions and the DOCTYPE are skipped; entities declared in the DOCTYPE's
/// internal subset (`<!ENTITY name "value">`) are expanded as text. Documents declared as ISO-8859-1 are decoded
/// as such; UTF-16 is refused with an error.
public struct XMLFormat: Parser {
    /// Only a whole document parses.
    public var needsWholeDocument: Bool { true }

    /// The deepest element nesting accepted.
    public var maxDepth: Int

    /// Creates the entry.
    public init(maxDepth: Int = 10_000) { self.maxDepth = maxDepth }

    /// `xml`.
    public var name: String { "xml" }

    /// Accepts `xml`, the XML media types and any `+xml` suffix.
    public func isDataTypeAcceptable(_ type: String) -> Bool {
        type == "xml" || type == "application/xml" || type == "text/xml" || type.hasSuffix("+xml")
    }

    /// XML starts, after white space and an optional byte order mark, with `<?xml`, `<!` or `<` and a name.
    public func sniff(_ bytes: [UInt8]) -> Bool {
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < bytes.count, JSONBytes.isSpace(bytes[i]) { i += 1 }
        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "<") else { return false }
        let c = bytes[i + 1]
        return c == UInt8(ascii: "?") || c == UInt8(ascii: "!") || XMLBytes.isNameStart(c)
    }

    /// Reads the document into a tree whose root object holds the root element.
    public func parse(_ bytes: [UInt8]) throws(ParseError) -> Tree {
        guard bytes.count < Int(UInt32.max) else {
            throw ParseError(message: "input larger than 4 GiB is not supported", offset: 0, line: 1, column: 1)
        }
        let result = bytes.withUnsafeBufferPointer { input -> Result<Tree, XMLReader.Failure> in
            var reader = XMLReader(input: input, source: bytes, maxDepth: maxDepth)
            do throws(XMLReader.Failure) { return .success(try reader.run()) } catch { return .failure(error) }
        }
        switch result {
        case .success(let tree): return tree
        case .failure(let failure): throw ParseError(failure.message, at: failure.offset, in: bytes)
        }
    }
}

/// Byte classes for XML names and white space.
enum XMLBytes {
    /// True for bytes that may start a name: ASCII letters, `_`, `:`, and any non-ASCII byte.
    @inline(__always) static func isNameStart(_ c: UInt8) -> Bool {
        (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z") || c == UInt8(ascii: "_")
            || c == UInt8(ascii: ":") || c >= 0x80
    }

    /// True for bytes that may continue a name: name starts, digits, `-` and `.`.
    @inline(__always) static func isName(_ c: UInt8) -> Bool {
        isNameStart(c) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "-")
            || c == UInt8(ascii: ".")
    }
}
