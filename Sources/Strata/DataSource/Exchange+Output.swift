import Foundation
import StrataDocuments
import StrataMapping

/// Writing an exchange's views and JSON report in pieces, as `strata run` prints them: the body and the parsed tree
/// are never copied whole (a 1 GiB body is printed from the bytes that hold it), and every piece passes the
/// request's scrubber on its way out.
extension Exchange {
    /// The most bytes of the body handed over in one piece.
    static let outputChunk = 1 << 20

    /// Writes view `view` as `strata run --show` prints it, its text and a final line break, with the request's
    /// secrets scrubbed (a server may echo them), handing `sink` pieces that never split a character.
    public func write(_ view: View, severity: SeverityFilter = .info, to sink: ([UInt8]) -> Void) {
        withoutActuallyEscaping(sink) {
            write(view, severity: severity, into: ScrubbedOutput(request.scrubber, sink: $0))
        }
    }

    /// ``write(_:severity:to:)`` into `out`.
    private func write(_ view: View, severity: SeverityFilter, into output: ScrubbedOutput) {
        var out = output
        switch view {
        case .raw: writeRaw(&out)
        case .parsed: writeParsed(&out)
        case .mapped: writeMapped(&out)
        case .issues: out.emit(issuesText(severity))
        case .all:
            let shown = request.redacted()
            var lines = ["== request", "\(shown.method) \(shown.url)"]
            lines += shown.headers.map { "\($0.name): \($0.value)" }
            if let body = shown.bodyText { lines += ["", body] }
            lines += ["", "== response", summaryLine]
            if case .live(_, let redirects) = response.origin {
                lines += redirects.map { "redirect \($0)" }
            }
            if let timing = response.timing { lines.append("timing \(timing.summary)") }
            lines += response.headers.map { "\($0.name): \($0.value)" }
            out.emit(lines.joined(separator: "\n") + "\n\n== raw\n")
            writeRaw(&out)
            out.emit("\n\n== parsed (\(parsed.parser))\n")
            writeParsed(&out)
            out.emit("\n\n== mapped\n")
            writeMapped(&out)
            out.emit("\n\n== issues\n" + issuesText(severity))
        }
        out.emit("\n")
        out.finish()
    }

    /// Writes ``jsonReport(pretty:severity:)`` and a final line break in pieces: the body string is escaped (or
    /// base64-encoded) as it is read and the parsed tree's JSON written as it is made, so neither is held twice.
    public func writeJSONReport(pretty: Bool = true, severity: SeverityFilter = .info, to sink: ([UInt8]) -> Void) {
        withoutActuallyEscaping(sink) { sink in
            writeJSONReport(pretty: pretty, severity: severity, into: ScrubbedOutput(request.scrubber, sink: sink))
        }
    }

    /// ``writeJSONReport(pretty:severity:to:)`` into `out`.
    private func writeJSONReport(pretty: Bool, severity: SeverityFilter, into output: ScrubbedOutput) {
        var out = output
        // The report's small parts as text, with markers where the large ones go, each written in pieces.
        let text = reportJSON(
            severity: severity, body: .raw(Exchange.bodyMarker), parsed: .raw(Exchange.parsedMarker),
            mapped: .raw(Exchange.mappedMarker), issues: .raw(Exchange.issuesMarker)
        ).text(pretty: pretty)
        var rest = Substring(text)
        while let marker = rest.firstRange(of: Exchange.markerStart) {
            out.emit(String(rest[..<marker.lowerBound]))
            let afterStart = rest[marker.upperBound...]
            guard let end = afterStart.firstIndex(of: "\u{1}") else { break }
            switch afterStart[..<end] {
            case "body": writeBodyJSON(&out)
            case "mapped": mapping?.writeJSON { out.emit($0) }
            case "issues": mapping?.writeIssuesJSON(severity) { out.emit($0) }
            default:
                if let tree = parsed.tree {
                    tree.writeJSON(Tree.root, chunkSize: 1 << 16) { out.emit($0) }
                } else {
                    out.emit("null")
                }
            }
            rest = afterStart[afterStart.index(after: end)...]
        }
        out.emit(String(rest) + "\n")
        out.finish()
    }

    /// Where the body and the parsed tree go in the report's text before it is written in pieces.
    static let markerStart = "\u{1}STRATA-"
    static let bodyMarker = markerStart + "body\u{1}"
    static let parsedMarker = markerStart + "parsed\u{1}"
    static let mappedMarker = markerStart + "mapped\u{1}"
    static let issuesMarker = markerStart + "issues\u{1}"

