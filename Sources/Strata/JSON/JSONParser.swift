import Foundation

/// A strict RFC 8259 JSON parser that builds a flat `Tree` without recursion.
///
/// Member order, duplicate keys (kept and flagged) and number text are preserved. Invalid UTF-8 inside strings
/// is accepted and shown escaped when decoded; a UTF-8 byte order mark at the start is skipped.
public struct JSONParser: Sendable {
    /// The deepest nesting accepted; deeper input is an error rather than a stack risk for later walks.
    public var maxDepth: Int

    /// Creates a parser.
    public init(maxDepth: Int = 10_000) {
        self.maxDepth = maxDepth
    }

    /// Parses `bytes` into a tree, or throws a `ParseError` with line and column.
    public func parse(_ bytes: [UInt8]) throws(ParseError) -> Tree {
        guard bytes.count < Int(UInt32.max) else {
            throw ParseError(message: "input larger than 4 GiB is not supported", offset: 0, line: 1, column: 1)
        }
        var failure: (String, Int)? = nil
        let capacity = bytes.count / 2 + 2
        let nodes = [RawNode](unsafeUninitializedCapacity: capacity) { out, count in
            bytes.withUnsafeBufferPointer { input in
                var reader = JSONReader(input: input, out: out, maxDepth: maxDepth)
                if let error = reader.run() { failure = error }
                count = reader.count
            }
        }
        if let (message, offset) = failure {
            throw ParseError(message, at: offset, in: bytes)
        }
        return Tree(source: bytes, format: "json", nodes: nodes, side: nil)
    }
}

/// The parsing loop over raw memory; returns `(message, offset)` on failure.
private struct JSONReader {
    let input: UnsafeBufferPointer<UInt8>
    let out: UnsafeMutableBufferPointer<RawNode>
    let maxDepth: Int
    var count = 0
    var pos = 0
    var stack: [Frame] = []
    var keys = KeyScratch()

    struct Frame {
        var node: Int
        var isObject: Bool
        var keyBase: Int
        var index: [UInt64: Int]?
    }

    init(input: UnsafeBufferPointer<UInt8>, out: UnsafeMutableBufferPointer<RawNode>, maxDepth: Int) {
        self.input = input
        self.out = out
        self.maxDepth = maxDepth
    }

    typealias Failure = (String, Int)

    @inline(__always) func byte(_ i: Int) -> UInt8 { input[i] }

    @inline(__always) mutating func skipSpace() {
        while pos < input.count {
            let c = input[pos]
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { pos += 1 } else { return }
        }
    }

    @inline(__always) mutating func append(_ kind: NodeKind, start: Int, flag: Bool = false) -> Int {
        let parent = stack.last.map { UInt32($0.node) } ?? RawNode.noParent
        out[count] = RawNode(start: UInt32(start), next: UInt32(count + 1), parent: parent, kind: kind, flag: flag)
        count += 1
        return count - 1
    }

    mutating func run() -> Failure? {
        if input.count >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF { pos = 3 }
        skipSpace()
        if pos >= input.count { return ("empty input: expected a JSON value", pos) }
        while true {
            // Parse one value at `pos`; an opened, non-empty container wants its first value next.
            justOpened = false
            if let f = value() { return f }
            if justOpened { continue }
            // Then close containers and find the next value.
            while true {
                skipSpace()
                guard let top = stack.last else {
                    if pos < input.count {
                        return ("unexpected \(describe(pos)) after the JSON value", pos)
                    }
                    return nil
                }
                guard pos < input.count else {
                    return ("unexpected end of input: \(top.isObject ? "object" : "array") not closed", pos)
                }
                let c = input[pos]
                if c == UInt8(ascii: ",") {
                    pos += 1
                    skipSpace()
                    if top.isObject {
                        if let f = key() { return f }
                    } else if pos < input.count, input[pos] == UInt8(ascii: "]") {
                        return ("trailing comma before ']'", pos)
                    }
                    break
                }
                if c == (top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    pos += 1
                    close()
                    continue
                }
                return top.isObject
                    ? ("expected ',' or '}' after object member, found \(describe(pos))", pos)
                    : ("expected ',' or ']' after array element, found \(describe(pos))", pos)
            }
        }
    }

    var justOpened = false

    mutating func close() {
        let frame = stack.removeLast()
        keys.count = frame.keyBase
        out[frame.node].next = UInt32(count)
    }

