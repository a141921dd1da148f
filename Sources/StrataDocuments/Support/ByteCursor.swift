/// A read position in a byte buffer, for the hand-written date readers (mappings' and property lists').
///
/// Public and inlinable only so that the mapping's date reader, a module above, reads each byte without a call: a
/// `package` function is not inlined across modules.
public struct ByteCursor {
    /// The bytes read.
    @usableFromInline package let b: UnsafeBufferPointer<UInt8>
    /// The position of the next byte.
    @usableFromInline package var p = 0

    /// A cursor at the start of `b`.
    @inlinable public init(_ b: UnsafeBufferPointer<UInt8>) { self.b = b }

    /// True when every byte has been read.
    @inlinable public var atEnd: Bool { p >= b.count }

    /// The next byte, if any.
    @inlinable public var peek: UInt8? { p < b.count ? b[p] : nil }

    /// Reads exactly `count` decimal digits.
    @inlinable public mutating func digits(_ count: Int) -> Int? {
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
    @inlinable public mutating func byte(_ c: UInt8) -> Bool {
        guard p < b.count, b[p] == c else { return false }
        p += 1
        return true
    }
}
