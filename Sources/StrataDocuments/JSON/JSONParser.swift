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
        let capacity = JSONParser.nodeCapacity(bytes.count, maxDepth)
        let bits = ContainerBits(nodes: capacity)
        defer { bits.deallocate() }
        var parents: [UInt32] = []
        var count = 0
        let nodes = [RawNode](unsafeUninitializedCapacity: capacity) { out, written in
            JSONParser.preferHugePages(out)
            parents = [UInt32](unsafeUninitializedCapacity: capacity) { table, containers in
                bytes.withUnsafeBufferPointer { input in
                    var reader = JSONReader(
                        input: input, out: out, parents: table, containerBits: bits.words, maxDepth: maxDepth)
                    if !reader.run() { failure = reader.failure() }
                    written = reader.count
                    containers = reader.containerCount
                    reader.release()
                }
            }
            count = written
        }
        if let failure {
            throw ParseError(failure.message, at: failure.offset, in: bytes)
        }
        // Like the nodes, the parents hold the reservation for the worst case, of which only what was written is
        // ever touched.
        let table = ContainerTable(parents: parents, bits: bits.array(nodes: count))
        return Tree(source: bytes, format: .json, nodes: nodes, containers: table, side: nil)
    }

    /// Checks that JSON text in a read-only file mapping (``FileBytes/map(_:)``) parses, holding only a window of it in
    /// memory: pages already read are handed back to the kernel as the parse goes. Returns the error, or nil.
    ///
    /// For validating big files (`strata parse --quiet`): peak memory is the tree's nodes plus a few MB of input,
    /// instead of the whole input as well. The same checks and messages as ``parse(_:)``.
    public func validate(mapped input: UnsafeBufferPointer<UInt8>) -> ParseError? {
        guard input.count < Int(UInt32.max) else {
            return ParseError(message: "input larger than 4 GiB is not supported", offset: 0, line: 1, column: 1)
        }
        var failure: (message: String, offset: Int)? = nil
        let capacity = JSONParser.nodeCapacity(input.count, maxDepth)
        let nodes = UnsafeMutableBufferPointer<RawNode>.allocate(capacity: capacity)
        let parents = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: capacity)
        let bits = ContainerBits(nodes: capacity)
        defer {
            nodes.deallocate()
            parents.deallocate()
            bits.deallocate()
        }
        JSONParser.preferHugePages(nodes)
        var reader = JSONReader(
            input: input, out: nodes, parents: parents, containerBits: bits.words, maxDepth: maxDepth)
        reader.releaseAt = JSONReader.releaseStep
        if !reader.run(JSONReader.ReleaseInput.self) { failure = reader.failure() }
        reader.release()
        guard let failure else { return nil }
        return ParseError(
            failure.message, at: failure.offset, in: Array(input[0..<min(input.count, failure.offset + 1)]))
    }

    /// Asks the kernel to back a big node buffer with 2 MiB pages: one fault per 2 MiB instead of per 4 KiB.
    ///
    /// Writing 8 bytes per node into fresh memory otherwise spends a large share of the parse in page faults.
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

    /// A zeroed bit per node for the reader to mark containers in: calloc'd, so the kernel's zero pages back it and
    /// only the words written cost memory.
    struct ContainerBits {
        let words: UnsafeMutablePointer<UInt64>
        let count: Int

        init(nodes: Int) {
            count = nodes / 64 + 1
            words = calloc(count, MemoryLayout<UInt64>.stride)!.bindMemory(to: UInt64.self, capacity: count)
        }

        /// The words covering the first `nodes` nodes.
        func array(nodes: Int) -> [UInt64] {
            Array(UnsafeBufferPointer(start: words, count: min(count, nodes / 64 + 1)))
        }

        func deallocate() { free(words) }
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
