/// Singular and plural of English names, by the rules in `InflectionRules`.
///
/// Only the last word of a name changes (`status_code` → `status_codes`, `salesPerson` → `salesPeople`), and it
/// keeps its case pattern (`StatusCodes` → `StatusCode`, `IDs` → `ID`).
public enum Inflection {
    /// The plural of `name`'s last word: `category` → `categories`, `person` → `people`, `news` → `news`.
    public static func plural(_ name: String) -> String {
        inflect(name) { word in
            if InflectionRules.uncountable.contains(word) { return word }
            if let w = IrregularTable.toPlural.lookUp(word) { return w }
            return apply(InflectionRules.plural, to: word)
        }
    }

    /// The singular of `name`'s last word: `categories` → `category`, `people` → `person`, `series` → `series`.
    public static func singular(_ name: String) -> String {
        inflect(name) { word in
            if InflectionRules.uncountable.contains(word) { return word }
            if let w = IrregularTable.toSingular.lookUp(word) { return w }
            if IrregularTable.toPlural.lookUp(word) != nil { return word }
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
            if i > 0, isUpper(u), !isUpper(scalars[i - 1]), isLetter(scalars[i - 1]) {
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

    /// Unicode's uppercase property, answered for ASCII without the property tables (names are mostly ASCII).
    static func isUpper(_ u: Unicode.Scalar) -> Bool {
        u.isASCII ? ("A"..."Z").contains(u) : u.properties.isUppercase
    }

    /// Unicode's alphabetic property, answered for ASCII without the property tables.
    static func isLetter(_ u: Unicode.Scalar) -> Bool {
        u.isASCII ? ("A"..."Z").contains(u) || ("a"..."z").contains(u) : u.properties.isAlphabetic
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

/// `InflectionRules.irregular` read in one direction, indexed so a word is looked up in a few hash probes.
///
/// Same answer as reading the list top to bottom (the first pair that `word` is, or for a compound pair ends with,
/// wins), without comparing the word with every pair: the mapper forms the numbers of every property and key name.
struct IrregularTable: Sendable {
    /// For each pair's `from` word: its place in the list and its `to` word.
    private var whole: [String: (index: Int, to: String)] = [:]
    /// The same, for compound pairs only (the first of equal words wins).
    private var endings: [String: (index: Int, to: String)] = [:]
    /// The UTF-8 lengths of the compound words, shortest first.
    private var endingLengths: [Int] = []

    static let toPlural = IrregularTable(from: \.singular, to: \.plural)
    static let toSingular = IrregularTable(from: \.plural, to: \.singular)

    private init(
        from: KeyPath<(singular: String, plural: String, compound: Bool), String>,
        to: KeyPath<(singular: String, plural: String, compound: Bool), String>
    ) {
        for (index, pair) in InflectionRules.irregular.enumerated() {
            let key = pair[keyPath: from]
            if whole[key] == nil { whole[key] = (index, pair[keyPath: to]) }
            if pair.compound, endings[key] == nil { endings[key] = (index, pair[keyPath: to]) }
        }
        endingLengths = Set(endings.keys.map(\.utf8.count)).sorted()
    }

    /// The irregular pair `word` (lowercased) is, or for a compound pair ends with, turned to the other side; nil
    /// when none fits. Words ending in one of `InflectionRules.regular` take no compound ending.
    func lookUp(_ word: String) -> String? {
        var best = whole[word]
        let bytes = Array(word.utf8)
        var regularChecked = false
        for length in endingLengths where length <= bytes.count {
            let tail = String(decoding: bytes[(bytes.count - length)...], as: UTF8.self)
            guard let entry = endings[tail], entry.index < best?.index ?? Int.max, word.hasSuffix(tail) else {
                continue
            }
            if !regularChecked {
                if InflectionRules.regular.contains(where: { word.hasSuffix($0) }) { break }
                regularChecked = true
            }
            best = (entry.index, String(word.dropLast(tail.count)) + entry.to)
        }
        return best?.to
    }
}
