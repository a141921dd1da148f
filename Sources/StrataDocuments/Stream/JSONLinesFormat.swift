/// Newline-delimited JSON (`application/x-ndjson`, JSON Lines `application/jsonl`): one JSON value per line, read
/// as an array with one element per line.
///
/// Lines end with LF or CRLF; blank lines are skipped. A line that is not JSON is an error at its own line and
/// column (`3:9: expected ',' or '}' …`). Each element points at its line's bytes, so the raw pane and the parsed
/// pane stay linked. A response that streams lines can be read before it ends: give the bytes up to the last line
/// break (``StreamingBody/completePrefix(_:)``).
public struct JSONLinesFormat: Parser {
    /// The JSON parser each line goes through.
    public var parser: JSONParser

    /// Creates the entry.
    public init(parser: JSONParser = JSONParser()) { self.parser = parser }

    /// `ndjson`.
    public var name: String { "ndjson" }

    /// The media types read: NDJSON's and JSON Lines' names in use.
    public static let mediaTypes: Set<String> = [
        "application/x-ndjson", "application/ndjson", "application/jsonl", "application/x-jsonl",
        "application/jsonlines", "application/x-jsonlines", "application/json-lines",
    ]

    /// Accepts `ndjson`, `jsonl` and the media types in ``mediaTypes``.
    public func isDataTypeAcceptable(_ type: String) -> Bool {
        type == "ndjson" || type == "jsonl" || JSONLinesFormat.mediaTypes.contains(type)
    }

    /// At least two non-blank lines, the first of which is a whole JSON object or array by itself (so pretty-printed
    /// JSON, whose first line is only `{`, is not claimed).
    public func sniff(_ bytes: [UInt8]) -> Bool {
        guard let firstEnd = bytes.firstIndex(of: 0x0A), firstEnd <= 1 << 20 else { return false }
        guard bytes[(firstEnd + 1)...].contains(where: { !JSONBytes.isSpace($0) }) else { return false }
        let line = JSONLinesFormat.trimmed(bytes, 0..<firstEnd)
        guard let first = line.first.map({ bytes[$0] }), first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
        else { return false }
        return (try? parser.parse(Array(bytes[line]))) != nil
    }

    /// Reads each non-blank line as a JSON value, in order.
    public func parse(_ bytes: [UInt8]) throws(ParseError) -> Tree {
        var builder = TreeBuilder(source: bytes, format: .custom("ndjson"))
        builder.beginContainer(.array, start: 0)
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            let line = JSONLinesFormat.trimmed(bytes, start..<end)
            if !line.isEmpty {
                let tree: Tree
                do {
                    tree = try parser.parse(Array(bytes[line]))
                } catch {
                    throw ParseError(error.message, at: line.lowerBound + error.offset, in: bytes)
                }
                builder.graft(tree, key: nil, offset: line.lowerBound)
            }
            start = end + 1
        }
        builder.endContainer(end: bytes.count)
        return builder.build()
    }

    /// `range` without the white space around it (a CR before LF included).
    package static func trimmed(_ bytes: [UInt8], _ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, JSONBytes.isSpace(bytes[lower]) { lower += 1 }
        while upper > lower, JSONBytes.isSpace(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }
}
