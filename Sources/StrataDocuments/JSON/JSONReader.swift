import Foundation

/// The parsing loop over raw memory.
///
/// Hot state (position, node count, the current container, the container stack and the keys of open objects)
/// lives in locals of `run`, over manually managed buffers, so the loop does no reference counting and no
/// exclusivity checks. Scanners return -1 on any error and a cold path re-reads the token to say exactly what is
/// wrong, which keeps the hot code small.
struct JSONReader {
    let input: UnsafeBufferPointer<UInt8>
    let out: UnsafeMutableBufferPointer<RawNode>
    /// Each container's parent, in document order, written alongside `out`.
    let parents: UnsafeMutableBufferPointer<UInt32>
    /// A bit per node, set for containers: zeroed memory of at least `out.count / 64 + 1` words.
    let containerBits: UnsafeMutablePointer<UInt64>
    let maxDepth: Int
    /// Nodes written so far.
    var count = 0
    /// Containers written so far.
    var containerCount = 0

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

    /// Where the next release of already-read input pages happens, with ``ReleaseInput``. Only for input that is a
    /// read-only file mapping, whose released pages come back from the page cache if touched again.
    var releaseAt = Int.max

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

    init(
        input: UnsafeBufferPointer<UInt8>, out: UnsafeMutableBufferPointer<RawNode>,
        parents: UnsafeMutableBufferPointer<UInt32>, containerBits: UnsafeMutablePointer<UInt64>, maxDepth: Int
    ) {
        self.input = input
        self.out = out
        self.parents = parents
        self.containerBits = containerBits
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

    /// Whether a parse hands the pages of input it has read back to the kernel: a type, so each choice is its own
    /// specialization of `run` and a parse that keeps its input has no check for it in the loop.
    protocol InputPolicy { static var releasesRead: Bool { get } }
    /// Keep the input (a parse that builds a tree over it).
    enum KeepInput: InputPolicy { static var releasesRead: Bool { false } }
    /// Release what has been read (validating a mapped file).
    enum ReleaseInput: InputPolicy { static var releasesRead: Bool { true } }

    /// Parses the whole input; returns false with `problem` set on the first error.
    mutating func run() -> Bool { run(KeepInput.self) }

    /// Parses the whole input, releasing read pages as `Policy` says; returns false with `problem` set on the first
    /// error.
    mutating func run<Policy: InputPolicy>(_: Policy.Type) -> Bool {
        let n = input.count
        guard n > 0, let p = input.baseAddress else { return fail(.emptyInput, 0) }
        let out = self.out.baseAddress!
        let parents = self.parents.baseAddress!
        let containerBits = self.containerBits
        var pos = 0
        if n >= 3, p[0] == 0xEF, p[1] == 0xBB, p[2] == 0xBF { pos = 3 }
        pos = JSONReader.skipSpace(p, n, pos)
        if pos >= n { return fail(.emptyInput, pos) }
        var count = 0
        var containerCount = 0
        defer {
            self.count = count
            self.containerCount = containerCount
        }
        var stack = self.stack
        var keys = self.keys
        var current = Current()
        var releaseAt = self.releaseAt

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
                out[count] = RawNode(start: start, link: link | JSONReader.stringBits)
                count &+= 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                let end = JSONReader.scanNumber(p, n, pos)
                guard end >= 0 else { return failNumber(p, n, pos) }
                pos = end
                out[count] = RawNode(start: start, link: link | JSONReader.numberBits)
                count &+= 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = p[pos] == UInt8(ascii: "{")
                guard current.depth < maxDepth else { return fail(.tooDeep, pos) }
                guard count < Int(RawNode.noParent) else { return fail(.tooManyNodes, pos) }
                // Its subtree end is set when it closes; its parent goes to the table of containers.
                out[count] = RawNode(start: start, link: isObject ? JSONReader.objectBits : JSONReader.arrayBits)
                parents[containerCount] = link
                containerCount &+= 1
                containerBits[count &>> 6] |= 1 &<< UInt64(truncatingIfNeeded: count & 63)
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
                out[Int(current.parent)].close(at: UInt32(truncatingIfNeeded: count))
                JSONReader.close(&current, stack, keys, p, n, out, shapes)
            case UInt8(ascii: "t"):
                guard pos &+ 4 <= n, JSONReader.load32(p + pos) == JSONReader.trueWord else {
                    return fail(.literal("true"), pos)
                }
                pos &+= 4
                out[count] = RawNode(
                    start: start,
                    link: link | JSONReader.boolBits | JSONReader.trueBit)
                count &+= 1
            case UInt8(ascii: "f"):
                guard pos &+ 5 <= n, JSONReader.load32(p + (pos &+ 1)) == JSONReader.alseWord else {
                    return fail(.literal("false"), pos)
                }
                pos &+= 5
                out[count] = RawNode(start: start, link: link | JSONReader.boolBits)
                count &+= 1
            case UInt8(ascii: "n"):
                guard pos &+ 4 <= n, JSONReader.load32(p + pos) == JSONReader.nullWord else {
                    return fail(.literal("null"), pos)
                }
                pos &+= 4
                out[count] = RawNode(start: start, link: link | JSONReader.nullBits)
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
                    if Policy.releasesRead, pos >= releaseAt { releaseAt = JSONReader.releaseRead(p, upTo: pos) }
                    continue next
                }
                if c == (current.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    pos &+= 1
                    guard count <= Int(RawNode.parentMask) else { return fail(.tooManyNodes, pos &- 1) }
                    out[Int(current.parent)].close(at: UInt32(truncatingIfNeeded: count))
                    JSONReader.close(&current, stack, keys, p, n, out, shapes)
                    continue
                }
                return fail(.expectedSeparator(current.isObject), pos)
            }
        }
    }

    /// How much input is read between two releases of the pages behind.
    static let releaseStep = 4 << 20

    /// Gives the input pages before `pos` (but the one holding it) back to the kernel; returns the next release
    /// position. The input must be a private read-only file mapping: a page touched again (a duplicate-key check
    /// of a large object, an error message) is read back from the page cache.
    @inline(never) static func releaseRead(_ p: UnsafePointer<UInt8>, upTo pos: Int) -> Int {
        #if os(Linux)
            let page = 4096
            let base = Int(bitPattern: p)
            let start = (base + page - 1) & ~(page - 1)
            let end = (base + pos - page) & ~(page - 1)
            if end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) {
                _ = madvise(pointer, end - start, MADV_DONTNEED)
            }
        #endif
        return pos &+ releaseStep
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
}
