/// A small non-validating XML reader that builds a `Tree` with exact byte spans, without recursion.
///
/// At most one element is "pending" at a time: the innermost open element, until it is known whether it has
/// attributes or child elements. A pending element that closes with only text becomes a string node; one that
/// gets a child becomes an object, and its attributes and text so far are written first.
struct XMLReader {
    /// A well-formedness error: what and at which byte.
    struct Failure: Error {
        var message: String
        var offset: Int
    }

    /// An open element on the stack.
    struct Open {
        var nameStart: Int
        var nameEnd: Int
        var tagStart: Int
        /// True once the element was written as an object (it has a child element).
        var emitted: Bool
    }

    /// An attribute of the pending element.
    struct Attribute {
        var name: String
        var value: String
        var start: Int
        var end: Int
    }

    let input: UnsafeBufferPointer<UInt8>
    let source: [UInt8]
    let maxDepth: Int
    var pos = 0
    var builder: TreeBuilder
    var latin1 = false
    var entities: [String: String] = [:]
    var stack: [Open] = []
    /// Attributes of the pending element (the innermost open one when it is not emitted).
    var attributes: [Attribute] = []
    /// The hash values of the names in `attributes` once there are more than `attributeScanLimit`, so a duplicate
    /// in a tag with 100 000 attributes is found without scanning them all; empty for the usual small tags. Hash
    /// values (8 bytes, no string compares while probing) keep the table small enough to stay in the caches longer;
    /// a repeated hash value is confirmed by comparing the names.
    var attributeHashes: Set<Int> = []
    /// Up to this many attributes, a duplicate is looked for by comparing names (cheaper than hashing them).
    static let attributeScanLimit = 8
    /// The current run of character data, decoded to UTF-8.
    var text: [UInt8] = []
    var textStart = -1
    var textEnd = -1
    var textHasContent = false
    var sawRoot = false
    var sawDoctype = false
    var bodyStart = 0
    /// Bytes produced so far by expanding declared entities, limited to keep "billion laughs" documents cheap.
    var expanded = 0
    static let maxExpansion = 16 << 20

    init(input: UnsafeBufferPointer<UInt8>, source: [UInt8], maxDepth: Int) {
        self.input = input
        self.source = source
        self.maxDepth = maxDepth
        builder = TreeBuilder(source: source, format: .xml, flagDuplicates: false)
    }

    // MARK: - Document

    mutating func run() throws(Failure) -> Tree {
        let n = input.count
        if n >= 2, (input[0] == 0xFF && input[1] == 0xFE) || (input[0] == 0xFE && input[1] == 0xFF) {
            throw Failure(message: "UTF-16 XML is not supported: convert the document to UTF-8", offset: 0)
        }
        if n >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF { pos = 3 }
        bodyStart = pos
        builder.beginContainer(.object, start: 0)
        while pos < n {
            let c = input[pos]
            if c == UInt8(ascii: "<") {
                guard pos + 1 < n else { throw Failure(message: "unexpected end of input after '<'", offset: pos) }
                switch input[pos + 1] {
                case UInt8(ascii: "/"): try endTag()
                case UInt8(ascii: "?"): try processingInstruction()
                case UInt8(ascii: "!"):
                    if starts(with: "<!--") {
                        try comment()
                    } else if starts(with: "<![CDATA[") {
                        try cdata()
                    } else if starts(with: "<!DOCTYPE") {
                        try doctype()
                    } else {
                        throw Failure(
                            message: "unknown markup after '<!': expected a comment, CDATA section or DOCTYPE",
                            offset: pos)
                    }
                default: try startTag()
                }
            } else if stack.isEmpty {
                if JSONBytes.isSpace(c) {
                    pos += 1
                    continue
                }
                if sawRoot {
                    throw Failure(
                        message: "unexpected text after the root element, found \(describe(pos))", offset: pos)
                }
                throw Failure(message: "expected '<' to start the root element, found \(describe(pos))", offset: pos)
            } else {
                try characterData()
            }
            if builder.count > RawNode.maxNodes {
                throw Failure(message: "document has more than \(RawNode.maxNodes) nodes", offset: pos)
            }
        }
        if let top = stack.last {
            throw Failure(
                message: "unexpected end of input: <\(name(top))> opened at \(position(top.tagStart)) is not closed",
                offset: n)
        }
        guard sawRoot else {
            throw Failure(message: "no root element: an XML document needs one element", offset: n)
        }
        builder.endContainer(end: n)
        return builder.build()
    }

    // MARK: - Tags

