/// Parses RFC 9535 JSONPath text into a `QueryAST.Query`, checking well-typedness as it goes.
struct QueryParser {
    typealias Q = QueryAST
    private let s: [Unicode.Scalar]
    private var i = 0

    /// The largest magnitude an index or slice bound may have (I-JSON's exact integers).
    static let maxInt = (1 << 53) - 1

    init(_ text: String) { s = Array(text.unicodeScalars) }

    /// The whole query; anything after it is an error.
    mutating func parse() throws(QueryError) -> Q.Query {
        guard peek == "$" else {
            throw fail(s.isEmpty ? "empty query: a query starts with $" : "a query starts with $")
        }
        i += 1
        let segments = try parseSegments()
        if i < s.count { throw fail("unexpected \(describe(s[i]))") }
        return Q.Query(relative: false, segments: segments)
    }

    // MARK: - Scanning

    private var peek: Unicode.Scalar? { i < s.count ? s[i] : nil }

    private func peek(_ offset: Int) -> Unicode.Scalar? { i + offset < s.count ? s[i + offset] : nil }

    private func fail(_ message: String, at position: Int? = nil) -> QueryError {
        QueryError(message: message, column: (position ?? i) + 1)
    }

    private func describe(_ c: Unicode.Scalar) -> String {
        c.value < 0x20 || c.value == 0x7F ? "control character U+\(hex4(c.value))" : "'\(Character(c))'"
    }

