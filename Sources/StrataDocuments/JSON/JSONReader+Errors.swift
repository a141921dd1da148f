/// What can be wrong with JSON input, and the messages for it, built only once parsing has failed.
extension JSONReader {
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
        case .tooManyNodes:
            message =
                "too many values: an object or array must start and end within the first \(RawNode.maxNodes) values"
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
