/// Converting between byte offsets and line:column positions.
public enum TextPosition {
    /// The 1-based line and character column of byte `offset` in `bytes`.
    public static func lineColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        bytes.withUnsafeBufferPointer { b in
            for k in 0..<end where b[k] == 0x0A {
                line += 1
                lineStart = k + 1
            }
        }
        var column = 1
        for k in lineStart..<end where bytes[k] & 0xC0 != 0x80 { column += 1 }
        return (line, column)
    }

    /// The byte offset of 1-based `line` and byte `column` in `bytes` (clamped to the input).
    public static func offset(line: Int, column: Int, in bytes: [UInt8]) -> Int {
        var current = 1
        var k = 0
        while current < line, k < bytes.count {
            if bytes[k] == 0x0A { current += 1 }
            k += 1
        }
        return min(k + max(column - 1, 0), bytes.count)
    }
}

/// Line:column positions of many offsets in one text, each found without rescanning the text from the start.
///
/// Gives the same answers as `TextPosition.lineColumn`; lookups at increasing offsets on one line (keys and values
/// of a minified document) count only the characters between them.
struct LineLocator {
    /// The text.
    let bytes: [UInt8]
    /// The offset of each line's first byte.
    let starts: [Int]
    /// The last answer, to continue from on the same line.
    private var last: (offset: Int, line: Int, column: Int) = (0, 1, 1)

    /// Indexes the lines of `bytes`.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        bytes.withUnsafeBufferPointer { b in
            for k in 0..<b.count where b[k] == 0x0A { starts.append(k + 1) }
        }
        self.starts = starts
    }

    /// The 1-based line and character column of byte `offset` (clamped to the text).
    mutating func lineColumn(of offset: Int) -> (line: Int, column: Int) {
        let end = min(max(offset, 0), bytes.count)
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= end { low = mid } else { high = mid - 1 }
        }
        var from = starts[low]
        var column = 1
        if last.line == low + 1, last.offset <= end {
            from = last.offset
            column = last.column
        }
        bytes.withUnsafeBufferPointer { b in
            for k in from..<end where b[k] & 0xC0 != 0x80 { column += 1 }
        }
        last = (end, low + 1, column)
        return (low + 1, column)
    }
}
