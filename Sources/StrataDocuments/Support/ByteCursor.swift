/// A read position in a byte buffer, for the hand-written date readers (mappings' and property lists').
package struct ByteCursor {
    package let b: UnsafeBufferPointer<UInt8>
    package var p = 0

    package init(_ b: UnsafeBufferPointer<UInt8>) { self.b = b }

    /// True when every byte has been read.
    package var atEnd: Bool { p >= b.count }

    /// The next byte, if any.
    package var peek: UInt8? { p < b.count ? b[p] : nil }

    /// Reads exactly `count` decimal digits.
    package mutating func digits(_ count: Int) -> Int? {
        guard p + count <= b.count else { return nil }
        var v = 0
        for k in p..<(p + count) {
            let c = b[k]
            guard c >= 0x30, c <= 0x39 else { return nil }
            v = v * 10 + Int(c - 0x30)
        }
        p += count
        return v
    }

    /// Reads `c` when it is next.
    package mutating func byte(_ c: UInt8) -> Bool {
        guard p < b.count, b[p] == c else { return false }
        p += 1
        return true
    }
}
