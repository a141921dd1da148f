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
        var failure: (message: String, offset: Int)? = nil
        let nodes = [RawNode](unsafeUninitializedCapacity: JSONParser.nodeCapacity(bytes.count, maxDepth)) {
            out, count in
            JSONParser.preferHugePages(out)
            bytes.withUnsafeBufferPointer { input in
                var reader = JSONReader(input: input, out: out, maxDepth: maxDepth)
                if !reader.run() { failure = reader.failure() }
                count = reader.count
                reader.release()
            }
        }
        if let failure {
            throw ParseError(failure.message, at: failure.offset, in: bytes)
        }
        return Tree(source: bytes, format: "json", nodes: nodes, side: nil)
    }

    /// Asks the kernel to back a big node buffer with 2 MiB pages: one fault per 2 MiB instead of per 4 KiB.
    ///
    /// Writing 12 bytes per node into fresh memory otherwise spends a large share of the parse in page faults.
    /// Memory use is unchanged apart from rounding up to the last 2 MiB page the parser writes into.
    static func preferHugePages(_ buffer: UnsafeMutableBufferPointer<RawNode>) {
        #if os(Linux)
            let bytes = buffer.count * MemoryLayout<RawNode>.stride
            guard bytes >= 8 << 20, let base = buffer.baseAddress else { return }
            let page = 4096
            let start = (Int(bitPattern: base) + page - 1) & ~(page - 1)
            let end = (Int(bitPattern: base) + bytes) & ~(page - 1)
            guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(pointer, end - start, MADV_HUGEPAGE)
        #endif
    }

    /// The node buffer size that no input of `size` bytes can overflow, even invalid input that fails late.
    ///
    /// Every node starts at its own byte, so there are at most `size` nodes. Tighter: each node's first byte,
    /// each comma between siblings and each closing bracket of a finished container are distinct bytes, which
    /// gives `size >= 2 * nodes - 1 - open` where `open` (containers not yet closed) is at most the depth limit
    /// and at most `size`. Only the pages the parser writes are ever touched, so the reservation costs address
    /// space, not memory.
    static func nodeCapacity(_ size: Int, _ maxDepth: Int) -> Int {
        let open = min(max(maxDepth, 0), size)
        return min(size + 1, size / 2 + open / 2 + 2)
    }
}

/// The parsing loop over raw memory.
///
/// Hot state (position, node count, the current container, the container stack and the keys of open objects)
/// lives in locals of `run`, over manually managed buffers, so the loop does no reference counting and no
/// exclusivity checks. Scanners return -1 on any error and a cold path re-reads the token to say exactly what is
/// wrong, which keeps the hot code small.
private struct JSONReader {
    let input: UnsafeBufferPointer<UInt8>
    let out: UnsafeMutableBufferPointer<RawNode>
    let maxDepth: Int
    /// Nodes written so far.
    var count = 0

    /// What went wrong and where, when `run` returns false.
    var problem = Problem.emptyInput
    var problemOffset = 0

    /// Open containers, innermost last (`run` works on a local copy of the pointer; growing updates both).
    var stack: UnsafeMutablePointer<Frame>
    var stackCapacity = 64

    /// Keys of all open objects, innermost object's keys last (same arrangement as `stack`).
    var keys: UnsafeMutablePointer<KeyEntry>
    var keyCapacity = 256

    /// Remembered key lists (nil for small inputs).
    let shapes: Shapes?

    /// Objects with more keys than this find duplicates through a hash index instead of a filtered scan.
    static let scanLimit = 32

    /// An open container.
    struct Frame {
        var node: UInt32
        var keyBase: UInt32
        var isObject: Bool
        /// Where the container sits (the key it is the value of, or the array it is in), hashed with the depth.
        var context: UInt64
        /// The remembered shape this object's keys are compared with (`Shapes` slot), or -1.
        var shape: Int32
        /// How many keys so far equal the shape's keys at the same positions.
        var matched: Int32
        /// The slot's generation when the object opened; a slot rewritten since then is no longer compared.
        var generation: UInt32
    }

