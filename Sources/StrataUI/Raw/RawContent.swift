import Strata
import TermGrid

/// The lines the Raw pane shows: optional header lines, then the body's lines (or hex rows for binary bodies).
///
/// Every line is a byte range into some buffer, so a 100 MB body is never copied: the pane slices only the lines
/// on screen. Wrapped rows ("segments") are exact for ordinary lines and fixed-size byte chunks for lines longer
/// than ``longLine`` bytes, so scrolling inside a single-line 100 MB body stays O(1) per row.
package struct RawContent: Sendable {
    /// Lines longer than this many bytes wrap by byte chunks instead of by measured columns.
    package static let longLine = 16 * 1024

    /// What a line holds, which decides its colours.
    package enum Kind: Hashable, Sendable {
        /// The status line or a response header.
        case header
        /// A line of the body.
        case body
        /// A hex dump row of a binary body.
        case hex
    }

    /// The document shown.
    package let document: ResponseDocument
    /// The status line and headers as bytes (empty when headers are hidden), then a blank line.
    package let headerLines: [[UInt8]]

    /// The content of `document`, with the status line and headers on top when `showHeaders`.
    package init(document: ResponseDocument, showHeaders: Bool) {
        self.document = document
        if showHeaders {
            var lines: [[UInt8]] = [Array("HTTP \(document.response.statusLine)".utf8)]
            if let timing = document.response.timing { lines.append(Array("(timing: \(timing.summary))".utf8)) }
            for field in document.response.headers { lines.append(Array("\(field.name): \(field.value)".utf8)) }
            lines.append([])
            headerLines = lines
        } else {
            headerLines = []
        }
    }

    /// Lines of the body (hex rows for binary).
    package var bodyLineCount: Int {
        if document.isBinary { return (document.body.count + 15) / 16 }
        return document.lines.count
    }

    /// All lines.
    package var count: Int { headerLines.count + bodyLineCount }

    /// The kind of line `n`.
    package func kind(of n: Int) -> Kind {
        if n < headerLines.count { return .header }
        return document.isBinary ? .hex : .body
    }

    /// The bytes holding line `n` and the range of the line in them; for body lines the buffer is the body itself.
    package func bytes(of n: Int) -> (buffer: [UInt8], range: Range<Int>) {
        if n < headerLines.count { return (headerLines[n], 0..<headerLines[n].count) }
        let b = n - headerLines.count
        if document.isBinary {
            let row = Array(HexView.row(document.body, at: b * 16, count: min(16, document.body.count - b * 16)).utf8)
            return (row, 0..<row.count)
        }
        return (document.body, document.lines.range(ofLine: b, in: document.body))
    }

    /// The body byte offset where line `n` starts, or nil for header lines.
    package func bodyOffset(of n: Int) -> Int? {
        guard n >= headerLines.count else { return nil }
        let b = n - headerLines.count
        if document.isBinary { return b * 16 }
        return b < document.lines.starts.count ? Int(document.lines.starts[b]) : document.body.count
    }

    /// The line showing body byte `offset`.
    package func line(containing offset: Int) -> Int {
        if document.isBinary { return headerLines.count + max(0, min(offset / 16, bodyLineCount - 1)) }
        return headerLines.count + document.lines.line(containing: offset)
    }

    /// Columns for line numbers: digits of the last line number plus a space.
    package var gutterWidth: Int { String(max(bodyLineCount, 1)).count + 1 }

    /// Columns left for text in a pane `innerWidth` wide.
    package func textWidth(_ innerWidth: Int) -> Int { max(innerWidth - gutterWidth, 1) }

    /// How many rows line `n` takes when wrapped at `width` columns.
    package func segmentCount(of n: Int, width: Int) -> Int {
        let (buffer, range) = bytes(of: n)
        if range.count > RawContent.longLine { return (range.count + width - 1) / max(width, 1) }
        return RawContent.segments(buffer, range, width: width).count
    }

    /// The wrapped row `k` of line `n` (clamped to the line's rows).
    package func segment(_ k: Int, of n: Int, width: Int) -> Range<Int> {
        let (buffer, range) = bytes(of: n)
        if range.count > RawContent.longLine {
            let count = (range.count + width - 1) / max(width, 1)
            let k = min(max(k, 0), max(count - 1, 0))
            let start = RawContent.characterStart(buffer, range.lowerBound + k * width, floor: range.lowerBound)
            let end = RawContent.characterStart(
                buffer, min(range.lowerBound + (k + 1) * width, range.upperBound), floor: range.lowerBound)
            return start..<(k == count - 1 ? range.upperBound : end)
        }
        let all = RawContent.segments(buffer, range, width: width)
        return all[min(max(k, 0), all.count - 1)]
    }

    /// The wrapped row of line `n` that holds byte `offset` of its buffer.
    package func segmentIndex(containing offset: Int, of n: Int, width: Int) -> Int {
        let (buffer, range) = bytes(of: n)
        if range.count > RawContent.longLine { return max(0, (offset - range.lowerBound) / max(width, 1)) }
        let all = RawContent.segments(buffer, range, width: width)
        return all.lastIndex { $0.lowerBound <= offset } ?? 0
    }

    /// Splits `range` of `buffer` into rows of at most `width` display columns (at least one row, even when empty).
    ///
    /// Lines longer than ``longLine`` bytes are cut every `width` bytes instead (moved back to a character start).
    static func segments(_ buffer: [UInt8], _ range: Range<Int>, width: Int) -> [Range<Int>] {
        let width = max(width, 1)
        if range.count > longLine {
            let count = (range.count + width - 1) / width
            return (0..<count).map { k in
                let start = characterStart(buffer, range.lowerBound + k * width, floor: range.lowerBound)
                let end =
                    k == count - 1
                    ? range.upperBound
                    : characterStart(buffer, range.lowerBound + (k + 1) * width, floor: range.lowerBound)
                return start..<end
            }
        }
        var out: [Range<Int>] = []
        var rowStart = range.lowerBound
        var columns = 0
        var k = range.lowerBound
        while k < range.upperBound {
            let (scalar, length) = RawContent.decode(buffer, at: k, end: range.upperBound)
            let w = RawContent.columns(of: scalar)
            if columns + w > width && k > rowStart {
                out.append(rowStart..<k)
                rowStart = k
                columns = 0
            }
            columns += w
            k += length
        }
        out.append(rowStart..<range.upperBound)
        return out
    }

    /// The start of the UTF-8 character holding byte `offset` (not before `floor`).
    static func characterStart(_ buffer: [UInt8], _ offset: Int, floor: Int) -> Int {
        var k = min(offset, buffer.count)
        var steps = 0
        while k > floor, k < buffer.count, buffer[k] & 0xC0 == 0x80, steps < 3 {
            k -= 1
            steps += 1
        }
        return k
    }

    /// The scalar at `k` and its length in bytes; malformed UTF-8 is one byte of U+FFFD.
    static func decode(_ b: [UInt8], at k: Int, end: Int) -> (Unicode.Scalar, Int) {
        let c = b[k]
        if c < 0x80 { return (Unicode.Scalar(c), 1) }
        let length: Int
        var value: UInt32
        switch c {
        case 0xC2...0xDF:
            length = 2
            value = UInt32(c & 0x1F)
        case 0xE0...0xEF:
            length = 3
            value = UInt32(c & 0x0F)
        case 0xF0...0xF4:
            length = 4
            value = UInt32(c & 0x07)
        default: return ("\u{FFFD}", 1)
        }
        guard k + length <= end else { return ("\u{FFFD}", 1) }
        for j in 1..<length {
            let next = b[k + j]
            guard next & 0xC0 == 0x80 else { return ("\u{FFFD}", 1) }
            value = value << 6 | UInt32(next & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value) else { return ("\u{FFFD}", 1) }
        return (scalar, length)
    }

    /// Columns a scalar takes on screen, its visible escape included.
    static func columns(of scalar: Unicode.Scalar) -> Int {
        if let escape = VisibleText.escape(for: scalar) { return escape.count }
        return DisplayWidth.of(scalar)
    }
}
