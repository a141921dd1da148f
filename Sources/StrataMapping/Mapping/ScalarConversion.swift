import Foundation
import StrataDocuments

/// The result of reading one scalar node as a scalar type.
enum ScalarOutcome {
    /// The value, and whether it was converted from another type (`"24.56"` → 24.56).
    case value(MappedValue.Content, coerced: Bool)
    /// The node does not hold that type; the reason adds detail when there is one.
    case mismatch(String?)
    /// A date that does not read; the reason says why.
    case badDate(String)
}

/// Reading scalar nodes as typed values, with the safe coercions: numeric strings to numbers, `"true"`/`1` to
/// bools, numbers to strings, Unix times to dates.
enum ScalarConversion {
    /// Reads node `n` of `tree` as `type` (a scalar type); `reader` reads dates, `autoDate` means no format was set.
    static func convert(
        _ tree: Tree, _ n: Tree.Index, _ type: MappingType, reader: DateReader?, autoDate: Bool
    ) -> ScalarOutcome {
        let kind = tree.kind(n)
        switch type {
        case .string:
            switch kind {
            case .string:
                let s = string(tree, n)
                // A property list <data> is shown as "5 bytes, base64: …"; a string property gets the base64, as a
                // JSON API sends bytes.
                if tree.format == .plist, let encoded = PropertyListValues.base64(ofDataText: s) {
                    return .value(.string(encoded), coerced: false)
                }
                return .value(.string(s), coerced: false)
            case .number: return .value(.string(tree.numberText(n) ?? ""), coerced: true)
            default: return .mismatch(nil)
            }
        case .int:
            switch kind {
            case .number:
                if let v = fastInt(tree, n) ?? tree.int(n) { return .value(.int(v), coerced: false) }
                return .mismatch(intReason(tree.numberText(n) ?? ""))
            case .string:
                let s = (tree.string(n) ?? "").trimmed
                if let v = Int(s) { return .value(.int(v), coerced: true) }
                if isNumberText(s), let d = Double(s), d.rounded() == d, abs(d) < 9.0e18 {
                    return .value(.int(Int(d)), coerced: true)
                }
                return .mismatch(isNumberText(s) ? intReason(s) : nil)
            default: return .mismatch(nil)
            }
        case .double:
            switch kind {
            case .number:
                if let v = tree.double(n) { return .value(.double(v), coerced: false) }
                return .mismatch(nil)
            case .string:
                let s = (tree.string(n) ?? "").trimmed
                if isNumberText(s), let v = Double(s) { return .value(.double(v), coerced: true) }
                return .mismatch(nil)
            default: return .mismatch(nil)
            }
        case .decimal:
            switch kind {
            case .number:
                if let d = decimal(tree, n) { return .value(d, coerced: false) }
                return .mismatch(nil)
            case .string:
                let s = (tree.string(n) ?? "").trimmed
                if isNumberText(s), let v = FixedDecimal.value(s) {
                    return .value(.decimal(v, written: writtenDecimal(s, v)), coerced: true)
                }
                return .mismatch(nil)
            default: return .mismatch(nil)
            }
        case .bool:
            switch kind {
            case .bool: return .value(.bool(tree.bool(n)!), coerced: false)
            case .number:
                switch tree.numberText(n) {
                case "1": return .value(.bool(true), coerced: true)
                case "0": return .value(.bool(false), coerced: true)
                default: return .mismatch("only 1 and 0 read as bools")
                }
            case .string:
                switch (tree.string(n) ?? "").trimmed.lowercased() {
                case "true", "1": return .value(.bool(true), coerced: true)
                case "false", "0": return .value(.bool(false), coerced: true)
                default: return .mismatch("only \"true\"/\"false\" and \"1\"/\"0\" read as bools")
                }
            default: return .mismatch(nil)
            }
        case .url:
            guard kind == .string else { return .mismatch(nil) }
            let s = tree.string(n) ?? ""
            guard !s.isEmpty, let u = URL(string: s) else { return .mismatch("not a valid URL") }
            return .value(.url(u), coerced: false)
        case .date:
            // A property list <date> is already a date, whatever format the property reads text in.
            if tree.format == .plist, kind == .string, let d = PropertyListValues.date(tree.string(n) ?? "") {
                return .value(.date(d), coerced: false)
            }
            guard let reader else { return .mismatch(nil) }
            return date(tree, n, reader: reader, autoDate: autoDate)
        default:
            return .mismatch(nil)
        }
    }

