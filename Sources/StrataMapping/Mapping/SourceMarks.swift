/// Per source node of a mapping: the first value read from it, or how the mapping treated it, in a byte a node.
///
/// Values are numbered in the order they are added, and the values read from neighbouring nodes are added close
/// together. So each block of 64 nodes keeps the first value written into it, and each node its distance from that
/// one; a value out of that reach (before the block's first, or 251 after it) is kept aside. A 100 MB response has
/// 6.4 million nodes: 6.8 MB of marks here, where one `Int32` a node took 26 MB.
struct SourceMarks: Sendable {
    /// Not read by any value.
    static let untouched: Int32 = -1
    /// A field no property consumed.
    static let unmapped: Int32 = -2
    /// A container a key path passed through.
    static let passed: Int32 = -3

    /// Nodes per block: 2^6.
    private static let blockShift = 6
    /// The code of a node whose value is kept aside.
    private static let asideCode: UInt8 = 3
    /// The code of a value at distance 0 from its block's first; codes below it are the marks and `asideCode`.
    private static let firstValueCode: UInt8 = 4
    /// The farthest distance a code holds.
    private static let reach = Int(UInt8.max - firstValueCode)

    /// Per node: 0 untouched, 1 unmapped, 2 passed, 3 aside, else a value as `firstValueCode` + its distance.
    private var codes: [UInt8]
    /// Per block: the first value written into it, or -1.
    private var bases: [Int32]
    /// The values out of their block's reach, by node.
    private var aside: [Int32: Int32] = [:]

    /// Marks for `count` nodes, all untouched.
    init(count: Int) {
        codes = [UInt8](repeating: 0, count: count)
        bases = [Int32](repeating: -1, count: (count >> SourceMarks.blockShift) + 1)
    }

    /// The number of nodes.
    var count: Int { codes.count }

    /// The nodes' positions.
    var indices: Range<Int> { codes.indices }

    /// Makes `value` the value read from `node` unless one already is (the node keeps its first value).
    @inline(__always)
    mutating func setIfUnread(_ node: Int, _ value: Int32) {
        let code = codes[node]
        guard code < SourceMarks.asideCode else { return }
        let block = node >> SourceMarks.blockShift
        let base = bases[block]
        let distance = Int(value) - Int(base)
        if base >= 0, distance >= 0, distance <= SourceMarks.reach {
            codes[node] = SourceMarks.firstValueCode + UInt8(truncatingIfNeeded: distance)
        } else {
            self[node] = value
        }
    }

    /// The first value read from `node` (0 or more), or its mark (``untouched``, ``unmapped``, ``passed``).
    subscript(node: Int) -> Int32 {
        get {
            let code = codes[node]
            if code >= SourceMarks.firstValueCode {
                return bases[node >> SourceMarks.blockShift] + Int32(code - SourceMarks.firstValueCode)
            }
            switch code {
            case 0: return SourceMarks.untouched
            case 1: return SourceMarks.unmapped
            case 2: return SourceMarks.passed
            default: return aside[Int32(truncatingIfNeeded: node)] ?? SourceMarks.untouched
            }
        }
        set {
            if codes[node] == SourceMarks.asideCode { aside[Int32(truncatingIfNeeded: node)] = nil }
            switch newValue {
            case SourceMarks.untouched: codes[node] = 0
            case SourceMarks.unmapped: codes[node] = 1
            case SourceMarks.passed: codes[node] = 2
            default:
                precondition(newValue >= 0, "a source mark is a value or one of the three marks")
                let block = node >> SourceMarks.blockShift
                if bases[block] < 0 { bases[block] = newValue }
                let distance = Int(newValue) - Int(bases[block])
                if distance >= 0, distance <= SourceMarks.reach {
                    codes[node] = SourceMarks.firstValueCode + UInt8(distance)
                } else {
                    codes[node] = SourceMarks.asideCode
                    aside[Int32(truncatingIfNeeded: node)] = newValue
                }
            }
        }
    }
}
