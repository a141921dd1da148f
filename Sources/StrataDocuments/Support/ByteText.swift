/// Text written straight into UTF-8 bytes, for the writers that stream large output (the tree printer, the mapped
/// text, JSON reports) without a `String` a value.
package enum ByteText {
    /// Appends the decimal digits of `n` (with `-` when negative) to `out`.
    @inline(__always)
    package static func appendDecimal(_ n: Int, to out: inout [UInt8]) {
        if n >= 0 && n < 10 {
            out.append(UInt8(ascii: "0") + UInt8(n))
            return
        }
        var v = n.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // up to 20 digits, filled from the end
        var count = 0
        withUnsafeMutableBytes(of: &digits) { raw in
            var at = raw.count
            repeat {
                at -= 1
                raw[at] = UInt8(ascii: "0") + UInt8(v % 10)
                v /= 10
                count += 1
            } while v > 0
            if n < 0 { out.append(UInt8(ascii: "-")) }
            out.append(contentsOf: raw[at...])
        }
    }
}