    /// The key lists of recently closed objects, one per context, so the next object in the same place (the next
    /// record of an array, say) confirms each key with two 8-byte compares instead of scanning it, and skips the
    /// duplicate check when all its keys match a list that had no duplicates.
    struct Shapes {
        static let slots = 64
        static let keysPerShape = 32
        /// Inputs smaller than this do not use shapes (the table would cost more than it saves).
        static let minimumInput = 1 << 16
        let keys: UnsafeMutablePointer<ShapeKey>
        let tags: UnsafeMutablePointer<UInt64>
        let counts: UnsafeMutablePointer<Int32>
        let generations: UnsafeMutablePointer<UInt32>

        static func allocate() -> Shapes {
            let shapes = Shapes(
                keys: .allocate(capacity: slots * keysPerShape), tags: .allocate(capacity: slots),
                counts: .allocate(capacity: slots), generations: .allocate(capacity: slots))
            shapes.tags.initialize(repeating: 0, count: slots)
            shapes.counts.initialize(repeating: 0, count: slots)
            shapes.generations.initialize(repeating: 0, count: slots)
            return shapes
        }

        func deallocate() {
            keys.deallocate()
            tags.deallocate()
            counts.deallocate()
            generations.deallocate()
        }
    }

    /// One key of a remembered shape: its first 16 bytes from after the opening quote (closing quote included)
    /// with the mask of those that count, or, for keys over 14 bytes, just where it is in the input.
    struct ShapeKey {
        var w0: UInt64
        var w1: UInt64
        var m0: UInt64
        var m1: UInt64
        var fingerprint: UInt64
        var start: UInt32
        /// The key's length in bytes, or -1 when it cannot be matched (escaped, or too near the end to load).
        var length: Int32
    }

    /// A key of an open object.
    struct KeyEntry {
        /// A fingerprint of the key's text (decoded when it has escapes); equal keys have equal fingerprints.
        var fingerprint: UInt64
        var start: UInt32
        var end: UInt32
        var node: UInt32
        var escaped: Bool
    }

    init(input: UnsafeBufferPointer<UInt8>, out: UnsafeMutableBufferPointer<RawNode>, maxDepth: Int) {
        self.input = input
        self.out = out
        self.maxDepth = maxDepth
        stack = .allocate(capacity: stackCapacity)
        keys = .allocate(capacity: keyCapacity)
        shapes = input.count >= Shapes.minimumInput ? Shapes.allocate() : nil
    }

    /// Frees the scratch buffers.
    mutating func release() {
        stack.deallocate()
        keys.deallocate()
        shapes?.deallocate()
    }

    // MARK: The main loop

    static let stringBits = UInt32(NodeKind.string.rawValue) << 27
    static let numberBits = UInt32(NodeKind.number.rawValue) << 27
    static let boolBits = UInt32(NodeKind.bool.rawValue) << 27
    static let nullBits = UInt32(NodeKind.null.rawValue) << 27
    static let objectBits = UInt32(NodeKind.object.rawValue) << 27
    static let arrayBits = UInt32(NodeKind.array.rawValue) << 27
    static let trueBit: UInt32 = 1 << 31

    /// The innermost open container and the bookkeeping of its keys.
    struct Current {
        var parent = RawNode.noParent
        var isObject = false
        var depth = 0
        var keyCount = 0
        var keyBase = 0
    }

