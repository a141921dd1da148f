/// Markup that is not elements: comments, CDATA, processing instructions, the XML declaration and the DOCTYPE.
extension XMLReader {
    /// Skips `<!-- ... -->`.
    mutating func comment() throws(Failure) {
        let open = pos
        guard let close = find("-->", from: pos + 4) else {
            throw Failure(message: "unterminated comment: '<!--' has no matching '-->'", offset: open)
        }
        pos = close + 3
    }

    /// Reads `<![CDATA[ ... ]]>` into the current text run, verbatim.
    mutating func cdata() throws(Failure) {
        let open = pos
        guard !stack.isEmpty else {
            throw Failure(message: "a CDATA section must be inside the root element", offset: open)
        }
        guard let close = find("]]>", from: pos + 9) else {
            throw Failure(message: "unterminated CDATA section: '<![CDATA[' has no matching ']]>'", offset: open)
        }
        if textStart < 0 { textStart = open }
        var chunk = pos + 9
        var i = chunk
        while i < close {
            if input[i] == 0x0D {
                Self.appendRaw(chunk..<i, of: input, latin1: latin1, to: &text)
                text.append(0x0A)
                if i + 1 < close, input[i + 1] == 0x0A { i += 1 }
                chunk = i + 1
            }
            i += 1
        }
        Self.appendRaw(chunk..<close, of: input, latin1: latin1, to: &text)
        if close > open + 9 { textHasContent = true }
        pos = close + 3
        textEnd = pos
    }

    /// Skips `<?target ... ?>`, reading the encoding from the XML declaration.
    mutating func processingInstruction() throws(Failure) {
        let open = pos
        pos += 2
        let targetStart = pos
        while pos < input.count, XMLBytes.isName(input[pos]) { pos += 1 }
        guard pos > targetStart else {
            throw Failure(message: "expected a processing instruction target after '<?'", offset: pos)
        }
        guard let close = find("?>", from: pos) else {
            throw Failure(message: "unterminated processing instruction: '<?' has no matching '?>'", offset: open)
        }
        let target = decode(targetStart..<pos).lowercased()
        pos = close + 2
        guard target == "xml" else { return }
        guard open == bodyStart else {
            throw Failure(
                message: "the XML declaration '<?xml ...?>' must be at the very start of the document", offset: open)
        }
        if let encoding = declaredEncoding(in: targetStart..<close) {
            switch encoding.lowercased() {
            case "utf-8", "utf8", "us-ascii", "ascii": break
            case "iso-8859-1", "iso8859-1", "latin1", "latin-1", "iso_8859-1", "l1", "windows-1252", "cp1252":
                latin1 = true
            default:
                throw Failure(
                    message: "unsupported encoding '\(encoding)': Strata reads UTF-8 and ISO-8859-1 XML", offset: open)
            }
        }
    }

    /// The value of `encoding="..."` in the XML declaration spanning `range`.
    func declaredEncoding(in range: Range<Int>) -> String? {
        let text = decode(range)
        guard let r = text.range(of: "encoding") else { return nil }
        var rest = text[r.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        rest = rest.dropFirst()
        return String(rest.prefix { $0 != quote })
    }

    /// Skips `<!DOCTYPE ...>`, keeping the general entities its internal subset declares.
    mutating func doctype() throws(Failure) {
        let open = pos
        guard stack.isEmpty, !sawRoot, !sawDoctype else {
            throw Failure(message: "a DOCTYPE must come once, before the root element", offset: open)
        }
        sawDoctype = true
        pos += 9
        while true {
            guard pos < input.count else {
                throw Failure(message: "unterminated DOCTYPE: '<!DOCTYPE' has no matching '>'", offset: open)
            }
            let c = input[pos]
            if c == UInt8(ascii: ">") {
                pos += 1
                return
            }
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                try skipQuoted()
            } else if c == UInt8(ascii: "[") {
                pos += 1
                try internalSubset()
            } else {
                pos += 1
            }
        }
    }

    /// Reads declarations up to the `]` that ends the internal subset.
    mutating func internalSubset() throws(Failure) {
        let open = pos - 1
        while true {
            skipSpace()
            guard pos < input.count else {
                throw Failure(message: "unterminated DOCTYPE internal subset: '[' has no matching ']'", offset: open)
            }
            if input[pos] == UInt8(ascii: "]") {
                pos += 1
                return
            }
            if starts(with: "<!--") {
                try comment()
            } else if starts(with: "<?") {
                try processingInstruction()
            } else if starts(with: "<!ENTITY") {
                try entityDeclaration()
            } else if starts(with: "<!") {
                try skipDeclaration()
            } else if input[pos] == UInt8(ascii: "%") {
                while pos < input.count, input[pos] != UInt8(ascii: ";") { pos += 1 }
                pos += 1
            } else {
                throw Failure(
                    message: "expected a declaration in the DOCTYPE internal subset, found \(describe(pos))",
                    offset: pos)
            }
        }
    }

    /// Skips a markup declaration such as `<!ELEMENT ...>` or `<!ATTLIST ...>`.
    mutating func skipDeclaration() throws(Failure) {
        let open = pos
        pos += 2
        while true {
            guard pos < input.count else {
                throw Failure(message: "unterminated declaration: '<!' has no matching '>'", offset: open)
            }
            let c = input[pos]
            if c == UInt8(ascii: ">") {
                pos += 1
                return
            }
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") { try skipQuoted() } else { pos += 1 }
        }
    }

    /// Reads `<!ENTITY name "value">`; parameter and external entities are skipped.
    mutating func entityDeclaration() throws(Failure) {
        let open = pos
        pos += 8
        skipSpace()
        var parameter = false
        if pos < input.count, input[pos] == UInt8(ascii: "%") {
            parameter = true
            pos += 1
            skipSpace()
        }
        let nameStart = pos
        while pos < input.count, XMLBytes.isName(input[pos]) { pos += 1 }
        guard pos > nameStart else {
            throw Failure(message: "expected an entity name in <!ENTITY>, found \(describe(pos))", offset: pos)
        }
        let name = decode(nameStart..<pos)
        skipSpace()
        if !parameter, pos < input.count, input[pos] == UInt8(ascii: "\"") || input[pos] == UInt8(ascii: "'") {
            let quote = input[pos]
            let valueOpen = pos
            pos += 1
            var value: [UInt8] = []
            var chunk = pos
            while true {
                guard pos < input.count else {
                    throw Failure(message: "unterminated entity value for '\(name)'", offset: valueOpen)
                }
                let c = input[pos]
                if c == quote { break }
                if c == UInt8(ascii: "&") {
                    Self.appendRaw(chunk..<pos, of: input, latin1: latin1, to: &value)
                    try reference(into: &value)
                    chunk = pos
                } else {
                    pos += 1
                }
            }
            Self.appendRaw(chunk..<pos, of: input, latin1: latin1, to: &value)
            pos += 1
            if entities[name] == nil { entities[name] = String(decoding: value, as: UTF8.self) }
        }
        pos = open
        try skipDeclaration()
    }

    /// Skips a quoted literal starting at `pos`.
    mutating func skipQuoted() throws(Failure) {
        let open = pos
        let quote = input[pos]
        pos += 1
        while pos < input.count, input[pos] != quote { pos += 1 }
        guard pos < input.count else {
            throw Failure(message: "unterminated quoted literal in the DOCTYPE", offset: open)
        }
        pos += 1
    }
}