    mutating func startTag() throws(Failure) {
        let tagStart = pos
        pos += 1
        guard pos < input.count, XMLBytes.isNameStart(input[pos]) else {
            throw Failure(message: "expected an element name after '<', found \(describe(pos))", offset: pos)
        }
        let nameStart = pos
        while pos < input.count, XMLBytes.isName(input[pos]) { pos += 1 }
        let nameEnd = pos
        if let top = stack.last {
            if top.emitted { flushText() } else { emitPending() }
        } else {
            if sawRoot {
                throw Failure(
                    message: "a second root element <\(decode(nameStart..<nameEnd))>: an XML document has exactly one",
                    offset: tagStart)
            }
            sawRoot = true
        }
        attributes.removeAll(keepingCapacity: true)
        // Emptying a set costs its capacity, so a set is cleared only when a big tag used it.
        if !attributeHashes.isEmpty { attributeHashes = [] }
        var selfClosing = false
        while true {
            let hadSpace = skipSpace()
            guard pos < input.count else {
                throw Failure(
                    message: "unexpected end of input in the start tag of <\(decode(nameStart..<nameEnd))>",
                    offset: pos)
            }
            let c = input[pos]
            if c == UInt8(ascii: ">") {
                pos += 1
                break
            }
            if c == UInt8(ascii: "/") {
                guard pos + 1 < input.count, input[pos + 1] == UInt8(ascii: ">") else {
                    throw Failure(message: "expected '>' after '/' in a start tag", offset: pos + 1)
                }
                pos += 2
                selfClosing = true
                break
            }
            guard XMLBytes.isNameStart(c) else {
                throw Failure(
                    message:
                        "expected an attribute name, '>' or '/>' in <\(decode(nameStart..<nameEnd))>, found \(describe(pos))",
                    offset: pos)
            }
            guard hadSpace else {
                throw Failure(message: "expected white space before attribute \(describe(pos))", offset: pos)
            }
            try attribute()
        }
        if selfClosing {
            let key = decode(nameStart..<nameEnd)
            if attributes.isEmpty {
                builder.scalar(.null, key: key, start: tagStart, end: pos)
            } else {
                builder.beginContainer(.object, key: key, start: tagStart)
                writeAttributes()
                builder.endContainer(end: pos)
            }
            return
        }
        guard stack.count < maxDepth else {
            throw Failure(message: "elements nested deeper than \(maxDepth) levels", offset: tagStart)
        }
        stack.append(Open(nameStart: nameStart, nameEnd: nameEnd, tagStart: tagStart, emitted: false))
    }

    /// Reads `name = "value"` at `pos` into `attributes`.
    mutating func attribute() throws(Failure) {
        let start = pos
        while pos < input.count, XMLBytes.isName(input[pos]) { pos += 1 }
        let name = decode(start..<pos)
        skipSpace()
        guard pos < input.count, input[pos] == UInt8(ascii: "=") else {
            throw Failure(message: "expected '=' after attribute name '\(name)', found \(describe(pos))", offset: pos)
        }
        pos += 1
        skipSpace()
        guard pos < input.count, input[pos] == UInt8(ascii: "\"") || input[pos] == UInt8(ascii: "'") else {
            throw Failure(
                message: "expected a quoted value for attribute '\(name)', found \(describe(pos))", offset: pos)
        }
        let quote = input[pos]
        let open = pos
        pos += 1
        var value: [UInt8] = []
        var chunk = pos
        while true {
            guard pos < input.count else {
                throw Failure(
                    message:
                        "unexpected end of input in the value of attribute '\(name)' (opened at \(position(open)))",
                    offset: pos)
            }
            let c = input[pos]
            if c == quote { break }
            switch c {
            case UInt8(ascii: "<"):
                throw Failure(message: "'<' is not allowed in attribute values (write &lt;)", offset: pos)
            case UInt8(ascii: "&"):
                Self.appendRaw(chunk..<pos, of: input, latin1: latin1, to: &value)
                try reference(into: &value)
                chunk = pos
            case 0x0D, 0x0A, 0x09:
                Self.appendRaw(chunk..<pos, of: input, latin1: latin1, to: &value)
                value.append(0x20)
                if c == 0x0D, pos + 1 < input.count, input[pos + 1] == 0x0A { pos += 1 }
                pos += 1
                chunk = pos
            default:
                pos += 1
            }
        }
        Self.appendRaw(chunk..<pos, of: input, latin1: latin1, to: &value)
        pos += 1
        let duplicate: Bool
        if attributes.count < XMLReader.attributeScanLimit {
            duplicate = attributes.contains { $0.name == name }
        } else {
            if attributeHashes.isEmpty { attributeHashes = Set(attributes.map(\.name.hashValue)) }
            duplicate = !attributeHashes.insert(name.hashValue).inserted && attributes.contains { $0.name == name }
        }
        if duplicate {
            throw Failure(message: "duplicate attribute '\(name)'", offset: start)
        }
        attributes.append(
            Attribute(name: name, value: String(decoding: value, as: UTF8.self), start: start, end: pos))
    }