    /// Parses the whole input; returns false with `problem` set on the first error.
    mutating func run() -> Bool {
        let n = input.count
        guard n > 0, let p = input.baseAddress else { return fail(.emptyInput, 0) }
        let out = self.out.baseAddress!
        var pos = 0
        if n >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF { pos = 3 }
        pos = JSONReader.skipSpace(p, n, pos)
        if pos >= n { return fail(.emptyInput, pos) }
        var count = 0
        defer { self.count = count }
        var stack = self.stack
        var keys = self.keys
        var current = Current()

        next: while true {
            // Every value inside an object comes after `"key":`.
            if current.isObject {
                guard pos < n else { return fail(.endBeforeKey, pos) }
                guard p[pos] == UInt8(ascii: "\"") else {
                    return fail(p[pos] == UInt8(ascii: "}") ? .trailingCommaInObject : .expectedKey, pos)
                }
                var escaped = false
                let from = pos &+ 1
                var end = -1
                var fingerprint: UInt64 = 0
                // First try the key at the same position of the shape this object is following.
                let top = stack + (current.depth &- 1)
                let index = current.keyCount &- current.keyBase
                let slot = Int(top.pointee.shape)
                var expected: UnsafeMutablePointer<ShapeKey>? = nil
                if slot >= 0, Int(top.pointee.matched) == index, let shapes, index < Int(shapes.counts[slot]),
                    shapes.generations[slot] == top.pointee.generation
                {
                    let t = shapes.keys + (slot &* Shapes.keysPerShape &+ index)
                    expected = t
                    if t.pointee.length >= 0, t.pointee.length <= 14, from &+ 16 <= n,
                        (JSONReader.load64(p + from) ^ t.pointee.w0) & t.pointee.m0 == 0,
                        (JSONReader.load64(p + (from &+ 8)) ^ t.pointee.w1) & t.pointee.m1 == 0
                    {
                        end = from &+ Int(t.pointee.length) &+ 1
                        fingerprint = t.pointee.fingerprint
                        top.pointee.matched &+= 1
                    }
                }
                if end < 0 {
                    end = JSONReader.scanString(p, n, pos, &escaped)
                    guard end >= 0 else { return failString(p, n, pos) }
                    let length = end &- 1 &- from
                    fingerprint =
                        escaped
                        ? JSONReader.escapedFingerprint(p, from, end &- 1)
                        : JSONReader.fingerprint(p + from, length, readableEnd: p + n)
                    if let t = expected, !escaped, length > 14, Int(t.pointee.length) == length,
                        memcmp(p + Int(t.pointee.start), p + from, length) == 0
                    {
                        top.pointee.matched &+= 1
                    }
                }
                let to = end &- 1
                pos = JSONReader.skipSpace(p, n, end)
                guard pos < n, p[pos] == UInt8(ascii: ":") else { return fail(.expectedColon, pos) }
                pos = JSONReader.skipSpace(p, n, pos &+ 1)
                // Note the key; duplicates are looked for when the object closes.
                if current.keyCount == keyCapacity { keys = growKeys(current.keyCount) }
                keys[current.keyCount] = KeyEntry(
                    fingerprint: fingerprint, start: UInt32(truncatingIfNeeded: from),
                    end: UInt32(truncatingIfNeeded: to), node: UInt32(truncatingIfNeeded: count), escaped: escaped)
                current.keyCount &+= 1
            }
            // One value at `pos`. An opened, non-empty container continues with its first member.
            guard pos < n else { return fail(.expectedValue, pos) }
            let start = UInt32(truncatingIfNeeded: pos)
            let link = current.parent
            switch p[pos] {
            case UInt8(ascii: "\""):
                var escaped = false
                let end = JSONReader.scanString(p, n, pos, &escaped)
                guard end >= 0 else { return failString(p, n, pos) }
                pos = end
                out[count] = RawNode(
                    start: start, next: UInt32(truncatingIfNeeded: count &+ 1), link: link | JSONReader.stringBits)
                count &+= 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                let end = JSONReader.scanNumber(p, n, pos)
                guard end >= 0 else { return failNumber(p, n, pos) }
                pos = end
                out[count] = RawNode(
                    start: start, next: UInt32(truncatingIfNeeded: count &+ 1), link: link | JSONReader.numberBits)
                count &+= 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = p[pos] == UInt8(ascii: "{")
                guard current.depth < maxDepth else { return fail(.tooDeep, pos) }
                guard count < Int(RawNode.noParent) else { return fail(.tooManyNodes, pos) }
                out[count] = RawNode(
                    start: start, next: 0, link: link | (isObject ? JSONReader.objectBits : JSONReader.arrayBits))
                if current.depth == stackCapacity { stack = growStack(current.depth) }
                var context: UInt64 = 0x9E37_79B9_7F4A_7C15
                if current.depth > 0 {
                    context =
                        current.isObject ? keys[current.keyCount &- 1].fingerprint : stack[current.depth &- 1].context
                    context = (context ^ UInt64(truncatingIfNeeded: current.depth)) &* 0xBF58_476D_1CE4_E5B9
                }
                var shape: Int32 = -1
                var generation: UInt32 = 0
                if isObject, let shapes {
                    let slot = Int(truncatingIfNeeded: context &>> 58)
                    if shapes.tags[slot] == context, shapes.counts[slot] > 0 {
                        shape = Int32(truncatingIfNeeded: slot)
                        generation = shapes.generations[slot]
                    }
                }
                (stack + current.depth).initialize(
                    to: Frame(
                        node: UInt32(truncatingIfNeeded: count), keyBase: UInt32(truncatingIfNeeded: current.keyCount),
                        isObject: isObject, context: context, shape: shape, matched: 0, generation: generation))
                current.depth &+= 1
                current.parent = UInt32(truncatingIfNeeded: count)
                current.isObject = isObject
                current.keyBase = current.keyCount
                count &+= 1
                pos = JSONReader.skipSpace(p, n, pos &+ 1)
                guard pos < n, p[pos] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { continue next }
                // An empty container closes at once.
                pos &+= 1
                out[Int(current.parent)].next = UInt32(truncatingIfNeeded: count)
                JSONReader.close(&current, stack, keys, p, n, out, shapes)
            case UInt8(ascii: "t"):
                guard pos &+ 4 <= n, JSONReader.load32(p + pos) == JSONReader.trueWord else {
                    return fail(.literal("true"), pos)
                }
                pos &+= 4
                out[count] = RawNode(
                    start: start, next: UInt32(truncatingIfNeeded: count &+ 1),
                    link: link | JSONReader.boolBits | JSONReader.trueBit)
                count &+= 1
            case UInt8(ascii: "f"):
                guard pos &+ 5 <= n, JSONReader.load32(p + (pos &+ 1)) == JSONReader.alseWord else {
                    return fail(.literal("false"), pos)
                }
                pos &+= 5
                out[count] = RawNode(
                    start: start, next: UInt32(truncatingIfNeeded: count &+ 1), link: link | JSONReader.boolBits)
                count &+= 1
            case UInt8(ascii: "n"):
                guard pos &+ 4 <= n, JSONReader.load32(p + pos) == JSONReader.nullWord else {
                    return fail(.literal("null"), pos)
                }
                pos &+= 4
                out[count] = RawNode(
                    start: start, next: UInt32(truncatingIfNeeded: count &+ 1), link: link | JSONReader.nullBits)
                count &+= 1
            default:
                return fail(.expectedValue, pos)
            }
            // Then close finished containers and find the next value.
            while true {
                pos = JSONReader.skipSpace(p, n, pos)
                if current.depth == 0 {
                    return pos < n ? fail(.trailingContent, pos) : true
                }
                guard pos < n else { return fail(.unclosed(current.isObject), pos) }
                let c = p[pos]
                if c == UInt8(ascii: ",") {
                    pos = JSONReader.skipSpace(p, n, pos &+ 1)
                    if !current.isObject, pos < n, p[pos] == UInt8(ascii: "]") {
                        return fail(.trailingCommaInArray, pos)
                    }
                    continue next
                }
                if c == (current.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    pos &+= 1
                    out[Int(current.parent)].next = UInt32(truncatingIfNeeded: count)
                    JSONReader.close(&current, stack, keys, p, n, out, shapes)
                    continue
                }
                return fail(.expectedSeparator(current.isObject), pos)
            }
        }
    }

