/// DXDAL's name matching between property names and data keys.
///
/// In order of preference: the exact key; the same words in another case style (camelCase ⇄ snake_case /
/// kebab-case, case-insensitive; XML's `@` and `#` prefixes ignored); the singular or plural of those words.
public enum NameMatching {
    /// How well a key matches a property name; lower is better.
    public enum Rank: Int, Sendable, Comparable {
        /// The key is the property name.
        case exact = 0
        /// Same words, other case style (`publication_date` for `publicationDate`, `@id` for `id`).
        case caseStyle = 1
        /// Singular ⇄ plural of the same words (`article` for `articles`).
        case number = 2

        /// Orders ranks from best to worst.
        public static func < (a: Rank, b: Rank) -> Bool { a.rawValue < b.rawValue }
    }

    /// How `key` matches property `name`, or nil when it does not.
    public static func rank(key: String, name: String) -> Rank? {
        if key == name { return .exact }
        let k = normalized(key)
        let n = normalized(name)
        if k == n { return .caseStyle }
        if singular(k) == singular(n) { return .number }
        return nil
    }

    /// The key's words without separators or prefixes, lowercased: `Publication_Date` → `publicationdate`.
    public static func normalized(_ s: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(s.utf8.count)
        for u in s.unicodeScalars {
            switch u {
            case "_", "-", "@", "#", " ", ".": continue
            case "A"..."Z": out.unicodeScalars.append(Unicode.Scalar(u.value + 32)!)
            default:
                if u.value < 0x80 {
                    out.unicodeScalars.append(u)
                } else {
                    out += String(u).lowercased()
                }
            }
        }
        return out
    }

    /// The singular of a normalized word, by the common English rules (`categories` → `category`).
    public static func singular(_ w: String) -> String {
        if let irregular = irregularSingulars[w] { return irregular }
        let u = Array(w.utf8)
        let n = u.count
        func ends(_ suffix: String) -> Bool {
            let s = Array(suffix.utf8)
            return n > s.count && Array(u[(n - s.count)...]) == s
        }
        if ends("ies") { return String(decoding: u[..<(n - 3)], as: UTF8.self) + "y" }
        if ends("sses") || ends("xes") || ends("ches") || ends("shes") || ends("zes") {
            return String(decoding: u[..<(n - 2)], as: UTF8.self)
        }
        if ends("s"), !ends("ss"), !ends("us"), !ends("is") { return String(decoding: u[..<(n - 1)], as: UTF8.self) }
        return w
    }

    private static let irregularSingulars: [String: String] = [
        "people": "person", "children": "child", "men": "man", "women": "woman", "mice": "mouse", "feet": "foot",
        "teeth": "tooth", "geese": "goose", "criteria": "criterion", "indices": "index",
    ]

    /// The closest of `candidates` to `name` when it is close enough to be a likely typo.
    public static func suggestion(for name: String, among candidates: [String]) -> String? {
        var best: (String, Int)? = nil
        for c in candidates {
            let d = editDistance(normalized(name), normalized(c))
            if d <= max(1, name.count / 3), best == nil || d < best!.1 { best = (c, d) }
        }
        return best?.0
    }

    /// Levenshtein distance over Unicode scalars.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a.unicodeScalars)
        let y = Array(b.unicodeScalars)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var prev = Array(0...y.count)
        var cur = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            cur[0] = i
            for j in 1...y.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            swap(&prev, &cur)
        }
        return prev[y.count]
    }
}
