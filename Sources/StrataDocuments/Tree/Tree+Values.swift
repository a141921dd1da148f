import Foundation

/// Reading keys, spans and typed values out of a tree.
extension Tree {
    /// The byte range of node `i`'s value in `source` (the whole element for XML, the token for scalars).
    @inlinable public func span(_ i: Index) -> Range<Int> {
        let start = Int(nodes[i].start)
        if let side { return start..<Int(side.ends[i]) }
        return start..<jsonEnd(i)
    }

    /// The byte range of the key of object member `i` in `source` (quotes included), when it is there.
    public func keySpan(_ i: Index) -> Range<Int>? {
        guard let p = parent(i), nodes[p].kind == .object, side == nil else { return nil }
        return source.withUnsafeBufferPointer { Tree.rawKeyRange($0, before: Int(nodes[i].start)) }
    }

    /// The raw key (quotes included) of the JSON object member whose value starts at byte `start` of `b`: scans
    /// back over white space and `:` to the key's closing quote, then to its unescaped opening quote.
    @inline(__always)
    package static func rawKeyRange(_ b: UnsafeBufferPointer<UInt8>, before start: Int) -> Range<Int>? {
        var j = start - 1
        while j >= 0, JSONBytes.isSpace(b[j]) { j -= 1 }
        guard j >= 0, b[j] == UInt8(ascii: ":") else { return nil }
        j -= 1
        while j >= 0, JSONBytes.isSpace(b[j]) { j -= 1 }
        guard j >= 0, b[j] == UInt8(ascii: "\"") else { return nil }
        let close = j
        j -= 1
        while j >= 0 {
            if b[j] == UInt8(ascii: "\"") {
                var slashes = 0
                var k = j - 1
                while k >= 0, b[k] == UInt8(ascii: "\\") {
                    slashes += 1
                    k -= 1
                }
                if slashes % 2 == 0 { return j..<(close + 1) }
            }
            j -= 1
        }
        return nil
    }

    /// The decoded key of object member `i`, or nil when its parent is not an object.
    public func key(_ i: Index) -> String? {
        if let side {
            return side.keys[i]
        }
        guard let r = keySpan(i) else { return nil }
        return Tree.decodeBody(source, r.lowerBound + 1, r.upperBound - 1)
    }

    /// The decoded text of string node `i` (invalid UTF-8 and lone surrogates shown as visible escapes).
    public func string(_ i: Index) -> String? {
        guard nodes[i].kind == .string else { return nil }
        if let side { return side.values[i] ?? "" }
        let s = span(i)
        return Tree.decodeBody(source, s.lowerBound + 1, s.upperBound - 1)
    }

    /// Decodes the body of a JSON string literal like `JSONString.decode`, taking a fast path for the common
    /// case: no escapes and valid UTF-8 (checked by comparing the decoded text with the bytes it came from).
    static func decodeBody(_ source: [UInt8], _ from: Int, _ to: Int) -> String {
        source.withUnsafeBufferPointer { b in
            let body = UnsafeBufferPointer(rebasing: b[from..<max(from, to)])
            guard let base = body.baseAddress, !body.isEmpty else { return "" }
            if memchr(base, Int32(UInt8(ascii: "\\")), body.count) == nil {
                var text = String(decoding: body, as: UTF8.self)
                let exact = text.withUTF8 { $0.count == body.count && memcmp($0.baseAddress!, base, body.count) == 0 }
                if exact { return text }
            }
            return JSONString.decode(body, .visible)
        }
    }

    /// The literal text of number node `i`, exactly as written (`1.10`, `1e400`).
    public func numberText(_ i: Index) -> String? {
        guard nodes[i].kind == .number else { return nil }
        if let side, let v = side.values[i] { return v }
        let s = span(i)
        return String(decoding: source[s], as: UTF8.self)
    }

    /// The value of number node `i` as an Int, or nil when it is not a whole number that fits.
    public func int(_ i: Index) -> Int? {
        guard let t = numberText(i) else { return nil }
        if let v = Int(t) { return v }
        guard let d = Double(t), d.rounded() == d, abs(d) < 9.0e18 else { return nil }
        return Int(d)
    }

    /// The value of number node `i` as a Double (`1e400` is infinity).
    public func double(_ i: Index) -> Double? { numberText(i).flatMap { Double($0) } }

    /// The value of number node `i` as an exact Decimal.
    public func decimal(_ i: Index) -> Decimal? { numberText(i).flatMap(FixedDecimal.value) }

    /// The value of bool node `i`.
    @inlinable public func bool(_ i: Index) -> Bool? {
        nodes[i].kind == .bool ? nodes[i].boolFlag : nil
    }