    // MARK: Containers

    /// Drops the innermost container and makes its parent current; a closing object flags its duplicate keys.
    @_transparent static func close(
        _ current: inout Current, _ stack: UnsafeMutablePointer<Frame>, _ keys: UnsafeMutablePointer<KeyEntry>,
        _ p: UnsafePointer<UInt8>, _ n: Int, _ out: UnsafeMutablePointer<RawNode>, _ shapes: Shapes?
    ) {
        let total = current.keyCount &- current.keyBase
        if total > 0 {
            // Keys that all matched a duplicate-free shape, in order, are duplicate-free themselves.
            let frame = stack + (current.depth &- 1)
            if frame.pointee.shape < 0 || Int(frame.pointee.matched) != total {
                finishObject(keys, current.keyBase, current.keyCount, p, n, out, frame.pointee.context, shapes)
            }
        }
        current.depth &-= 1
        current.keyCount = current.keyBase
        if current.depth > 0 {
            let outer = stack[current.depth &- 1]
            current.parent = outer.node
            current.isObject = outer.isObject
            current.keyBase = Int(outer.keyBase)
        } else {
            current.parent = RawNode.noParent
            current.isObject = false
        }
    }

    /// Doubles the container stack; returns the new buffer.
    @inline(never) mutating func growStack(_ depth: Int) -> UnsafeMutablePointer<Frame> {
        let bigger = UnsafeMutablePointer<Frame>.allocate(capacity: stackCapacity * 2)
        bigger.moveInitialize(from: stack, count: depth)
        stack.deallocate()
        stack = bigger
        stackCapacity *= 2
        return bigger
    }

