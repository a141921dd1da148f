import Foundation

/// I-Regexp (RFC 9485) patterns run by `NSRegularExpression`, for the JSONPath `match` and `search` functions.
///
/// I-Regexp is a subset of XSD regular expressions: `.` matches any character but `\n` and `\r`; there are no
/// back-references, lazy or possessive quantifiers, or multi-character escapes other than `\p{…}` and
/// `\P{…}`. A pattern outside the subset matches nothing (the RFC's answer for an invalid pattern).
enum IRegexp {
    /// The ICU pattern for I-Regexp `pattern`, or nil when `pattern` is not valid I-Regexp.
    static func translate(_ pattern: String) -> String? {
        var out = ""
        var inClass = false
        var classStart = false
        var it = Array(pattern.unicodeScalars)[...]
        var depth = 0
        var previousQuantifiable = false
        while let c = it.popFirst() {
            if c == "\\" {
                guard let e = it.popFirst() else { return nil }
                switch e {
                case "p", "P":
                    guard it.first == "{", let close = it.firstIndex(of: "}") else { return nil }
                    let name = String(String.UnicodeScalarView(it[it.startIndex + 1..<close]))
                    guard isCategory(name) else { return nil }
                    out += "\\\(e){\(name)}"
                    it = it[(close + 1)...]
                case "\\", "|", ".", "-", "^", "?", "*", "+", "{", "}", "(", ")", "[", "]":
                    out += "\\" + String(e)
                case "n": out += "\\n"
                case "r": out += "\\r"
                case "t": out += "\\t"
                default: return nil
                }
                classStart = false
                previousQuantifiable = true
                continue
            }
            if inClass {
                if c == "]" && !classStart {
                    inClass = false
                    previousQuantifiable = true
                    out += "]"
                    continue
                }
                if c == "[" { return nil }  // no class subtraction or nesting in I-Regexp
                classStart = false
                if c == "^" && out.hasSuffix("[") {
                    out += "^"
                    classStart = true
                    continue
                }
                // ICU treats `&&` and a few others as set operators: escape every punctuation character.
                let plain = c == "-" || c.properties.isAlphabetic || ("0"..."9").contains(c) || c.value > 0x7F
                out += plain ? String(c) : "\\" + String(c)
                continue
            }
            switch c {
            case ".":
                out += "[^\\n\\r]"
                previousQuantifiable = true
            case "[":
                inClass = true
                classStart = true
                out += "["
            case "(":
                depth += 1
                out += "(?:"
                previousQuantifiable = false
            case ")":
                guard depth > 0 else { return nil }
                depth -= 1
                out += ")"
                previousQuantifiable = true
            case "*", "+", "?":
                guard previousQuantifiable else { return nil }
                out += String(c)
                previousQuantifiable = false
            case "{":
                guard previousQuantifiable, let close = it.firstIndex(of: "}") else { return nil }
                let body = String(String.UnicodeScalarView(it[..<close]))
                let parts = body.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
                guard !body.isEmpty, parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
                    !parts[0].isEmpty
                else { return nil }
                out += "{" + body + "}"
                it = it[(close + 1)...]
                previousQuantifiable = false
            case "|":
                out += "|"
                previousQuantifiable = false
            case "]", "}": return nil
            case "^", "$":
                // Not in RFC 9485's grammar, but the compliance suite reads them as anchors, as XSD engines do.
                out += c == "^" ? "\\A" : "\\z"
                previousQuantifiable = false
            default:
                out += NSRegularExpression.escapedPattern(for: String(c))
                previousQuantifiable = true
            }
        }
        guard !inClass, depth == 0 else { return nil }
        return out
    }

    /// True for the Unicode general categories I-Regexp accepts after `\p`.
    static func isCategory(_ name: String) -> Bool {
        let categories: Set<String> = [
            "L", "Lu", "Ll", "Lt", "Lm", "Lo", "M", "Mn", "Mc", "Me", "N", "Nd", "Nl", "No", "P", "Pc", "Pd", "Ps",
            "Pe", "Pi", "Pf", "Po", "Z", "Zs", "Zl", "Zp", "S", "Sm", "Sc", "Sk", "So", "C", "Cc", "Cf", "Co", "Cn",
        ]
        return categories.contains(name)
    }

    /// A compiled pattern: whole-string (`match`) or anywhere (`search`); nil when the pattern is invalid.
    static func compile(_ pattern: String, whole: Bool) -> NSRegularExpression? {
        guard let body = translate(pattern) else { return nil }
        return try? NSRegularExpression(pattern: whole ? "\\A(?:\(body))\\z" : body)
    }

    /// True when `regex` matches `text` (whole or in part, as it was compiled).
    static func matches(_ regex: NSRegularExpression, _ text: String) -> Bool {
        let ns = text as NSString
        return regex.firstMatch(in: text, range: NSRange(location: 0, length: ns.length)) != nil
    }
}
