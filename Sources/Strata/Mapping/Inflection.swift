/// Singular and plural of English names, by the rules in `InflectionRules`.
///
/// Only the last word of a name changes (`status_code` → `status_codes`, `salesPerson` → `salesPeople`), and it
/// keeps its case pattern (`StatusCodes` → `StatusCode`, `IDs` → `ID`).
public enum Inflection {
    /// The plural of `name`'s last word: `category` → `categories`, `person` → `people`, `news` → `news`.
    public static func plural(_ name: String) -> String {
        inflect(name) { word in
            if InflectionRules.uncountable.contains(word) { return word }
            if let w = irregular(word, from: \.singular, to: \.plural) { return w }
            return apply(InflectionRules.plural, to: word)
        }
    }

    /// The singular of `name`'s last word: `categories` → `category`, `people` → `person`, `series` → `series`.
    public static func singular(_ name: String) -> String {
        inflect(name) { word in
            if InflectionRules.uncountable.contains(word) { return word }
            if let w = irregular(word, from: \.plural, to: \.singular) { return w }
            if irregular(word, from: \.singular, to: \.singular) != nil { return word }
            return apply(InflectionRules.singular, to: word)
        }
    }

    /// Splits off the last word, changes it lowercased, and puts its case pattern back.
    private static func inflect(_ name: String, _ change: (String) -> String) -> String {
        let scalars = Array(name.unicodeScalars)
        var start = 0
        for i in scalars.indices.reversed() {
            let u = scalars[i]
            if u == "_" || u == "-" || u == " " || u == "." {
                start = i + 1
                break
            }
            if i > 0, isUpper(u), !isUpper(scalars[i - 1]), scalars[i - 1].properties.isAlphabetic {
                start = i
                break
            }
        }
        let head = String(String.UnicodeScalarView(scalars[..<start]))
        let word = String(String.UnicodeScalarView(scalars[start...]))
        guard !word.isEmpty else { return name }
        let lower = word.lowercased()
        let changed = change(lower)
        if changed == lower { return name }
        let original = Array(word.unicodeScalars)
        let upperCount = original.filter(isUpper).count
        if upperCount >= 2, upperCount == original.count, !changed.hasPrefix(lower) {
            return head + changed.uppercased()
        }
        var out = String.UnicodeScalarView()
        for (i, u) in changed.unicodeScalars.enumerated() {
            if i < original.count, isUpper(original[i]) {
                out.append(contentsOf: String(u).uppercased().unicodeScalars)
            } else {
                out.append(u)
            }
        }
        return head + String(out)
    }

    private static func isUpper(_ u: Unicode.Scalar) -> Bool { u.properties.isUppercase }

    /// The irregular pair `word` is (or, for a compound pair, ends with) on the `from` side, turned to `to`.
    private static func irregular(
        _ word: String, from: KeyPath<(singular: String, plural: String, compound: Bool), String>,
        to: KeyPath<(singular: String, plural: String, compound: Bool), String>
    ) -> String? {
        for pair in InflectionRules.irregular {
            let key = pair[keyPath: from]
            if word == key { return pair[keyPath: to] }
            if pair.compound, word.hasSuffix(key), !InflectionRules.regular.contains(where: { word.hasSuffix($0) }) {
                return String(word.dropLast(key.count)) + pair[keyPath: to]
            }
        }
        return nil
    }

    /// The first rule whose ending fits `word`, applied.
    private static func apply(_ rules: [InflectionRule], to word: String) -> String {
        let u = Array(word.utf8)
        for rule in rules {
            let n = rule.ending.count
            guard u.count > n, Array(u[(u.count - n)...]) == rule.ending else { continue }
            if !rule.notAfter.isEmpty, rule.notAfter.contains(u[u.count - n - 1]) { continue }
            return String(decoding: u[..<(u.count - n)], as: UTF8.self) + rule.replacement
        }
        return word
    }
}