    mutating func endTag() throws(Failure) {
        let tagStart = pos
        pos += 2
        guard pos < input.count, XMLBytes.isNameStart(input[pos]) else {
            throw Failure(message: "expected an element name after '</', found \(describe(pos))", offset: pos)
        }
        let nameStart = pos
        while pos < input.count, XMLBytes.isName(input[pos]) { pos += 1 }
        let nameEnd = pos
        skipSpace()
        guard pos < input.count, input[pos] == UInt8(ascii: ">") else {
            throw Failure(
                message: "expected '>' to end </\(decode(nameStart..<nameEnd))>, found \(describe(pos))", offset: pos)
        }
        pos += 1
        guard let top = stack.last else {
            throw Failure(
                message: "unexpected end tag </\(decode(nameStart..<nameEnd))>: no element is open", offset: tagStart)
        }
        guard sameName(top, nameStart..<nameEnd) else {
            throw Failure(
                message:
                    "expected </\(name(top))> to close <\(name(top))> opened at \(position(top.tagStart)), found </\(decode(nameStart..<nameEnd))>",
                offset: tagStart)
        }
        stack.removeLast()
        if top.emitted {
            flushText()
            builder.endContainer(end: pos)
            return
        }
        let key = name(top)
        if !attributes.isEmpty {
            builder.beginContainer(.object, key: key, start: top.tagStart)
            writeAttributes()
            flushText()
            builder.endContainer(end: pos)
        } else if textStart >= 0 {
            builder.scalar(
                .string, key: key, value: String(decoding: text, as: UTF8.self), start: top.tagStart, end: pos)
            resetText()
        } else {
            builder.scalar(.null, key: key, start: top.tagStart, end: pos)
        }
        attributes.removeAll(keepingCapacity: true)
    }

    /// Writes the pending element as an object with its attributes and text so far.
    mutating func emitPending() {
        let top = stack.count - 1
        builder.beginContainer(.object, key: name(stack[top]), start: stack[top].tagStart)
        writeAttributes()
        flushText()
        stack[top].emitted = true
    }

    mutating func writeAttributes() {
        for a in attributes {
            builder.scalar(.string, key: "@" + a.name, value: a.value, start: a.start, end: a.end)
        }
        attributes.removeAll(keepingCapacity: true)
    }

    // MARK: - Character data

    /// Reads text up to the next `<` into the current run.
    mutating func characterData() throws(Failure) {
        if textStart < 0 { textStart = pos }
        var chunk = pos
        while pos < input.count {
            let c = input[pos]
            if c == UInt8(ascii: "<") { break }
            if c == UInt8(ascii: "&") {
                Self.appendRaw(chunk..<pos, of: input, latin1: latin1, to: &text)
                var run: [UInt8] = []
                swap(&run, &text)
                defer { swap(&run, &text) }
                try reference(into: &run)
                textHasContent = true
                chunk = pos
                continue
            }
            if c == 0x0D {
                Self.appendRaw(chunk..<pos, of: input, latin1: latin1, to: &text)
                text.append(0x0A)
                if pos + 1 < input.count, input[pos + 1] == 0x0A { pos += 1 }
                pos += 1
                chunk = pos
                continue
            }
            if !textHasContent, !JSONBytes.isSpace(c) { textHasContent = true }
            pos += 1
        }
        Self.appendRaw(chunk..<pos, of: input, latin1: latin1, to: &text)
        textEnd = pos
    }

    /// Writes the current text run as a `#text` member when it is more than white space, then clears it.
    mutating func flushText() {
        if textStart >= 0, textHasContent {
            builder.scalar(
                .string, key: "#text", value: String(decoding: text, as: UTF8.self), start: textStart, end: textEnd)
        }
        resetText()
    }

    mutating func resetText() {
        text.removeAll(keepingCapacity: true)
        textStart = -1
        textEnd = -1
        textHasContent = false
    }