    /// Doubles the key buffer; returns the new buffer.
    @inline(never) mutating func growKeys(_ count: Int) -> UnsafeMutablePointer<KeyEntry> {
        let bigger = UnsafeMutablePointer<KeyEntry>.allocate(capacity: keyCapacity * 2)
        bigger.moveInitialize(from: keys, count: count)
        keys.deallocate()
        keys = bigger
        keyCapacity *= 2
        return bigger
    }

    // MARK: Duplicate keys

    /// Flags the duplicate keys of a finished object and, when it has none, remembers its keys as the shape for
    /// its context.
    @inline(never) static func finishObject(
        _ keys: UnsafeMutablePointer<KeyEntry>, _ first: Int, _ end: Int, _ p: UnsafePointer<UInt8>, _ n: Int,
        _ out: UnsafeMutablePointer<RawNode>, _ context: UInt64, _ shapes: Shapes?
    ) {
        if end - first > 1, markDuplicates(keys, first, end, p, out) { return }
        guard let shapes else { return }
        let slot = Int(truncatingIfNeeded: context &>> 58)
        let count = min(end - first, Shapes.keysPerShape)
        for k in 0..<count {
            let key = keys[first + k]
            let start = Int(key.start)
            let length = Int(key.end) - start
            var t = ShapeKey(
                w0: 0, w1: 0, m0: 0, m1: 0, fingerprint: key.fingerprint, start: key.start,
                length: key.escaped ? -1 : Int32(length))
            if !key.escaped && length <= 14 {
                if start + 16 <= n {
                    // The key's bytes and its closing quote.
                    let bytes = length + 1
                    t.m0 = bytes >= 8 ? UInt64.max : (1 << UInt64(8 * bytes)) - 1
                    t.m1 = bytes > 8 ? (1 << UInt64(8 * (bytes - 8))) - 1 : 0
                    t.w0 = load64(p + start) & t.m0
                    t.w1 = load64(p + (start + 8)) & t.m1
                } else {
                    t.length = -1
                }
            }
            shapes.keys[slot * Shapes.keysPerShape + k] = t
        }
        shapes.tags[slot] = context
        shapes.counts[slot] = Int32(count)
        shapes.generations[slot] &+= 1
    }

    /// Flags every member of a finished object whose key another member of it also has, both of them; returns
    /// whether there were any.
    ///
    /// Keys are the same when their text is: decoded text when either has escapes (`"a"` and `"\u0061"`), the
    /// raw bytes otherwise. Small objects filter candidates through a 64-bit Bloom filter over the
    /// fingerprints; large ones index the first key with each fingerprint.
    static func markDuplicates(
        _ keys: UnsafeMutablePointer<KeyEntry>, _ first: Int, _ end: Int, _ p: UnsafePointer<UInt8>,
        _ out: UnsafeMutablePointer<RawNode>
    ) -> Bool {
        var found = false
        func mark(_ j: Int, twinFrom start: Int) {
            var i = start
            while i < j {
                if keys[i].fingerprint == keys[j].fingerprint, sameKey(p, keys[i], keys[j]) {
                    out[Int(keys[i].node)].markDuplicate()
                    out[Int(keys[j].node)].markDuplicate()
                    found = true
                    return
                }
                i += 1
            }
        }
        if end - first <= scanLimit {
            var bloom: UInt64 = 0
            for j in first..<end {
                let bit: UInt64 = 1 &<< (keys[j].fingerprint &>> 58)
                if bloom & bit != 0 { mark(j, twinFrom: first) }
                bloom |= bit
            }
            return found
        }
        var firstWith: [UInt64: Int] = [:]
        firstWith.reserveCapacity(end - first)
        for j in first..<end {
            if let i = firstWith[keys[j].fingerprint] {
                mark(j, twinFrom: i)
            } else {
                firstWith[keys[j].fingerprint] = j
            }
        }
        return found
    }