    /// The raw view: the body as received when it is UTF-8, else a note with its first bytes.
    private func writeRaw(_ out: inout ScrubbedOutput) {
        guard UTF8Check.isValid(response.body) else {
            out.emit(rawText)
            return
        }
        Exchange.pieces(of: response.body) { out.emit($0) }
    }

    /// The parsed view: the tree printed a line per node, or what went wrong.
    private func writeParsed(_ out: inout ScrubbedOutput) {
        guard let tree = parsed.tree else {
            out.emit(parsedText)
            return
        }
        var printed: [UInt8] = []
        TreePrinter().write(tree, chunkSize: 1 << 16) { chunk in
            if !printed.isEmpty { out.emit(printed) }
            printed = chunk
        }
        // The last line's break is left off, as the text view leaves it.
        while printed.last == 0x0A { printed.removeLast() }
        out.emit(printed)
    }

    /// The mapped view (``mappedText``) in pieces: the mapped values' lines as they are written.
    private func writeMapped(_ out: inout ScrubbedOutput) {
        guard let mapping else {
            out.emit(mappedText)
            return
        }
        var last: [UInt8] = []
        mapping.writeText(chunkSize: 1 << 16) { chunk in
            if !last.isEmpty { out.emit(last) }
            last = chunk
        }
        // The last line's break is left off, as the text view leaves it.
        while last.last == 0x0A { last.removeLast() }
        out.emit(last)
    }

    /// The body as a JSON string: escaped UTF-8, or base64 (``bodyJSON(_:)``'s choice), in pieces.
    private func writeBodyJSON(_ out: inout ScrubbedOutput) {
        out.emit("\"")
        if UTF8Check.isValid(response.body) {
            var escaped: [UInt8] = []
            Exchange.pieces(of: response.body) { piece in
                escaped.removeAll(keepingCapacity: true)
                piece.withUnsafeBufferPointer { JSONString.appendEscaped($0, to: &escaped) }
                out.emit(escaped)
            }
        } else {
            var start = 0
            let step = Exchange.outputChunk / 4 * 3  // whole groups of three bytes: no padding until the end
            while start < response.body.count {
                let end = min(response.body.count, start + step)
                out.emit(Data(response.body[start..<end]).base64EncodedString())
                start = end
            }
        }
        out.emit("\"")
    }

    /// Hands `body` to `each` in pieces of at most ``outputChunk`` bytes, each ending before a character's start
    /// (the body is valid UTF-8).
    static func pieces(of body: [UInt8], _ each: (ArraySlice<UInt8>) -> Void) {
        var start = 0
        while start < body.count {
            var end = min(body.count, start + outputChunk)
            while end < body.count, end > start, body[end] & 0xC0 == 0x80 { end -= 1 }
            each(body[start..<end])
            start = end
        }
    }
}

/// Bytes on their way out: passed through the request's scrubber as a stream, then to a sink.
struct ScrubbedOutput {
    private var stream: SecretScrubber.Stream
    private let sink: ([UInt8]) -> Void

    init(_ scrubber: SecretScrubber, sink: @escaping ([UInt8]) -> Void) {
        stream = SecretScrubber.Stream(scrubber, json: false)
        self.sink = sink
    }

    mutating func emit(_ text: String) { emit(Array(text.utf8)) }

    mutating func emit(_ bytes: some Collection<UInt8>) {
        let out = stream.feed(Array(bytes))
        if !out.isEmpty { sink(out) }
    }

    /// Hands on what the scrubber held back.
    mutating func finish() {
        let out = stream.finish()
        if !out.isEmpty { sink(out) }
    }
}

/// Whether bytes are well-formed UTF-8, without making a string of them.
enum UTF8Check {
    /// True when `bytes` are well-formed UTF-8 (no overlongs, no surrogates), eight ASCII bytes at a time where it
    /// can.
    static func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { b in
            var i = 0
            while i < b.count {
                if i + 8 <= b.count {
                    let word = UnsafeRawPointer(b.baseAddress! + i).loadUnaligned(as: UInt64.self)
                    if word & 0x8080_8080_8080_8080 == 0 {
                        i += 8
                        continue
                    }
                }
                if b[i] < 0x80 {
                    i += 1
                    continue
                }
                guard let (_, length) = JSONString.decodeUTF8(b, i) else { return false }
                i += length
            }
            return true
        }
    }
}
