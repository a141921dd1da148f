/// Where each line of a body starts, so the raw pane draws only visible lines and finds a byte's line by binary
/// search.
///
/// Built in one pass over the bytes (a 100 MB body takes tens of milliseconds, see `strata-bench ui`); it runs
/// with the parse, off the UI loop.
package struct LineIndex: Hashable, Sendable {
    /// The byte offset of each line's first byte; the first line starts at 0.
    package let starts: [UInt32]
    /// The body's length in bytes.
    package let byteCount: Int

    /// Indexes the lines of `bytes` (separated by LF; a CR before the LF is not part of the line's text).
    package init(_ bytes: [UInt8]) {
        var starts: [UInt32] = [0]
        bytes.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return }
            var k = 0
            let n = b.count
            while k < n {
                if base[k] == 0x0A { starts.append(UInt32(truncatingIfNeeded: k + 1)) }
                k += 1
            }
        }
        self.starts = starts
        self.byteCount = bytes.count
    }

    /// The number of lines (an empty body has one empty line; a trailing newline does not add a line).
    package var count: Int {
        if starts.count > 1, Int(starts[starts.count - 1]) == byteCount { return starts.count - 1 }
        return starts.count
    }

    /// The bytes of line `n` (0-based), without its LF (or CR LF).
    package func range(ofLine n: Int, in bytes: [UInt8]) -> Range<Int> {
        guard n >= 0, n < count else { return byteCount..<byteCount }
        let start = Int(starts[n])
        var end = n + 1 < starts.count ? Int(starts[n + 1]) - 1 : byteCount
        if end > start, end <= bytes.count, bytes[end - 1] == 0x0D { end -= 1 }
        return start..<max(end, start)
    }

    /// The 0-based line holding byte `offset` (offsets past the end belong to the last line).
    package func line(containing offset: Int) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if Int(starts[mid]) <= offset { low = mid } else { high = mid - 1 }
        }
        return min(low, count - 1)
    }
}