    /// True when two keys have the same text.
    static func sameKey(_ p: UnsafePointer<UInt8>, _ a: KeyEntry, _ b: KeyEntry) -> Bool {
        let length = Int(a.end) &- Int(a.start)
        if !a.escaped && !b.escaped {
            return length == Int(b.end) &- Int(b.start) && memcmp(p + Int(a.start), p + Int(b.start), length) == 0
        }
        return keyText(p, Int(a.start), Int(a.end), a.escaped) == keyText(p, Int(b.start), Int(b.end), b.escaped)
    }

    /// The text a key stands for, as bytes: decoded when it has escapes, as written otherwise.
    static func keyText(_ p: UnsafePointer<UInt8>, _ from: Int, _ to: Int, _ escaped: Bool) -> [UInt8] {
        let raw = UnsafeBufferPointer(start: p + from, count: to - from)
        return escaped ? Array(JSONString.decode(raw, .json).utf8) : Array(raw)
    }

    /// The fingerprint of an escaped key's decoded text, so it matches the same key written without escapes.
    @inline(never) static func escapedFingerprint(_ p: UnsafePointer<UInt8>, _ from: Int, _ to: Int) -> UInt64 {
        keyText(p, from, to, true).withUnsafeBufferPointer { text in
            fingerprint(text.baseAddress ?? p, text.count, readableEnd: (text.baseAddress ?? p) + text.count)
        }
    }

    /// A fingerprint of `length` bytes at `start` from at most two 8-byte loads; bytes up to `readableEnd` may be
    /// loaded (and masked off) past the end of the key. Its top 6 bits pick the key's bloom bit.
    @inline(__always) static func fingerprint(
        _ start: UnsafePointer<UInt8>, _ length: Int, readableEnd: UnsafePointer<UInt8>
    ) -> UInt64 {
        var word: UInt64
        if length >= 8 {
            let tail = load64(start + (length &- 8))
            word = load64(start) ^ (tail &<< 23 | tail &>> 41)
        } else if readableEnd - start >= 8 {
            word = load64(start) & (UInt64.max >> UInt64(truncatingIfNeeded: 64 &- 8 &* length))
        } else {
            word = 0
            for k in 0..<length { word |= UInt64(start[k]) &<< UInt64(truncatingIfNeeded: 8 &* k) }
        }
        return (word &+ UInt64(truncatingIfNeeded: length)) &* 0x9E37_79B9_7F4A_7C15
    }

    // MARK: Scalars

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

    // MARK: Errors

    /// Everything that can be wrong with the input; the message is written only when parsing fails.
    enum Problem {
        case emptyInput, expectedValue, trailingContent, unclosed(Bool), expectedSeparator(Bool)
        case trailingCommaInArray, trailingCommaInObject, endBeforeKey, expectedKey, expectedColon
        case tooDeep, tooManyNodes, literal(StaticString)
        case unterminatedString(Int), controlCharacter, badEscape, badUnicodeEscape
        case numberNeedsDigitAfterMinus, leadingZero, numberNeedsDigitAfterPoint, numberNeedsExponentDigit
        case numberUnexpected
    }

    @inline(never) mutating func fail(_ problem: Problem, _ offset: Int) -> Bool {
        self.problem = problem
        problemOffset = offset
        return false
    }

