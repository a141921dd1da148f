/// Server-sent events (`text/event-stream`, the WHATWG HTML event-stream format): an array with one object per
/// event, its members the fields the event gave, in the order they first appeared: `event`, `id`, `retry` (a
/// number) and `data`.
///
/// Lines end with LF, CRLF or CR; a blank line ends an event. `data` lines are joined with line breaks and the
/// result is read as JSON when it is JSON (an object, array, number, …), else kept as a string. Lines starting
/// with `:` are comments and skipped, as are fields the format does not define; one space after the colon is
/// dropped. An event block with no field at all (only comments) is not an event. Unlike a browser, the last event
/// is kept when the stream ends without its blank line, so a fixture written by hand shows whole, and so does a
/// stream still arriving. The format has no errors: every line means something or is ignored.
public struct EventStreamFormat: Parser {
    /// The JSON parser `data` goes through.
    public var parser: JSONParser

    /// Creates the entry.
    public init(parser: JSONParser = JSONParser()) { self.parser = parser }

    /// `sse`.
    public var name: String { "sse" }

    /// Accepts `sse` and `text/event-stream`.
    public func isDataTypeAcceptable(_ type: String) -> Bool { type == "sse" || type == "text/event-stream" }

    /// One field line of the event being read: its name and where its value is.
    private struct Field {
        var name: String
        var value: Range<Int>
    }

    /// Reads the events in order.
    public func parse(_ bytes: [UInt8]) throws(ParseError) -> Tree {
        var builder = TreeBuilder(source: bytes, format: .custom("sse"), flagDuplicates: false)
        builder.beginContainer(.array, start: 0)
        var fields: [Field] = []
        var eventStart = 0
        var eventEnd = 0
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            var next = end + 1
            if end < bytes.count, bytes[end] == 0x0D, next < bytes.count, bytes[next] == 0x0A { next += 1 }
            if end == start {
                emit(fields, span: eventStart..<eventEnd, bytes: bytes, into: &builder)
                fields = []
            } else if bytes[start] != UInt8(ascii: ":") {
                if fields.isEmpty { eventStart = start }
                eventEnd = end
                let colon = bytes[start..<end].firstIndex(of: UInt8(ascii: ":")) ?? end
                var valueStart = min(colon + 1, end)
                if valueStart < end, bytes[valueStart] == 0x20 { valueStart += 1 }
                let name = String(decoding: bytes[start..<colon], as: UTF8.self)
                if ["event", "id", "retry", "data"].contains(name) {
                    fields.append(Field(name: name, value: valueStart..<end))
                }
            }
            start = next
        }
        emit(fields, span: eventStart..<eventEnd, bytes: bytes, into: &builder)
        builder.endContainer(end: bytes.count)
        return builder.build()
    }

    /// Adds one event object for `fields` (nothing when there are none).
    private func emit(_ fields: [Field], span: Range<Int>, bytes: [UInt8], into builder: inout TreeBuilder) {
        guard !fields.isEmpty else { return }
        builder.beginContainer(.object, start: span.lowerBound)
        var seen: Set<String> = []
        for field in fields where seen.insert(field.name).inserted {
            // The last `event`, `id` and `retry` win (as in a browser); all `data` lines are joined.
            let same = fields.filter { $0.name == field.name }
            let last = same.last!.value
            switch field.name {
            case "data":
                let lines = same.map(\.value)
                if lines.count == 1 {
                    data(Array(bytes[last]), offset: last.lowerBound, span: nil, into: &builder)
                } else {
                    var joined: [UInt8] = []
                    for (k, line) in lines.enumerated() {
                        if k > 0 { joined.append(0x0A) }
                        joined.append(contentsOf: bytes[line])
                    }
                    let range = lines.first!.lowerBound..<lines.last!.upperBound
                    data(joined, offset: range.lowerBound, span: range, into: &builder)
                }
            case "retry" where !last.isEmpty && bytes[last].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }):
                builder.scalar(
                    .number, key: "retry", value: String(decoding: bytes[last], as: UTF8.self),
                    start: last.lowerBound, end: last.upperBound)
            default:
                builder.scalar(
                    .string, key: field.name, value: TextDecoding.visibleUTF8(Array(bytes[last])),
                    start: last.lowerBound, end: last.upperBound)
            }
        }
        builder.endContainer(end: span.upperBound)
    }

    /// The `data` member: its JSON value when the text is JSON, else the text.
    private func data(_ text: [UInt8], offset: Int, span: Range<Int>?, into builder: inout TreeBuilder) {
        let range = span ?? offset..<(offset + text.count)
        if text.contains(where: { !JSONBytes.isSpace($0) }), let tree = try? parser.parse(text) {
            builder.graft(tree, key: "data", offset: offset, span: span)
        } else {
            builder.scalar(
                .string, key: "data", value: TextDecoding.visibleUTF8(text), start: range.lowerBound,
                end: range.upperBound)
        }
    }
}