    mutating func open(_ isObject: Bool) -> Failure? {
        guard stack.count < maxDepth else { return ("nesting deeper than \(maxDepth) levels", pos) }
        let node = append(isObject ? .object : .array, start: pos)
        pos += 1
        stack.append(Frame(node: node, isObject: isObject, keyBase: keys.count, index: nil))
        skipSpace()
        if pos < input.count, input[pos] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
            pos += 1
            close()
            return nil
        }
        justOpened = true
        return isObject ? key() : nil
    }

    /// Reads `"key" :` and leaves `pos` at the member's value.
    mutating func key() -> Failure? {
        guard pos < input.count else { return ("unexpected end of input: expected an object key", pos) }
        guard input[pos] == UInt8(ascii: "\"") else {
            if input[pos] == UInt8(ascii: "}") { return ("trailing comma before '}'", pos) }
            return ("expected a string key in double quotes, found \(describe(pos))", pos)
        }
        let start = pos
        var escaped = false
        if let f = scanString(&escaped) { return f }
        let end = pos
        skipSpace()
        guard pos < input.count, input[pos] == UInt8(ascii: ":") else {
            return ("expected ':' after object key, found \(describe(pos))", pos)
        }
        pos += 1
        skipSpace()
        recordKey(start + 1, end - 1, escaped)
        return nil
    }

    /// Notes the key of the member about to be appended and flags duplicates in the same object.
    mutating func recordKey(_ from: Int, _ to: Int, _ escaped: Bool) {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        var k = from
        while k < to {
            h = (h ^ UInt64(input[k])) &* 0x100_0000_01b3
            k += 1
        }
        if escaped { h = JSONReader.hash(JSONString.decode(UnsafeBufferPointer(rebasing: input[from..<to]), .json)) }
        let member = count
        let top = stack.count - 1
        let base = stack[top].keyBase
        var duplicateOf: Int? = nil
        if keys.count - base < 16 {
            var i = base
            while i < keys.count {
                if keys.hashes[i] == h, sameKey(keys.spans[i], (from, to)) {
                    duplicateOf = keys.nodes[i]
                    break
                }
                i += 1
            }
            if keys.count - base == 15, duplicateOf == nil {
                var index: [UInt64: Int] = [:]
                for j in base..<keys.count where index[keys.hashes[j]] == nil { index[keys.hashes[j]] = j }
                stack[top].index = index
            }
        } else if let j = stack[top].index?[h] {
            if sameKey(keys.spans[j], (from, to)) { duplicateOf = keys.nodes[j] }
        }
        if stack[top].index != nil, stack[top].index![h] == nil { stack[top].index![h] = keys.count }
        keys.append(hash: h, span: (from, to), node: member)
        if let d = duplicateOf {
            out[d].markDuplicate()
            pendingDuplicate = true
        }
    }

    var pendingDuplicate = false

    func sameKey(_ a: (Int, Int), _ b: (Int, Int)) -> Bool {
        let la = a.1 - a.0
        if la == b.1 - b.0, memcmp(input.baseAddress! + a.0, input.baseAddress! + b.0, la) == 0 { return true }
        let da = JSONString.decode(UnsafeBufferPointer(rebasing: input[a.0..<a.1]), .json)
        let db = JSONString.decode(UnsafeBufferPointer(rebasing: input[b.0..<b.1]), .json)
        return da == db
    }

    static func hash(_ s: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in s.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return h
    }

    /// Parses the value at `pos` (containers are opened, not finished).
    mutating func value() -> Failure? {
        guard pos < input.count else { return ("unexpected end of input: expected a value", pos) }
        let start = pos
        let c = input[pos]
        let node: Int
        switch c {
        case UInt8(ascii: "{"): return open(true)
        case UInt8(ascii: "["): return open(false)
        case UInt8(ascii: "\""):
            var escaped = false
            if let f = scanString(&escaped) { return f }
            node = append(.string, start: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            if let f = scanNumber() { return f }
            node = append(.number, start: start)
        case UInt8(ascii: "t"):
            guard literal("true") else { return ("invalid literal: expected 'true'", start) }
            node = append(.bool, start: start, flag: true)
        case UInt8(ascii: "f"):
            guard literal("false") else { return ("invalid literal: expected 'false'", start) }
            node = append(.bool, start: start)
        case UInt8(ascii: "n"):
            guard literal("null") else { return ("invalid literal: expected 'null'", start) }
            node = append(.null, start: start)
        default:
            return ("expected a value, found \(describe(pos))", pos)
        }
        if pendingDuplicate {
            out[node].markDuplicate()
            pendingDuplicate = false
        }
        return nil
    }

    mutating func literal(_ word: StaticString) -> Bool {
        let n = word.utf8CodeUnitCount
        guard pos + n <= input.count else { return false }
        let p = word.utf8Start
        for k in 0..<n where input[pos + k] != p[k] { return false }
        pos += n
        return true
    }

    /// Scans a string starting at the opening quote; leaves `pos` after the closing quote.
    mutating func scanString(_ escaped: inout Bool) -> Failure? {
        let open = pos
        pos += 1
        let n = input.count
        let base = input.baseAddress!
        while true {
            // Skip 8 plain bytes at a time.
            while pos + 8 <= n {
                let x = UnsafeRawPointer(base + pos).loadUnaligned(as: UInt64.self)
                let quote = x ^ 0x2222_2222_2222_2222
                let slash = x ^ 0x5C5C_5C5C_5C5C_5C5C
                let ones: UInt64 = 0x0101_0101_0101_0101
                let high: UInt64 = 0x8080_8080_8080_8080
                let special =
                    ((quote &- ones) & ~quote) | ((slash &- ones) & ~slash) | ((x &- 0x2020_2020_2020_2020) & ~x)
                if special & high != 0 { break }
                pos += 8
            }
            guard pos < n else { return ("unterminated string (opened at byte \(open))", open) }
            let c = input[pos]
            if c == UInt8(ascii: "\"") {
                pos += 1
                return nil
            }
            if c == UInt8(ascii: "\\") {
                escaped = true
                guard pos + 1 < n else { return ("unterminated string (opened at byte \(open))", open) }
                let e = input[pos + 1]
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    pos += 2
                case UInt8(ascii: "u"):
                    for k in 2..<6 {
                        guard pos + k < n, JSONReader.isHex(input[pos + k]) else {
                            return ("invalid \\u escape: expected 4 hex digits", pos)
                        }
                    }
                    pos += 6
                default:
                    return ("invalid escape \(describe(pos + 1)) in string", pos)
                }
                continue
            }
            if c < 0x20 {
                return ("unescaped control character U+\(JSONString.hexDigits(UInt32(c), 4)) in string", pos)
            }
            pos += 1
        }
    }

    static func isHex(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66)
    }

    @inline(__always) func isDigit(_ i: Int) -> Bool { i < input.count && input[i] &- 0x30 < 10 }

    /// Scans `-?(0|[1-9]d*)(.d+)?([eE][+-]?d+)?`.
    mutating func scanNumber() -> Failure? {
        let start = pos
        if input[pos] == UInt8(ascii: "-") { pos += 1 }
        guard isDigit(pos) else { return ("invalid number: expected a digit after '-'", pos) }
        if input[pos] == UInt8(ascii: "0") {
            pos += 1
            if isDigit(pos) { return ("invalid number: leading zeros are not allowed", start) }
        } else {
            while isDigit(pos) { pos += 1 }
        }
        if pos < input.count, input[pos] == UInt8(ascii: ".") {
            pos += 1
            guard isDigit(pos) else { return ("invalid number: expected a digit after '.'", pos) }
            while isDigit(pos) { pos += 1 }
        }
        if pos < input.count, input[pos] | 0x20 == UInt8(ascii: "e") {
            pos += 1
            if pos < input.count, input[pos] == UInt8(ascii: "+") || input[pos] == UInt8(ascii: "-") { pos += 1 }
            guard isDigit(pos) else { return ("invalid number: expected a digit in the exponent", pos) }
            while isDigit(pos) { pos += 1 }
        }
        if pos < input.count {
            let c = input[pos]
            if (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == UInt8(ascii: ".") || c == 0x2B {
                return ("invalid number: unexpected \(describe(pos))", pos)
            }
        }
        return nil
    }

    /// A short description of the byte at `i` for messages: `'x'`, `end of input`, `byte 0xFF`.
    func describe(_ i: Int) -> String {
        guard i < input.count else { return "end of input" }
        let c = input[i]
        if c >= 0x21 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
        if c == 0x20 { return "' '" }
        return "byte 0x\(JSONString.hexDigits(UInt32(c), 2))"
    }
}

/// The keys of the currently open objects, for duplicate detection.
private struct KeyScratch {
    var hashes: [UInt64] = []
    var spans: [(Int, Int)] = []
    var nodes: [Int] = []
    var count = 0

    mutating func append(hash: UInt64, span: (Int, Int), node: Int) {
        if count < hashes.count {
            hashes[count] = hash
            spans[count] = span
            nodes[count] = node
        } else {
            hashes.append(hash)
            spans.append(span)
            nodes.append(node)
        }
        count += 1
    }
}
