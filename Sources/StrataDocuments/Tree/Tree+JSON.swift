/// Writing any tree as canonical JSON: compact, in document order, numbers exactly as written.
extension Tree {
    /// The canonical JSON text of node `i` (the root by default); duplicate keys are written as they are.
    ///
    /// JSON-backed strings are copied as written when they are valid UTF-8, so escapes survive unchanged;
    /// other strings are escaped minimally. Non-finite or non-JSON number text (from other formats) is quoted.
    public func canonicalJSON(_ i: Index = Tree.root, pretty: Bool = false) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(side == nil ? span(i).count : 64)
        writeJSON(i, pretty: pretty, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The canonical JSON text of node `i`, or nil as soon as it grows past `limit` bytes: refusing a huge subtree
    /// costs about `limit` bytes of work, not the subtree's size.
    public func canonicalJSON(_ i: Index, pretty: Bool = false, limit: Int) -> String? {
        if kind(i) == .string, span(i).count > limit + 2 { return nil }
        var out: [UInt8] = []
        var over = false
        writeJSON(i, pretty: pretty, into: &out) { full in
            over = full.count > limit
            return !over
        }
        return over ? nil : String(decoding: out, as: UTF8.self)
    }

    /// Writes the canonical JSON of node `i`, handing `sink` pieces of about `chunkSize` bytes as they fill (each
    /// ends between two tokens), so a large tree's JSON is never held whole.
    public func writeJSON(_ i: Index, pretty: Bool = false, chunkSize: Int, to sink: ([UInt8]) -> Void) {
        var out: [UInt8] = []
        out.reserveCapacity(chunkSize + 256)
        writeJSON(i, pretty: pretty, into: &out) { full in
            guard full.count >= chunkSize else { return true }
            sink(full)
            full.removeAll(keepingCapacity: true)
            return true
        }
        if !out.isEmpty { sink(out) }
    }

    /// Appends the canonical JSON of node `i` to `out`, without recursion.
    public func writeJSON(_ i: Index, pretty: Bool = false, into out: inout [UInt8]) {
        writeJSON(i, pretty: pretty, into: &out) { _ in true }
    }

    /// ``writeJSON(_:pretty:into:)``, calling `between` with `out` after each value (between two tokens); writing
    /// stops, leaving `out` unfinished, when it returns false.
    private func writeJSON(
        _ i: Index, pretty: Bool, into out: inout [UInt8], between: (inout [UInt8]) -> Bool
    ) {
        // Each stack entry is a container whose children are being written, and the next child to write.
        var stack: [(node: Int, next: Int)] = []
        var current = i
        func newline(_ depth: Int) {
            guard pretty else { return }
            out.append(0x0A)
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
        }
        while true {
            if let p = parent(current), kind(p) == .object, !stack.isEmpty {
                if side == nil, let r = keySpan(current) {
                    writeString(rawSpan: r, into: &out)
                } else {
                    out.append(contentsOf: JSONString.quote(key(current) ?? "").utf8)
                }
                out.append(UInt8(ascii: ":"))
                if pretty { out.append(UInt8(ascii: " ")) }
            }
            switch kind(current) {
            case .object, .array:
                out.append(kind(current) == .object ? UInt8(ascii: "{") : UInt8(ascii: "["))
                if let first = firstChild(current) {
                    stack.append((current, first))
                    newline(stack.count)
                    current = first
                    continue
                }
                out.append(kind(current) == .object ? UInt8(ascii: "}") : UInt8(ascii: "]"))
            case .string:
                if side == nil {
                    writeString(rawSpan: span(current), into: &out)
                } else {
                    out.append(contentsOf: JSONString.quote(string(current) ?? "").utf8)
                }
            case .number where side == nil:
                // The JSON reader took only numbers of JSON's grammar.
                out.append(contentsOf: source[span(current)])
            case .number:
                let text = numberText(current) ?? "0"
                if Tree.isJSONNumber(text) {
                    out.append(contentsOf: text.utf8)
                } else {
                    out.append(contentsOf: JSONString.quote(text).utf8)
                }
            case .bool: out.append(contentsOf: (bool(current)! ? "true" : "false").utf8)
            case .null: out.append(contentsOf: "null".utf8)
            }
            if !between(&out) { return }
            // Move to the next sibling, closing finished containers.
            while let top = stack.last {
                if let sib = nextSibling(current), sib < subtreeEnd(top.node) {
                    out.append(UInt8(ascii: ","))
                    newline(stack.count)
                    current = sib
                    break
                }
                stack.removeLast()
                newline(stack.count)
                out.append(kind(top.node) == .object ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                current = top.node
            }
            if stack.isEmpty { return }
        }
    }

    /// Writes the JSON string literal at `r` of the source: as written when it is valid UTF-8 (its escapes kept),
    /// else its text decoded and quoted again.
    private func writeString(rawSpan r: Range<Int>, into out: inout [UInt8]) {
        guard r.count >= 2 else {
            out.append(contentsOf: "\"\"".utf8)
            return
        }
        let valid = source.withUnsafeBufferPointer { b in
            let literal = UnsafeBufferPointer(rebasing: b[r])
            return !literal.contains { $0 >= 0x80 } || String(validating: literal, as: UTF8.self) != nil
        }
        if valid {
            out.append(contentsOf: source[r])
            return
        }
        let body = source.withUnsafeBufferPointer {
            JSONString.decode(UnsafeBufferPointer(rebasing: $0[(r.lowerBound + 1)..<(r.upperBound - 1)]), .json)
        }
        out.append(contentsOf: JSONString.quote(body).utf8)
    }

    /// True when `text` matches the JSON number grammar, and nothing else (no spaces around it): scanned by the
    /// JSON reader's own number scanner, without building a tree.
    package static func isJSONNumber(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { b in
            guard let p = b.baseAddress, !b.isEmpty else { return false }
            return JSONReader.scanNumber(p, b.count, 0) == b.count
        }
    }
}