    /// Appends source bytes to `out` as UTF-8.
    ///
    /// Static, so appending to the reader's own text run (`&text`) needs no copy of the reader: an instance method
    /// called with one of the reader's properties in-out made Swift copy the reader, and with it the run, on every
    /// call (text of 300 000 `a&amp;` took 45 s, CDATA sections alike).
    static func appendRaw(
        _ range: Range<Int>, of input: UnsafeBufferPointer<UInt8>, latin1: Bool, to out: inout [UInt8]
    ) {
        guard !range.isEmpty else { return }
        if !latin1 {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: input[range]))
            return
        }
        for c in input[range] {
            if c < 0x80 {
                out.append(c)
            } else {
                out.append(0xC0 | c >> 6)
                out.append(0x80 | c & 0x3F)
            }
        }
    }

    /// Decodes `&name;`, `&#NN;` or `&#xHH;` at `pos`, appending its UTF-8 to `out`.
    mutating func reference(into out: inout [UInt8]) throws(Failure) {
        let start = pos
        var end = pos + 1
        while end < input.count, end - start < 64, input[end] != UInt8(ascii: ";"), !JSONBytes.isSpace(input[end]),
            input[end] != UInt8(ascii: "<"), input[end] != UInt8(ascii: "&")
        {
            end += 1
        }
        guard end < input.count, input[end] == UInt8(ascii: ";"), end > start + 1 else {
            throw Failure(
                message: "'&' must start an entity such as &amp; or &#38; (write &amp; for a literal '&')",
                offset: start)
        }
        let body = input[(start + 1)..<end]
        pos = end + 1
        if body.first == UInt8(ascii: "#") {
            var value: UInt32 = 0
            let hex = body.count > 1 && body[body.startIndex + 1] | 0x20 == UInt8(ascii: "x")
            let digits = body.dropFirst(hex ? 2 : 1)
            var valid = !digits.isEmpty && digits.count <= 8
            for d in digits where valid {
                let v: UInt32?
                switch d {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): v = UInt32(d - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: v = UInt32(d - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: v = UInt32(d - UInt8(ascii: "A") + 10)
                default: v = nil
                }
                if let v { value = value * (hex ? 16 : 10) + v } else { valid = false }
            }
            guard valid, value != 0, let scalar = Unicode.Scalar(value) else {
                throw Failure(
                    message: "invalid character reference '\(decode(start..<(end + 1)))'", offset: start)
            }
            out.append(contentsOf: String(Character(scalar)).utf8)
            return
        }
        let name = decode((start + 1)..<end)
        switch name {
        case "amp": out.append(UInt8(ascii: "&"))
        case "lt": out.append(UInt8(ascii: "<"))
        case "gt": out.append(UInt8(ascii: ">"))
        case "quot": out.append(UInt8(ascii: "\""))
        case "apos": out.append(UInt8(ascii: "'"))
        default:
            guard let value = entities[name] else {
                throw Failure(
                    message:
                        "unknown entity '&\(name);': XML defines only &amp; &lt; &gt; &quot; &apos; and character references; others must be declared in the DOCTYPE",
                    offset: start)
            }
            expanded += value.utf8.count
            guard expanded <= XMLReader.maxExpansion else {
                throw Failure(
                    message: "declared entities expand to more than \(XMLReader.maxExpansion) bytes", offset: start)
            }
            out.append(contentsOf: value.utf8)
        }
    }

    // MARK: - Helpers

    /// Skips XML white space; true when there was some.
    @discardableResult mutating func skipSpace() -> Bool {
        let start = pos
        while pos < input.count, JSONBytes.isSpace(input[pos]) { pos += 1 }
        return pos > start
    }

    func starts(with literal: StaticString) -> Bool {
        let n = literal.utf8CodeUnitCount
        guard pos + n <= input.count else { return false }
        let p = literal.utf8Start
        for k in 0..<n where input[pos + k] != p[k] { return false }
        return true
    }

    /// The index of the first occurrence of `literal` at or after `from`, or nil.
    func find(_ literal: StaticString, from: Int) -> Int? {
        let n = literal.utf8CodeUnitCount
        let p = literal.utf8Start
        var i = from
        while i + n <= input.count {
            if input[i] == p[0] {
                var k = 1
                while k < n, input[i + k] == p[k] { k += 1 }
                if k == n { return i }
            }
            i += 1
        }
        return nil
    }

    func decode(_ range: Range<Int>) -> String {
        let slice = UnsafeBufferPointer(rebasing: input[range])
        return latin1 ? TextDecoding.latin1(slice) : TextDecoding.visibleUTF8(slice)
    }

    func name(_ open: Open) -> String { decode(open.nameStart..<open.nameEnd) }

    func sameName(_ open: Open, _ range: Range<Int>) -> Bool {
        guard open.nameEnd - open.nameStart == range.count else { return false }
        var a = open.nameStart
        var b = range.lowerBound
        while b < range.upperBound {
            if input[a] != input[b] { return false }
            a += 1
            b += 1
        }
        return true
    }

    /// `line:column` of `offset`, for messages that point at a second place.
    func position(_ offset: Int) -> String {
        let (line, column) = TextPosition.lineColumn(of: offset, in: source)
        return "\(line):\(column)"
    }

    /// The byte at `i` as a person reads it.
    func describe(_ i: Int) -> String {
        guard i < input.count else { return "end of input" }
        let c = input[i]
        if c >= 0x21 && c < 0x7F { return "'\(Character(Unicode.Scalar(c)))'" }
        if c == 0x20 { return "' '" }
        if c == 0x0A { return "a line break" }
        return "byte 0x\(JSONString.hexDigits(UInt32(c), 2))"
    }
}
