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
/// Gives the same answers as `TextPosition.lineColumn`. Lines are found by binary search; columns are counted from
/// character counts kept every `stride` bytes, so a lookup costs the same at any offset and in any order (a long
/// minified line looked up backwards and forwards, as a fixture file's diagnostics do, stays linear overall).
package struct LineLocator {
    /// The text.
    package let bytes: [UInt8]
    /// The offset of each line's first byte.
    let starts: [Int]
    /// The number of characters (bytes that do not continue a UTF-8 sequence) before each multiple of `stride`.
    let characters: [Int]
    /// Bytes between two entries of `characters`.
    static let stride = 256

    /// Indexes the lines and characters of `bytes`.
    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        var characters = [0]
        characters.reserveCapacity(bytes.count / LineLocator.stride + 1)
        bytes.withUnsafeBufferPointer { b in
            var count = 0
            var blockStart = 0
            while blockStart < b.count {
                let blockEnd = min(blockStart + LineLocator.stride, b.count)
                for k in blockStart..<blockEnd {
                    let c = b[k]
                    if c == 0x0A { starts.append(k + 1) }
                    if c & 0xC0 != 0x80 { count += 1 }
                }
                characters.append(count)
                blockStart = blockEnd
            }
        }
        self.starts = starts
        self.characters = characters
    }

    /// The 1-based line and character column of byte `offset` (clamped to the text).
    package func lineColumn(of offset: Int) -> (line: Int, column: Int) {
        let end = min(max(offset, 0), bytes.count)
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= end { low = mid } else { high = mid - 1 }
        }
        return (low + 1, characterCount(before: end) - characterCount(before: starts[low]) + 1)
    }

    /// The number of characters in the first `offset` bytes.
    private func characterCount(before offset: Int) -> Int {
        let block = offset / LineLocator.stride
        var count = characters[block]
        bytes.withUnsafeBufferPointer { b in
            for k in (block * LineLocator.stride)..<offset where b[k] & 0xC0 != 0x80 { count += 1 }
        }
        return count
    }
}