    private static func date(_ tree: Tree, _ n: Tree.Index, reader: DateReader, autoDate: Bool) -> ScalarOutcome {
        switch tree.kind(n) {
        case .string:
            let outcome: Result<Date, DateReader.Failure> = withStringBytes(tree, n) { reader.read($0) }
            switch outcome {
            case .success(let d): return .value(.date(d), coerced: reader.readsNumbers)
            case .failure(.shape): return .badDate(dateHint(tree.string(n) ?? "", reader: reader, autoDate: autoDate))
            case .failure(.range(let why)): return .badDate(why)
            }
        case .number:
            let text = tree.numberText(n) ?? ""
            if autoDate {
                guard let v = Double(text), v.isFinite else { return .badDate("not a number of seconds") }
                switch DateReader.unixDate(v) {
                case .success(let d): return .value(.date(d), coerced: true)
                case .failure(.range(let why)): return .badDate(why)
                case .failure(.shape): return .badDate("not a number of seconds")
                }
            }
            switch reader.read(number: text) {
            case .success(let d): return .value(.date(d), coerced: !reader.readsNumbers)
            case .failure(.shape): return .mismatch(nil)
            case .failure(.range(let why)): return .badDate(why)
            }
        default:
            return .mismatch(nil)
        }
    }

    /// Says what the text looks like when it does not read in the configured format.
    private static func dateHint(_ s: String, reader: DateReader, autoDate: Bool) -> String {
        var text = s
        let looksISO: Bool = text.withUTF8 {
            if case .success = DateReader(format: .iso8601, timeZone: nil).read($0) { return true }
            return false
        }
        let digits = !s.isEmpty && s.allSatisfy { $0.isASCII && $0.isNumber }
        let start =
            autoDate
            ? "no date format is set and it is not ISO 8601"
            : "it does not match \(reader.format)" + (reader.example.map { ", which reads dates such as \($0)" } ?? "")
        if looksISO, !autoDate { return start + "; it looks like ISO 8601: set \"format\": \"iso8601\"" }
        if digits, s.count == 10 { return start + "; it looks like Unix seconds: set \"format\": \"unix\"" }
        if digits, s.count == 13 { return start + "; it looks like Unix milliseconds: set \"format\": \"unixms\"" }
        return start + (autoDate ? "; set \"format\" (a pattern such as \"M/d/yyyy\", or iso8601, unix)" : "")
    }

    private static func intReason(_ text: String) -> String {
        if let d = Double(text), d.isFinite, d.rounded() != d {
            return "not a whole number; declare it double or decimal"
        }
        return "does not fit in a 64-bit int; declare it decimal"
    }

    /// Number node `n` as a double, read as the mapping's common case reads it (exactly for a short decimal, else
    /// as the tree reads numbers), or nil when it does not read as one.
    @inline(__always)
    static func sourceDouble(_ tree: Tree, _ n: Tree.Index) -> Double? { fastDouble(tree, n) ?? tree.double(n) }

    /// Number node `n` as a decimal with the digits as written, or nil when it does not read as one.
    static func decimal(_ tree: Tree, _ n: Tree.Index) -> MappedValue.Content? {
        guard let t = tree.numberText(n), let v = FixedDecimal.value(t) else { return nil }
        return .decimal(v, written: writtenDecimal(t, v))
    }

