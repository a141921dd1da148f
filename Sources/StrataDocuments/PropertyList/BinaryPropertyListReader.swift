/// Reads a binary property list (`bplist00`) into a tree, without recursion and with every offset checked.
///
/// The format: an 8-byte header, objects, an offset table, and a 32-byte trailer giving the offset and reference
/// sizes, the object count, the top object and where the offset table starts. Dictionaries keep the key order
/// stored in the file. An object that contains itself is an error; a value shared by several containers is
/// written at each place, up to `maxNodes` nodes in all. Every node spans the whole body.
struct BinaryPropertyListReader {
    /// The raw body.
    let bytes: [UInt8]
    /// The most nodes a document may expand to (shared references are written once per use): generous for real
    /// files, whose every node costs at least a reference byte, and a stop for crafted ones.
    var maxNodes: Int { min(RawNode.maxNodes, max(1_000_000, 8 * bytes.count)) }

    private struct Trailer {
        var offsetSize: Int
        var refSize: Int
        var objectCount: Int
        var top: Int
        var tableOffset: Int
    }

    /// An open array or dictionary: its value references (and key references for a dictionary).
    private struct Frame {
        var object: Int
        var keys: [Int]?
        var values: [Int]
        var next: Int
    }

    func read() throws(ParseError) -> Tree {
        guard bytes.starts(with: Array("bplist00".utf8)) else {
            let version = String(decoding: bytes.prefix(8).dropFirst(6), as: UTF8.self)
            throw ParseError(
                "unsupported binary property list version '\(version)' (only bplist00 is read)", at: 6, in: bytes)
        }
        let trailer = try readTrailer()
        var builder = TreeBuilder(source: bytes, format: .plist)
        var onStack = [Bool](repeating: false, count: trailer.objectCount)
        var stack: [Frame] = []
        if let frame = try add(trailer.top, key: nil, trailer, &builder) {
            onStack[frame.object] = true
            stack.append(frame)
        }
        while let frame = stack.last {
            guard frame.next < frame.values.count else {
                builder.endContainer(end: bytes.count)
                onStack[frame.object] = false
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            var key: String? = nil
            if let keys = frame.keys {
                key = try keyString(keys[frame.next], trailer)
            }
            let ref = frame.values[frame.next]
            guard !onStack[ref] else {
                throw ParseError(
                    "object \(ref) contains itself (a reference cycle)", at: try offset(of: ref, trailer), in: bytes)
            }
            if let child = try add(ref, key: key, trailer, &builder) {
                onStack[child.object] = true
                stack.append(child)
            }
            if builder.count > maxNodes {
                throw ParseError(
                    "the property list expands to more than \(maxNodes) values through shared references", at: 0,
                    in: bytes)
            }
        }
        return builder.build()
    }

    private func readTrailer() throws(ParseError) -> Trailer {
        guard bytes.count >= 8 + 1 + 32 else {
            throw ParseError("binary property list is too short (\(bytes.count) bytes)", at: 0, in: bytes)
        }
        let t = bytes.count - 32
        let offsetSize = Int(bytes[t + 6])
        let refSize = Int(bytes[t + 7])
        let count = uint(t + 8, 8)
        let top = uint(t + 16, 8)
        let table = uint(t + 24, 8)
        guard (1...8).contains(offsetSize), (1...8).contains(refSize) else {
            throw ParseError(
                "binary property list trailer is damaged: offset size \(offsetSize), reference size \(refSize)", at: t,
                in: bytes)
        }
        guard count >= 1, count < UInt64(bytes.count), top < count, table >= 9, table < UInt64(t),
            UInt64(t) - table >= count * UInt64(offsetSize)
        else {
            throw ParseError(
                "binary property list trailer is damaged: \(count) objects, top object \(top), offset table at \(table)",
                at: t, in: bytes)
        }
        return Trailer(
            offsetSize: offsetSize, refSize: refSize, objectCount: Int(count), top: Int(top), tableOffset: Int(table))
    }

    /// The big-endian unsigned integer of `size` bytes at `at` (the caller checks bounds).
    private func uint(_ at: Int, _ size: Int) -> UInt64 {
        var v: UInt64 = 0
        for k in 0..<size { v = v << 8 | UInt64(bytes[at + k]) }
        return v
    }

    private func offset(of object: Int, _ t: Trailer) throws(ParseError) -> Int {
        guard object >= 0, object < t.objectCount else {
            throw ParseError("object reference \(object) is out of range (\(t.objectCount) objects)", at: 0, in: bytes)
        }
        let o = uint(t.tableOffset + object * t.offsetSize, t.offsetSize)
        guard o >= 8, o < UInt64(t.tableOffset) else {
            throw ParseError("object \(object) has an offset (\(o)) outside the object area", at: 0, in: bytes)
        }
        return Int(o)
    }

    /// The byte count following marker `o`, and where the payload starts.
    private func length(at o: Int, _ low: UInt8, _ t: Trailer) throws(ParseError) -> (count: Int, payload: Int) {
        guard low == 0xF else { return (Int(low), o + 1) }
        guard o + 2 <= t.tableOffset, bytes[o + 1] >> 4 == 0x1 else {
            throw ParseError("object at byte \(o) has a damaged length", at: o, in: bytes)
        }
        let size = 1 << Int(bytes[o + 1] & 0xF)
        guard size <= 8, o + 2 + size <= t.tableOffset else {
            throw ParseError("object at byte \(o) has a damaged length", at: o, in: bytes)
        }
        let n = uint(o + 2, size)
        guard n < UInt64(bytes.count) else {
            throw ParseError("object at byte \(o) claims \(n) items, more than the file holds", at: o, in: bytes)
        }
        return (Int(n), o + 2 + size)
    }

    /// Checks that an object's bytes end before the offset table.
    private func need(_ end: Int, _ o: Int, _ what: String, _ t: Trailer) throws(ParseError) {
        guard end <= t.tableOffset else {
            throw ParseError("\(what) at byte \(o) runs past the end of the object area", at: o, in: bytes)
        }
    }

    private func refs(_ at: Int, _ n: Int, _ t: Trailer) throws(ParseError) -> [Int] {
        try need(at + n * t.refSize, at, "object references", t)
        var out: [Int] = []
        out.reserveCapacity(n)
        for k in 0..<n {
            let r = uint(at + k * t.refSize, t.refSize)
            guard r < UInt64(t.objectCount) else {
                throw ParseError("object reference \(r) is out of range (\(t.objectCount) objects)", at: at, in: bytes)
            }
            out.append(Int(r))
        }
        return out
    }

    private func keyString(_ object: Int, _ t: Trailer) throws(ParseError) -> String {
        let o = try offset(of: object, t)
        let marker = bytes[o]
        guard marker >> 4 == 0x5 || marker >> 4 == 0x6 else {
            throw ParseError("dictionary key at byte \(o) is not a string", at: o, in: bytes)
        }
        return try string(at: o, t)
    }

    private func string(at o: Int, _ t: Trailer) throws(ParseError) -> String {
        let marker = bytes[o]
        let (n, p) = try length(at: o, marker & 0xF, t)
        if marker >> 4 == 0x5 {
            try need(p + n, o, "string", t)
            return TextDecoding.latin1(bytes.withUnsafeBufferPointer { UnsafeBufferPointer(rebasing: $0[p..<(p + n)]) })
        }
        try need(p + 2 * n, o, "string", t)
        var units: [UInt16] = []
        units.reserveCapacity(n)
        for k in 0..<n { units.append(UInt16(bytes[p + 2 * k]) << 8 | UInt16(bytes[p + 2 * k + 1])) }
        return String(decoding: units, as: UTF16.self)
    }

    /// Writes object `object`; returns a frame when it opened a container.
    private func add(_ object: Int, key: String?, _ t: Trailer, _ b: inout TreeBuilder) throws(ParseError) -> Frame? {
        let o = try offset(of: object, t)
        let marker = bytes[o]
        let low = marker & 0xF
        let end = bytes.count
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08, 0x09: b.scalar(.bool, key: key, bool: marker == 0x09, start: 0, end: end)
            case 0x00, 0x0F: b.scalar(.null, key: key, start: 0, end: end)
            default:
                throw ParseError(
                    "unknown object marker 0x\(JSONString.hexDigits(UInt32(marker), 2)) at byte \(o)", at: o, in: bytes)
            }
        case 0x1:
            let size = 1 << Int(low)
            guard size <= 16 else { throw ParseError("integer at byte \(o) has a damaged size", at: o, in: bytes) }
            try need(o + 1 + size, o, "integer", t)
            let text: String
            switch size {
            case 8: text = String(Int64(bitPattern: uint(o + 1, 8)))
            case 16:
                let high = uint(o + 1, 8)
                let lowWord = uint(o + 9, 8)
                if high == 0 {
                    text = String(lowWord)
                } else if high == UInt64.max {
                    text = String(Int64(bitPattern: lowWord))
                } else {
                    throw ParseError("128-bit integer at byte \(o) is out of range", at: o, in: bytes)
                }
            default: text = String(uint(o + 1, size))
            }
            b.scalar(.number, key: key, value: text, start: 0, end: end)
        case 0x2:
            try need(o + 1 + (1 << Int(low)), o, "real", t)
            let text: String
            switch low {
            case 2: text = Self.numberText(Double(Float(bitPattern: UInt32(uint(o + 1, 4)))), float: true)
            case 3: text = Self.numberText(Double(bitPattern: uint(o + 1, 8)), float: false)
            default: throw ParseError("real at byte \(o) has an unsupported size", at: o, in: bytes)
            }
            b.scalar(.number, key: key, value: text, start: 0, end: end)
        case 0x3:
            guard marker == 0x33 else { throw ParseError("date at byte \(o) has a damaged marker", at: o, in: bytes) }
            try need(o + 9, o, "date", t)
            let seconds = Double(bitPattern: uint(o + 1, 8))
            b.scalar(
                .string, key: key, value: PropertyListValues.dateText(secondsSince2001: seconds), start: 0, end: end)
        case 0x4:
            let (n, p) = try length(at: o, low, t)
            try need(p + n, o, "data", t)
            b.scalar(.string, key: key, value: PropertyListValues.dataText(bytes[p..<(p + n)]), start: 0, end: end)
        case 0x5, 0x6:
            b.scalar(.string, key: key, value: try string(at: o, t), start: 0, end: end)
        case 0x8:
            try need(o + 2 + Int(low), o, "UID", t)
            guard low < 8 else { throw ParseError("UID at byte \(o) is too large", at: o, in: bytes) }
            b.beginContainer(.object, key: key, start: 0)
            b.scalar(.number, key: "CF$UID", value: String(uint(o + 1, Int(low) + 1)), start: 0, end: end)
            b.endContainer(end: end)
        case 0xA, 0xB, 0xC:
            let (n, p) = try length(at: o, low, t)
            let values = try refs(p, n, t)
            b.beginContainer(.array, key: key, start: 0)
            return Frame(object: object, keys: nil, values: values, next: 0)
        case 0xD:
            let (n, p) = try length(at: o, low, t)
            let keys = try refs(p, n, t)
            let values = try refs(p + n * t.refSize, n, t)
            b.beginContainer(.object, key: key, start: 0)
            return Frame(object: object, keys: keys, values: values, next: 0)
        default:
            throw ParseError(
                "unknown object marker 0x\(JSONString.hexDigits(UInt32(marker), 2)) at byte \(o)", at: o, in: bytes)
        }
        return nil
    }

    /// The shortest text that reads back as `value`; `1.0` rather than `1`, so reals stay visibly reals.
    static func numberText(_ value: Double, float: Bool) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : value < 0 ? "-inf" : "inf" }
        let text = float ? String(Float(value)) : String(value)
        return text
    }
}