    private func hex4(_ v: UInt32) -> String {
        let h = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - h.count)) + h
    }

    private static func isBlank(_ c: Unicode.Scalar) -> Bool {
        c == " " || c == "\t" || c == "\n" || c == "\r"
    }

    private mutating func skipBlanks() {
        while let c = peek, QueryParser.isBlank(c) { i += 1 }
    }

    private mutating func expect(_ c: Unicode.Scalar, _ what: String) throws(QueryError) {
        guard peek == c else {
            throw fail(peek.map { "expected \(what), found \(describe($0))" } ?? "expected \(what) before the end")
        }
        i += 1
    }

    private static func isDigit(_ c: Unicode.Scalar?) -> Bool { c.map { $0 >= "0" && $0 <= "9" } ?? false }

    private static func isNameFirst(_ c: Unicode.Scalar) -> Bool {
        (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c == "_" || c.value >= 0x80
    }

    private static func isNameChar(_ c: Unicode.Scalar) -> Bool { isNameFirst(c) || isDigit(c) }

    // MARK: - Segments and selectors

    private mutating func parseSegments() throws(QueryError) -> [Q.Segment] {
        var segments: [Q.Segment] = []
        while true {
            let save = i
            skipBlanks()
            guard let c = peek else {
                i = save
                return segments
            }
            if c == ".", peek(1) == "." {
                i += 2
                if peek == "[" {
                    segments.append(Q.Segment(descendant: true, selectors: try parseBracketed()))
                } else if peek == "*" {
                    i += 1
                    segments.append(Q.Segment(descendant: true, selectors: [.wildcard]))
                } else if let n = peek, QueryParser.isNameFirst(n) {
                    segments.append(Q.Segment(descendant: true, selectors: [.named(parseShorthand())]))
                } else {
                    throw fail("expected a name, '*' or '[' after '..'")
                }
            } else if c == "." {
                i += 1
                if peek == "*" {
                    i += 1
                    segments.append(Q.Segment(descendant: false, selectors: [.wildcard]))
                } else if let n = peek, QueryParser.isNameFirst(n) {
                    segments.append(Q.Segment(descendant: false, selectors: [.named(parseShorthand())]))
                } else {
                    throw fail("expected a name or '*' after '.'")
                }
            } else if c == "[" {
                segments.append(Q.Segment(descendant: false, selectors: try parseBracketed()))
            } else {
                i = save
                return segments
            }
        }
    }

    private mutating func parseShorthand() -> String {
        var name = ""
        while let c = peek, QueryParser.isNameChar(c) {
            name.unicodeScalars.append(c)
            i += 1
        }
        return name
    }

    private mutating func parseBracketed() throws(QueryError) -> [Q.Selector] {
        try expect("[", "'['")
        var selectors: [Q.Selector] = []
        while true {
            skipBlanks()
            selectors.append(try parseSelector())
            skipBlanks()
            if peek == "," {
                i += 1
                continue
            }
            try expect("]", "',' or ']'")
            return selectors
        }
    }

    private mutating func parseSelector() throws(QueryError) -> Q.Selector {
        guard let c = peek else { throw fail("expected a selector before the end") }
        switch c {
        case "'", "\"": return .named(try parseString())
        case "*":
            i += 1
            return .wildcard
        case "?":
            i += 1
            skipBlanks()
            return .filter(try toLogical(parseOr()))
        default:
            let start = try parseOptionalInt()
            skipBlanks()
            guard peek == ":" else {
                guard let start else { throw fail("expected a selector, found \(describe(c))") }
                return .index(start)
            }
            i += 1
            skipBlanks()
            let end = try parseOptionalInt()
            skipBlanks()
            var step: Int? = nil
            if peek == ":" {
                i += 1
                skipBlanks()
                step = try parseOptionalInt()
            }
            return .slice(start: start, end: end, step: step)
        }
    }

    /// `0` or `-?[1-9][0-9]*` within ±(2^53 − 1), or nil when no integer starts here.
    private mutating func parseOptionalInt() throws(QueryError) -> Int? {
        let start = i
        var negative = false
        if peek == "-" {
            negative = true
            i += 1
        }
        guard let first = peek, QueryParser.isDigit(first) else {
            if negative { throw fail("expected a digit after '-'") }
            return nil
        }
        if first == "0" {
            if negative { throw fail("-0 is not an index", at: start) }
            if QueryParser.isDigit(peek(1)) { throw fail("an integer cannot start with 0", at: start) }
        }
        var value = 0
        while let d = peek, QueryParser.isDigit(d) {
            value = value * 10 + Int(d.value - 48)
            if value > QueryParser.maxInt { throw fail("integer out of range ±(2^53 − 1)", at: start) }
            i += 1
        }
        return negative ? -value : value
    }

    // MARK: - Literals

    private mutating func parseString() throws(QueryError) -> String {
        let quote = s[i]
        let start = i
        i += 1
        var out = String.UnicodeScalarView()
        while true {
            guard let c = peek else { throw fail("unterminated string", at: start) }
            if c == quote {
                i += 1
                return String(out)
            }
            if c.value < 0x20 { throw fail("\(describe(c)) must be escaped in a string") }
            if c != "\\" {
                out.append(c)
                i += 1
                continue
            }
            i += 1
            guard let e = peek else { throw fail("unterminated escape", at: i - 1) }
            i += 1
            switch e {
            case "b": out.append("\u{08}")
            case "f": out.append("\u{0C}")
            case "n": out.append("\n")
            case "r": out.append("\r")
            case "t": out.append("\t")
            case "/": out.append("/")
            case "\\": out.append("\\")
            case "u": out.append(try parseUnicodeEscape())
            default:
                if e == quote {
                    out.append(e)
                } else {
                    throw fail("invalid escape \\\(Character(e))", at: i - 2)
                }
            }
        }
    }

    private mutating func parseHex4() throws(QueryError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard let c = peek, let d = Int(String(c), radix: 16) else {
                throw fail("expected four hex digits after \\u")
            }
            v = v * 16 + UInt32(d)
            i += 1
        }
        return v
    }

    private mutating func parseUnicodeEscape() throws(QueryError) -> Unicode.Scalar {
        let start = i - 2
        let high = try parseHex4()
        if (0xDC00...0xDFFF).contains(high) { throw fail("lone low surrogate \\u\(hex4(high))", at: start) }
        guard (0xD800...0xDBFF).contains(high) else { return Unicode.Scalar(high)! }
        guard peek == "\\", peek(1) == "u" else { throw fail("high surrogate without a low one", at: start) }
        i += 2
        let low = try parseHex4()
        guard (0xDC00...0xDFFF).contains(low) else { throw fail("high surrogate without a low one", at: start) }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
    }

    private mutating func parseNumber() throws(QueryError) -> Double {
        let start = i
        if peek == "-" { i += 1 }
        guard let first = peek, QueryParser.isDigit(first) else { throw fail("expected a digit") }
        i += 1
        if first == "0", QueryParser.isDigit(peek) { throw fail("a number cannot start with 0", at: start) }
        while QueryParser.isDigit(peek) { i += 1 }
        if peek == "." {
            i += 1
            guard QueryParser.isDigit(peek) else { throw fail("expected a digit after '.'") }
            while QueryParser.isDigit(peek) { i += 1 }
        }
        if peek == "e" || peek == "E" {
            i += 1
            if peek == "+" || peek == "-" { i += 1 }
            guard QueryParser.isDigit(peek) else { throw fail("expected a digit in the exponent") }
            while QueryParser.isDigit(peek) { i += 1 }
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: s[start..<i])
        return Double(text) ?? 0
    }

    // MARK: - Filter expressions

    /// A parsed expression before it is known whether it is a condition or a value.
    private enum Expr {
        case logical(Q.Logical)
        case literal(Q.Literal)
        case query(Q.Query)
        case call(Q.Call)
    }

    private mutating func parseOr() throws(QueryError) -> (Expr, Int) {
        let start = i
        var first = try parseAnd()
        var parts: [Q.Logical] = []
        while true {
            let save = i
            skipBlanks()
            guard peek == "|", peek(1) == "|" else {
                i = save
                break
            }
            if parts.isEmpty { parts.append(try toLogical(first)) }
            i += 2
            skipBlanks()
            parts.append(try toLogical(parseAnd()))
        }
        if !parts.isEmpty { first = (.logical(.or(parts)), start) }
        return first
    }

    private mutating func parseAnd() throws(QueryError) -> (Expr, Int) {
        let start = i
        var first = try parseBasic()
        var parts: [Q.Logical] = []
        while true {
            let save = i
            skipBlanks()
            guard peek == "&", peek(1) == "&" else {
                i = save
                break
            }
            if parts.isEmpty { parts.append(try toLogical(first)) }
            i += 2
            skipBlanks()
            parts.append(try toLogical(parseBasic()))
        }
        if !parts.isEmpty { first = (.logical(.and(parts)), start) }
        return first
    }

    private mutating func parseBasic() throws(QueryError) -> (Expr, Int) {
        let start = i
        if peek == "!" {
            i += 1
            skipBlanks()
            if peek == "(" { return (.logical(.not(try parseParen())), start) }
            let operand = try parsePrimary()
            if case .literal = operand.0 { throw fail("'!' needs a condition, not a literal", at: operand.1) }
            return (.logical(.not(try toLogical(operand))), start)
        }
        if peek == "(" { return (.logical(try parseParen()), start) }
        let left = try parsePrimary()
        let save = i
        skipBlanks()
        guard let op = parseCompareOp() else {
            i = save
            return left
        }
        skipBlanks()
        let right = try parsePrimary()
        return (.logical(.compare(try toOperand(left), op, try toOperand(right))), start)
    }

    private mutating func parseParen() throws(QueryError) -> Q.Logical {
        try expect("(", "'('")
        skipBlanks()
        let inner = try toLogical(parseOr())
        skipBlanks()
        try expect(")", "')'")
        return inner
    }

    private mutating func parseCompareOp() -> Q.CompareOp? {
        guard let c = peek else { return nil }
        let twoChar = peek(1) == "="
        switch c {
        case "=" where twoChar: i += 2; return .eq
        case "!" where twoChar: i += 2; return .ne
        case "<":
            i += twoChar ? 2 : 1
            return twoChar ? .le : .lt
        case ">":
            i += twoChar ? 2 : 1
            return twoChar ? .ge : .gt
        default: return nil
        }
    }

    private mutating func parsePrimary() throws(QueryError) -> (Expr, Int) {
        let start = i
        guard let c = peek else { throw fail("expected a value, a query or a function before the end") }
        switch c {
        case "@", "$":
            i += 1
            let query = Q.Query(relative: c == "@", segments: try parseSegments(), shared: c == "$" ? start : nil)
            return (.query(query), start)
        case "'", "\"":
            return (.literal(.string(try parseString())), start)
        case "-", "0"..."9":
            return (.literal(.number(try parseNumber())), start)
        case "a"..."z":
            var name = ""
            while let n = peek, (n >= "a" && n <= "z") || n == "_" || QueryParser.isDigit(n) {
                name.unicodeScalars.append(n)
                i += 1
            }
            if peek == "(" { return (.call(try parseCall(name, at: start)), start) }
            switch name {
            case "true": return (.literal(.bool(true)), start)
            case "false": return (.literal(.bool(false)), start)
            case "null": return (.literal(.null), start)
            default: throw fail("unknown name '\(name)' (a function call needs '(')", at: start)
            }
        default:
            throw fail("expected a value, a query or a function, found \(describe(c))")
        }
    }

    private mutating func parseCall(_ name: String, at start: Int) throws(QueryError) -> Q.Call {
        guard let function = Q.Function(rawValue: name) else {
            let known = Q.Function.allCases.map(\.rawValue).joined(separator: ", ")
            throw fail("unknown function '\(name)' (known: \(known))", at: start)
        }
        try expect("(", "'('")
        skipBlanks()
        var raw: [(Expr, Int)] = []
        if peek == ")" {
            i += 1
        } else {
            while true {
                skipBlanks()
                raw.append(try parseOr())
                skipBlanks()
                if peek == "," {
                    i += 1
                    continue
                }
                try expect(")", "',' or ')'")
                break
            }
        }
        let parameters = function.parameters
        guard raw.count == parameters.count else {
            throw fail(
                "\(name)() takes \(Counted.text(parameters.count, "argument")), found \(raw.count)",
                at: start)
        }
        var arguments: [Q.Argument] = []
        for (arg, type) in zip(raw, parameters) {
            switch type {
            case .value: arguments.append(.value(try toOperand(arg, in: name)))
            case .logical: arguments.append(.logical(try toLogical(arg)))
            case .nodes:
                guard case .query(let q) = arg.0 else {
                    throw fail("\(name)() needs a query (NodesType) here", at: arg.1)
                }
                arguments.append(.nodes(q))
            }
        }
        return Q.Call(function: function, arguments: arguments)
    }

    // MARK: - Type checks

    /// `expr` as a condition: a comparison or logical expression, an existence test, or a LogicalType function.
    private func toLogical(_ expr: (Expr, Int)) throws(QueryError) -> Q.Logical {
        switch expr.0 {
        case .logical(let l): return l
        case .query(let q): return .exists(q)
        case .call(let c):
            guard c.function.result != .value else {
                throw fail("\(c.function.rawValue)() returns a value: compare it to something", at: expr.1)
            }
            return .function(c)
        case .literal: throw fail("a literal is not a condition: compare it to something", at: expr.1)
        }
    }

    /// `expr` as a comparable value: a literal, a singular query or a ValueType function.
    private func toOperand(_ expr: (Expr, Int), in function: String? = nil) throws(QueryError) -> Q.Operand {
        let place = function.map { "an argument of \($0)()" } ?? "a comparison"
        switch expr.0 {
        case .literal(let l): return .literal(l)
        case .query(let q):
            guard q.isSingular else {
                throw fail("\(place) needs a singular query (only names and indices), or one value", at: expr.1)
            }
            return .query(q)
        case .call(let c):
            guard c.function.result == .value else {
                throw fail("\(c.function.rawValue)() returns a logical value, not one \(place) can use", at: expr.1)
            }
            return .function(c)
        case .logical:
            throw fail("\(place) needs a value, not a condition", at: expr.1)
        }
    }
}
