/// Scanning strings, numbers and whitespace, 8 bytes at a time where it pays.
extension JSONReader {
    /// Scans a string whose opening quote is at `open`; returns the index after the closing quote, or -1.
    ///
    @_transparent static func scanString(
        _ p: UnsafePointer<UInt8>, _ n: Int, _ open: Int, _ escaped: inout Bool
    ) -> Int {
        var i = open &+ 1
        while true {
            var special: UInt64
            var quotes: UInt64
            if i &+ 8 <= n {
                let a = load64(p + i)
                quotes = quoteBytes(a)
                special = quotes | escapeOrControlBytes(a)
                if special == 0 {
                    i &+= 8
                    continue
                }
            } else {
                guard i < n else { return -1 }
                let c = p[i]
                if c == UInt8(ascii: "\"") { return i &+ 1 }
                if c >= 0x20 && c != UInt8(ascii: "\\") {
                    i &+= 1
                    continue
                }
                special = 0x80
                quotes = 0
            }
            // The first special byte is exact: a quote ends the string, a backslash starts an escape.
            i &+= special.trailingZeroBitCount &>> 3
            if quotes & special & (0 &- special) != 0 { return i &+ 1 }
            guard p[i] == UInt8(ascii: "\\") else { return -1 }
            escaped = true
            i = skipEscape(p, n, i)
            if i < 0 { return -1 }
        }
    }

    /// The index after the escape whose backslash is at `i`, or -1 when it is not a valid escape.
    static func skipEscape(_ p: UnsafePointer<UInt8>, _ n: Int, _ i: Int) -> Int {
        guard i &+ 1 < n else { return -1 }
        switch p[i &+ 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return i &+ 2
        case UInt8(ascii: "u"):
            guard i &+ 6 <= n else { return -1 }
            for k in 2..<6 where !isHex(p[i &+ k]) { return -1 }
            return i &+ 6
        default:
            return -1
        }
    }

    /// Scans `-?(0|[1-9]d*)(.d+)?([eE][+-]?d+)?` at `start`; returns the index after it, or -1.
    @_transparent static func scanNumber(_ p: UnsafePointer<UInt8>, _ n: Int, _ start: Int) -> Int {
        var i = start
        if p[i] == UInt8(ascii: "-") { i &+= 1 }
        guard i < n, isDigit(p[i]) else { return -1 }
        if p[i] == UInt8(ascii: "0") {
            i &+= 1
            if i < n, isDigit(p[i]) { return -1 }
        } else {
            i = skipDigits(p, n, i &+ 1)
        }
        if i < n, p[i] == UInt8(ascii: ".") {
            i &+= 1
            guard i < n, isDigit(p[i]) else { return -1 }
            i = skipDigits(p, n, i &+ 1)
        }
        if i < n, p[i] | 0x20 == UInt8(ascii: "e") {
            i &+= 1
            if i < n, p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-") { i &+= 1 }
            guard i < n, isDigit(p[i]) else { return -1 }
            i = skipDigits(p, n, i &+ 1)
        }
        if i < n, isNumberTerminatorError(p[i]) { return -1 }
        return i
    }

    /// True for bytes that may not follow a number: letters, `.` and `+`.
    @inline(__always) static func isNumberTerminatorError(_ c: UInt8) -> Bool {
        let lower = c | 0x20
        return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || c == UInt8(ascii: ".")
            || c == UInt8(ascii: "+")
    }

    // MARK: Byte tricks

    @inline(__always) static func load64(_ p: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
    }

    @inline(__always) static func load32(_ p: UnsafePointer<UInt8>) -> UInt32 {
        UInt32(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt32.self))
    }

    static let trueWord: UInt32 = 0x6575_7274  // "true"
    static let alseWord: UInt32 = 0x6573_6C61  // "alse"
    static let nullWord: UInt32 = 0x6C6C_756E  // "null"

    /// The high bit of each byte of `x` that is `"`. Exact for the lowest such byte (the borrow of the
    /// subtraction only spills into bytes above a match), which is all the scanner uses.
    @inline(__always) static func quoteBytes(_ x: UInt64) -> UInt64 {
        let quote = x ^ 0x2222_2222_2222_2222
        // XOR with a constant below 0x80 keeps each byte's high bit, so `~x` stands in for `~quote`.
        return (quote &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
    }

    /// The high bit of each byte of `x` that is `\` or below 0x20; exact for the lowest such byte, like
    /// `quoteBytes`.
    @inline(__always) static func escapeOrControlBytes(_ x: UInt64) -> UInt64 {
        let backslash = x ^ 0x5C5C_5C5C_5C5C_5C5C
        return ((backslash &- 0x0101_0101_0101_0101) | (x &- 0x2020_2020_2020_2020)) & ~x & 0x8080_8080_8080_8080
    }

    /// The index of the first non-digit at or after `i`.
    @inline(__always) static func skipDigits(_ p: UnsafePointer<UInt8>, _ n: Int, _ i: Int) -> Int {
        var i = i
        while i &+ 8 <= n {
            let t = load64(p + i) ^ 0x3030_3030_3030_3030
            // A byte is a digit when t < 10: adding 0x76 to its low 7 bits sets the high bit from 10 up, and
            // bytes that had the high bit set are non-digits too. No carry crosses bytes.
            let nonDigit = (((t & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7676_7676_7676_7676) | t) & 0x8080_8080_8080_8080
            if nonDigit != 0 { return i &+ nonDigit.trailingZeroBitCount &>> 3 }
            i &+= 8
        }
        while i < n, isDigit(p[i]) { i &+= 1 }
        return i
    }

    @inline(__always) static func isDigit(_ c: UInt8) -> Bool { c &- 0x30 < 10 }

    @inline(__always) static func isHex(_ c: UInt8) -> Bool {
        c &- 0x30 < 10 || (c | 0x20) &- 0x61 < 6
    }

    /// The index of the first non-whitespace byte at or after `pos`; runs of spaces (indentation) go 8 at a time.
    @inline(__always) static func skipSpace(_ p: UnsafePointer<UInt8>, _ n: Int, _ pos: Int) -> Int {
        var pos = pos
        while pos < n {
            let c = p[pos]
            if c > 0x20 { return pos }
            guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { return pos }
            pos &+= 1
            while pos &+ 8 <= n, load64(p + pos) == 0x2020_2020_2020_2020 { pos &+= 8 }
        }
        return pos
    }
}
