/// DXDAL's name matching between property names and data keys.
///
/// In order of preference: the exact key; the same words in another case style (camelCase ⇄ snake_case /
/// kebab-case, case-insensitive; XML's `@` and `#` prefixes ignored); the singular or plural of those words
/// (`Inflection`).
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
        if Forms(key).sameWords(Forms(name)) { return .number }
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

    /// A name's normalized forms in both numbers, for matching by `Rank.number`.
    public struct Forms: Sendable, Hashable {
        /// `normalized(name)`.
        public let normalized: String
        /// The normalized singular (`Inflection.singular`).
        public let singular: String
        /// The normalized plural (`Inflection.plural`) when it is more than the word plus `s` (`data` for
        /// `datum`); empty otherwise, so a plain `s` never makes a match on its own (`statu`, `status`).
        public let plural: String

        /// The forms of `name`.
        public init(_ name: String) {
            normalized = NameMatching.normalized(name)
            singular = NameMatching.normalized(Inflection.singular(name))
            let p = NameMatching.normalized(Inflection.plural(name))
            plural = p == normalized + "s" ? "" : p
        }

        /// True when the two names are the same words in either number (`statuses` and `status`).
        public func sameWords(_ other: Forms) -> Bool {
            singular == other.singular || singular == other.normalized || normalized == other.singular
                || (!plural.isEmpty && plural == other.normalized)
                || (!other.plural.isEmpty && normalized == other.plural)
        }
    }
}