    /// Finds what is wrong with the string opening at `open`, which the fast scanner rejected.
    @inline(never) mutating func failString(_ p: UnsafePointer<UInt8>, _ n: Int, _ open: Int) -> Bool {
        var i = open + 1
        while i < n {
            let c = p[i]
            if c == UInt8(ascii: "\\") {
                guard i + 1 < n else { break }
                switch p[i + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    i += 2
                case UInt8(ascii: "u"):
                    for k in 2..<6 where !(i + k < n && JSONReader.isHex(p[i + k])) {
                        return fail(.badUnicodeEscape, i)
                    }
                    i += 6
                default:
                    return fail(.badEscape, i)
                }
                continue
            }
            if c < 0x20 { return fail(.controlCharacter, i) }
            i += 1
        }
        return fail(.unterminatedString(open), open)
    }

    /// Finds what is wrong with the number starting at `start`, which the fast scanner rejected.
    @inline(never) mutating func failNumber(_ p: UnsafePointer<UInt8>, _ n: Int, _ start: Int) -> Bool {
        var i = start
        if p[i] == UInt8(ascii: "-") { i += 1 }
        guard i < n, JSONReader.isDigit(p[i]) else { return fail(.numberNeedsDigitAfterMinus, i) }
        if p[i] == UInt8(ascii: "0") {
            i += 1
            if i < n, JSONReader.isDigit(p[i]) { return fail(.leadingZero, start) }
        } else {
            while i < n, JSONReader.isDigit(p[i]) { i += 1 }
        }
        if i < n, p[i] == UInt8(ascii: ".") {
            i += 1
            guard i < n, JSONReader.isDigit(p[i]) else { return fail(.numberNeedsDigitAfterPoint, i) }
            while i < n, JSONReader.isDigit(p[i]) { i += 1 }
        }
        if i < n, p[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < n, p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-") { i += 1 }
            guard i < n, JSONReader.isDigit(p[i]) else { return fail(.numberNeedsExponentDigit, i) }
            while i < n, JSONReader.isDigit(p[i]) { i += 1 }
        }
        return fail(.numberUnexpected, i)
    }

    /// The message and offset of the recorded problem.
    func failure() -> (message: String, offset: Int) {
        let at = problemOffset
        let message: String
        switch problem {
        case .emptyInput: message = "empty input: expected a JSON value"
        case .expectedValue:
            message =
                at < input.count
                ? "expected a value, found \(describe(at))" : "unexpected end of input: expected a value"
        case .trailingContent: message = "unexpected \(describe(at)) after the JSON value"
        case .unclosed(let isObject): message = "unexpected end of input: \(isObject ? "object" : "array") not closed"
        case .expectedSeparator(let isObject):
            message =
                isObject
                ? "expected ',' or '}' after object member, found \(describe(at))"
                : "expected ',' or ']' after array element, found \(describe(at))"
        case .trailingCommaInArray: message = "trailing comma before ']'"
        case .trailingCommaInObject: message = "trailing comma before '}'"
        case .endBeforeKey: message = "unexpected end of input: expected an object key"
        case .expectedKey: message = "expected a string key in double quotes, found \(describe(at))"
        case .expectedColon: message = "expected ':' after object key, found \(describe(at))"
        case .tooDeep: message = "nesting deeper than \(maxDepth) levels"
        case .tooManyNodes: message = "too many values: a tree holds at most \(RawNode.maxNodes) nodes"
        case .literal(let word): message = "invalid literal: expected '\(word)'"
        case .unterminatedString(let open): message = "unterminated string (opened at byte \(open))"
        case .controlCharacter:
            message = "unescaped control character U+\(JSONString.hexDigits(UInt32(input[at]), 4)) in string"
        case .badEscape: message = "invalid escape \(describe(at + 1)) in string"
        case .badUnicodeEscape: message = "invalid \\u escape: expected 4 hex digits"
        case .numberNeedsDigitAfterMinus: message = "invalid number: expected a digit after '-'"
        case .leadingZero: message = "invalid number: leading zeros are not allowed"
        case .numberNeedsDigitAfterPoint: message = "invalid number: expected a digit after '.'"
        case .numberNeedsExponentDigit: message = "invalid number: expected a digit in the exponent"
        case .numberUnexpected: message = "invalid number: unexpected \(describe(at))"
        }
        return (message, at)
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