    /// The text a decimal keeps: `s` as written when it is a JSON number (`45.00`), else `v`'s own digits.
    static func writtenDecimal(_ s: String, _ v: Decimal) -> String {
        if v.isNaN { return "null" }
        var u = s.utf8[...]
        if u.first == UInt8(ascii: "-") { u = u.dropFirst() }
        func digits() -> Int {
            var n = 0
            while let c = u.first, c >= 0x30, c <= 0x39 {
                n += 1
                u = u.dropFirst()
            }
            return n
        }
        let leadingZero = u.first == UInt8(ascii: "0")
        let whole = digits()
        guard whole > 0, !(leadingZero && whole > 1) else { return v.description }
        if u.first == UInt8(ascii: ".") {
            u = u.dropFirst()
            guard digits() > 0 else { return v.description }
        }
        if let e = u.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            u = u.dropFirst()
            if u.first == UInt8(ascii: "-") || u.first == UInt8(ascii: "+") { u = u.dropFirst() }
            guard digits() > 0 else { return v.description }
        }
        return u.isEmpty ? s : v.description
    }

    /// True when `s` is a plain decimal number: sign, digits, optional fraction and exponent.
    static func isNumberText(_ s: String) -> Bool {
        var u = s.utf8[...]
        if u.first == UInt8(ascii: "-") || u.first == UInt8(ascii: "+") { u = u.dropFirst() }
        var digits = 0
        while let c = u.first, c >= 0x30, c <= 0x39 {
            digits += 1
            u = u.dropFirst()
        }
        if u.first == UInt8(ascii: ".") {
            u = u.dropFirst()
            while let c = u.first, c >= 0x30, c <= 0x39 {
                digits += 1
                u = u.dropFirst()
            }
        }
        guard digits > 0 else { return false }
        if let e = u.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            u = u.dropFirst()
            if u.first == UInt8(ascii: "-") || u.first == UInt8(ascii: "+") { u = u.dropFirst() }
            var exp = 0
            while let c = u.first, c >= 0x30, c <= 0x39 {
                exp += 1
                u = u.dropFirst()
            }
            guard exp > 0 else { return false }
        }
        return u.isEmpty
    }

    /// True when number node `n` reads as a decimal: a plain number of up to 18 digits is seen to from its bytes
    /// (it always reads), any other is read.
    static func readsAsDecimal(_ tree: Tree, _ n: Tree.Index) -> Bool {
        let plain =
            tree.side == nil
            && tree.source.withUnsafeBufferPointer { b -> Bool in
                // A JSON number's syntax is checked by the parser: only the digits and an exponent matter here.
                var digits = 0
                for p in tree.span(n) {
                    let c = b[p]
                    if c >= 0x30 && c <= 0x39 {
                        digits += 1
                    } else if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
                        return false
                    }
                }
                return digits <= 18
            }
        return plain || decimal(tree, n) != nil
    }

    /// Reads a JSON integer literal straight from the source bytes (nil for fractions, exponents, > 18 digits).
    static func fastInt(_ tree: Tree, _ n: Tree.Index) -> Int? {
        guard tree.side == nil else { return nil }
        let start = Int(tree.nodes[n].start)
        return tree.source.withUnsafeBufferPointer { b -> Int? in
            var p = start
            let negative = p < b.count && b[p] == UInt8(ascii: "-")
            if negative { p += 1 }
            var v = 0
            var count = 0
            while p < b.count {
                let c = b[p]
                if c >= 0x30 && c <= 0x39 {
                    // Counted before it is added: 18 digits always fit in an Int, a 19th may not.
                    count += 1
                    guard count <= 18 else { return nil }
                    v = v * 10 + Int(c &- 0x30)
                    p += 1
                } else if c == UInt8(ascii: ".") || c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
                    return nil
                } else {
                    break
                }
            }
            return count == 0 ? nil : (negative ? -v : v)
        }
    }

    /// The text of string node `n`: copied straight from the source when it is plain ASCII without escapes.
    static func string(_ tree: Tree, _ n: Tree.Index) -> String {
        if tree.side == nil {
            let start = Int(tree.nodes[n].start) + 1
            let plain: String? = tree.source.withUnsafeBufferPointer { b in
                var j = start
                while j < b.count {
                    let c = b[j]
                    if c == 0x22 { break }
                    if c == 0x5C || c >= 0x80 { return nil }
                    j += 1
                }
                let count = j - start
                guard count > 0, let base = b.baseAddress else { return "" }
                return String(unsafeUninitializedCapacity: count) { out in
                    out.baseAddress!.initialize(from: base + start, count: count)
                    return count
                }
            }
            if let plain { return plain }
        }
        return tree.string(n) ?? ""
    }

    /// Exact powers of ten, for the fast double path.
    private static let powersOfTen: [Double] = (0...22).map { (0..<$0).reduce(1.0) { r, _ in r * 10 } }

    /// Reads a short JSON decimal (≤ 15 digits, no exponent) exactly from the source bytes; nil otherwise.
    ///
    /// Both the digits and the power of ten are exact doubles, so one division rounds correctly.
    static func fastDouble(_ tree: Tree, _ n: Tree.Index) -> Double? {
        guard tree.side == nil else { return nil }
        let start = Int(tree.nodes[n].start)
        return tree.source.withUnsafeBufferPointer { b -> Double? in
            var p = start
            let negative = p < b.count && b[p] == UInt8(ascii: "-")
            if negative { p += 1 }
            var mantissa = 0
            var digits = 0
            var fraction = 0
            var seenDot = false
            while p < b.count {
                let c = b[p]
                if c >= 0x30 && c <= 0x39 {
                    mantissa = mantissa * 10 + Int(c &- 0x30)
                    digits += 1
                    if seenDot { fraction += 1 }
                    guard digits <= 15 else { return nil }
                } else if c == UInt8(ascii: "."), !seenDot {
                    seenDot = true
                } else if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
                    return nil
                } else {
                    break
                }
                p += 1
            }
            guard digits > 0 else { return nil }
            let v = Double(mantissa) / powersOfTen[fraction]
            return negative ? -v : v
        }
    }

    /// Calls `body` with the UTF-8 of string node `n`: straight from the source when it has no escapes.
    static func withStringBytes<R>(_ tree: Tree, _ n: Tree.Index, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if tree.side == nil {
            let s = tree.span(n)
            if s.count >= 2 {
                let direct: R? = tree.source.withUnsafeBufferPointer { b in
                    let inner = UnsafeBufferPointer(rebasing: b[(s.lowerBound + 1)..<(s.upperBound - 1)])
                    return inner.contains(UInt8(ascii: "\\")) ? nil : body(inner)
                }
                if let direct { return direct }
            }
        }
        var text = tree.string(n) ?? ""
        return text.withUTF8 { body($0) }
    }
}
