import StrataDocuments

/// Bodies that are read while they arrive: server-sent events and JSON lines, whose complete part parses on its own.
public enum StreamingBody {
    /// The parser name (`sse`, `ndjson`) for a Content-Type whose body is a stream of events or lines, else nil.
    public static func format(of contentType: String?) -> String? {
        guard let contentType else { return nil }
        let media = ParserRegistry.mediaType(contentType)
        if EventStreamFormat().isDataTypeAcceptable(media) { return "sse" }
        if JSONLinesFormat().isDataTypeAcceptable(media) { return "ndjson" }
        return nil
    }

    /// True when a response with this head is passed on while it arrives (`strata serve`'s live proxy): a body
    /// that is a stream of events or lines, or whose length was not announced (chunked, or ended by closing). A
    /// `HEAD`, a redirect, `204` and `304` have no body to pass on.
    public static func isRelayed(method: String, status: Int, headers: HTTPHeaders) -> Bool {
        guard method != "HEAD", status >= 200, !(300..<400).contains(status), status != 204 else { return false }
        return format(of: headers["Content-Type"]) != nil || headers["Content-Length"] == nil
    }

    /// The part of `bytes` up to and including its last line break: the lines that have fully arrived.
    public static func completePrefix(_ bytes: [UInt8]) -> [UInt8] {
        guard let last = bytes.lastIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return [] }
        return last == bytes.count - 1 ? bytes : Array(bytes[...last])
    }

    /// The complete records in `bytes` as text, one per element: each event (its field lines, without comments and the
    /// blank line that ends it) for server-sent events, each non-blank line for JSON lines; the rest (not ended yet) is left out.
    /// `strata run` prints these as they arrive.
    public static func records(_ bytes: [UInt8], format: String) -> (records: [String], consumed: Int) {
        var records: [String] = []
        var consumed = 0
        var start = 0
        var eventStart = 0
        while let end = bytes[start...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
            var next = end + 1
            if bytes[end] == 0x0D {
                // A CR at the very end may be the first half of CRLF: wait for the next byte.
                guard next < bytes.count else { break }
                if bytes[next] == 0x0A { next += 1 }
            }
            if format == "ndjson" {
                let line = JSONLinesFormat.trimmed(bytes, start..<end)
                if !line.isEmpty { records.append(TextDecoding.visibleUTF8(Array(bytes[line]))) }
                consumed = next
            } else if end == start {
                let event = TextDecoding.visibleUTF8(Array(bytes[eventStart..<start]))
                    .split(
                        omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
                    )
                    .filter { !$0.hasPrefix(":") }  // comments (keep-alives) are not events
                    .joined(separator: "\n")
                if !event.isEmpty { records.append(event) }
                consumed = next
                eventStart = next
            }
            start = next
        }
        return (records, consumed)
    }

    /// Where the pieces of `body` end when it is sent a piece at a time: after each event (a blank line) for `sse`,
    /// after each line for `ndjson`, every 1 KiB otherwise; the last piece ends at the end of the body.
    public static func pieceEnds(_ body: [UInt8], format: String?) -> [Int] {
        var ends: [Int] = []
        if let format, format == "sse" || format == "ndjson" {
            var from = 0
            while let end = nextPieceEnd(body, from: from, format: format) {
                ends.append(end)
                from = end
            }
        } else {
            ends = Array(stride(from: 1024, to: body.count, by: 1024))
        }
        if ends.last != body.count, !body.isEmpty { ends.append(body.count) }
        return ends
    }

    /// Where the piece of `bytes` that starts at `from` ends (just after the blank line that ends an event for
    /// `sse`, after its line break for `ndjson`), or nil when it does not end within `bytes`. The bytes before
    /// `from` are what came before it (two are enough), so a line break right after the previous piece is seen.
    public static func nextPieceEnd(_ bytes: [UInt8], from: Int, format: String) -> Int? {
        var i = from
        while i < bytes.count {
            if bytes[i] == 0x0A,
                format == "ndjson" || (i > 0 && bytes[i - 1] == 0x0A)
                    || (i > 1 && bytes[i - 1] == 0x0D && bytes[i - 2] == 0x0A)
            {
                return i + 1
            }
            i += 1
        }
        return nil
    }
}