    /// A one-line rendering of scalar `i` as a person reads it: strings quoted, numbers as written.
    public func scalarText(_ i: Index) -> String {
        switch kind(i) {
        case .string: return JSONString.quote(string(i) ?? "")
        case .number: return numberText(i) ?? ""
        case .bool: return bool(i)! ? "true" : "false"
        case .null: return "null"
        case .object: return "{}"
        case .array: return "[]"
        }
    }

    /// End offset of a JSON-backed node, recovered from the bytes.
    @usableFromInline func jsonEnd(_ i: Index) -> Int {
        let start = Int(nodes[i].start)
        return source.withUnsafeBufferPointer { b -> Int in
            switch nodes[i].kind {
            case .string:
                // The closing quote is the first one not escaped, i.e. not after an odd run of backslashes.
                guard let base = b.baseAddress else { return start }
                var j = start + 1
                while j < b.count, let found = memchr(base + j, Int32(UInt8(ascii: "\"")), b.count - j) {
                    let quote = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    var k = quote - 1
                    while k > start, b[k] == UInt8(ascii: "\\") { k -= 1 }
                    if (quote - 1 - k) % 2 == 0 { return quote + 1 }
                    j = quote + 1
                }
                return b.count
            case .number:
                var j = start
                while j < b.count, JSONBytes.isNumberByte(b[j]) { j += 1 }
                return j
            case .bool: return start + (nodes[i].boolFlag ? 4 : 5)
            case .null: return start + 4
            case .object, .array:
                // Without recursion (documents nest 10 000 deep): find the deepest last descendant, take its
                // end, then step out one closing bracket per level.
                var c = i
                while let last = lastChild(c) { c = last }
                var j = Int(nodes[c].start) + 1
                if !nodes[c].kind.isContainer {
                    // A scalar: the next closing bracket after it is its parent's.
                    j = jsonEnd(c)
                    c = parent(c)!
                }
                while true {
                    while j < b.count, b[j] != UInt8(ascii: "]"), b[j] != UInt8(ascii: "}") { j += 1 }
                    j = min(j + 1, b.count)
                    if c == i { return j }
                    c = parent(c)!
                }
            }
        }
    }
}

/// Byte classes used by the JSON reader, by span recovery, by the mapper, and by the raw pane's highlighting.
///
/// Public and inlinable only so that the mapper and the explorer, modules above, test a byte without a call: a
/// `package` function is not inlined across modules.
public enum JSONBytes {
    /// True for JSON's whitespace: space, line feed, carriage return, tab.
    @inlinable @inline(__always) public static func isSpace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09
    }

    /// True for a byte that can be part of a JSON number: digits, signs, `.`, `e`, `E`.
    @inlinable @inline(__always) public static func isNumberByte(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || c == 0x2D || c == 0x2B || c == 0x2E || c == 0x65 || c == 0x45
    }
}

extension Tree {
    /// True when the tree's keys, strings and numbers are read from JSON text in ``source`` (no side table).
    @inlinable public var isJSONBacked: Bool { side == nil }

    /// The span of string node `i`, quotes included, when it reads as written: a JSON-backed string whose body is
    /// valid UTF-8 with no escape, no control character and no DEL, so that ``JSONString/quote(_:)`` of its text
    /// gives back exactly these bytes. Nil otherwise.
    public func plainStringLiteral(_ i: Index) -> Range<Int>? {
        guard side == nil, nodes[i].kind == .string else { return nil }
        let start = Int(nodes[i].start)
        return source.withUnsafeBufferPointer { b in Tree.plainLiteralEnd(b, from: start).map { start..<$0 } }
    }

    /// The end (past the closing quote) of the JSON string literal opening at `start` of `b` when it reads as
    /// written (``plainStringLiteral(_:)``), found in the one pass that checks it; nil when it does not.
    @inline(__always)
    package static func plainLiteralEnd(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var j = start + 1
        var ascii = true
        while j < b.count {
            let c = b[j]
            if c == 0x22 { break }
            if c < 0x20 || c == 0x5C || c == 0x7F { return nil }
            if c >= 0x80 { ascii = false }
            j += 1
        }
        guard j < b.count else { return nil }
        if !ascii, String(validating: UnsafeBufferPointer(rebasing: b[(start + 1)..<j]), as: UTF8.self) == nil {
            return nil
        }
        return j + 1
    }

    /// The end of the JSON number opening at `start` of `b`.
    @inline(__always)
    package static func numberEnd(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var j = start
        while j < b.count, JSONBytes.isNumberByte(b[j]) { j += 1 }
        return j
    }
}
