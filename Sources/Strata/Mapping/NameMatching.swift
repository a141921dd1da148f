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
}
