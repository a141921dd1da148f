import Testing

@testable import Strata
@testable import StrataDocuments
@testable import StrataMapping

/// The indexed irregular table gives the answers of reading `InflectionRules.irregular` top to bottom.
@Suite struct IrregularTableTests {
    typealias Pair = (singular: String, plural: String, compound: Bool)

    /// The list read top to bottom: the first pair that `word` is, or for a compound pair ends with (unless the word
    /// ends in a `regular` word), wins.
    static func reference(_ word: String, from: KeyPath<Pair, String>, to: KeyPath<Pair, String>) -> String? {
        for pair in InflectionRules.irregular {
            let key = pair[keyPath: from]
            if word == key { return pair[keyPath: to] }
            if pair.compound, word.hasSuffix(key), !InflectionRules.regular.contains(where: { word.hasSuffix($0) }) {
                return String(word.dropLast(key.count)) + pair[keyPath: to]
            }
        }
        return nil
    }

    /// Every word of the lists, alone, after prefixes (some of them words of the list: `superwoman`, `human`), cut
    /// short, and with non-ASCII text before it.
    static let words: [String] = {
        let listed = InflectionRules.irregular.flatMap { [$0.singular, $0.plural] } + Array(InflectionRules.regular)
        let prefixes = ["", "super", "wo", "hu", "sales", "x", "é", "\u{0301}", "\u{0600}", "🙂", "ger"]
        var words: [String] = []
        for word in listed {
            for prefix in prefixes { words.append(prefix + word) }
            words.append(String(word.dropFirst()))
            words.append(String(word.dropLast()))
        }
        return words + ["", "s", "es", "ies", "manman", "womanhuman", "humanwoman", "data", "datum"]
    }()

    @Test("toward the plural, toward the singular, and the singular check agree with reading the list")
    func sameAnswersAsTheList() {
        for word in Self.words {
            #expect(IrregularTable.toPlural.lookUp(word) == Self.reference(word, from: \.singular, to: \.plural))
            #expect(IrregularTable.toSingular.lookUp(word) == Self.reference(word, from: \.plural, to: \.singular))
            #expect(
                (IrregularTable.toPlural.lookUp(word) != nil)
                    == (Self.reference(word, from: \.singular, to: \.singular) != nil))
        }
    }

    @Test("the first pair in the list wins: superwoman is a woman, not a man; human is regular")
    func precedence() {
        #expect(IrregularTable.toPlural.lookUp("superwoman") == "superwomen")
        #expect(IrregularTable.toPlural.lookUp("human") == nil)
        #expect(IrregularTable.toPlural.lookUp("salesperson") == "salespeople")
    }

    @Test("the ASCII shortcuts for uppercase and letters give Unicode's answers, and other scalars use Unicode's")
    func caseShortcutsAgreeWithUnicode() {
        let samples = (0..<0x300).compactMap(Unicode.Scalar.init) + ["É", "é", "Σ", "ß", "ǅ", "Ⅷ", "🙂", "\u{0600}"]
        for u in samples {
            #expect(Inflection.isUpper(u) == u.properties.isUppercase, "\(u.value)")
            #expect(Inflection.isLetter(u) == u.properties.isAlphabetic, "\(u.value)")
        }
    }
}
