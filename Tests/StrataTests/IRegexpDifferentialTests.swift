import Foundation
import Strata
import Testing

/// The matcher against NSRegularExpression (ICU) on random small patterns and texts, compared by result only.
///
/// The patterns keep to the part of I-Regexp whose meaning ICU shares once `.` is written `[^\n\r]`: literals,
/// `.`, classes with ranges and negation, `\p{…}` / `\P{…}`, single-character escapes, groups, branches and
/// every quantifier with small counts. The texts are short, so ICU's backtracking stays quick. The generator is
/// seeded, so a failure names a case that comes back on the next run.
@Suite struct IRegexpDifferentialTests {
    /// SplitMix64: a small seeded generator, the same sequence on every machine.
    struct Random {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    }

    /// A pattern as I-Regexp and as the ICU pattern with the same meaning.
    struct Pattern {
        var iregexp = ""
        var icu = ""

        static func + (a: Pattern, b: Pattern) -> Pattern {
            Pattern(iregexp: a.iregexp + b.iregexp, icu: a.icu + b.icu)
        }

        init(iregexp: String, icu: String) {
            self.iregexp = iregexp
            self.icu = icu
        }

        init(_ both: String) { self.init(iregexp: both, icu: both) }
    }

    static let atoms: [Pattern] = [
        Pattern("a"), Pattern("b"), Pattern("c"), Pattern(iregexp: ".", icu: "[^\\n\\r]"), Pattern("[ab]"),
        Pattern("[^a]"), Pattern("[a-c]"), Pattern("[^b-c]"), Pattern("[\\n.]"), Pattern("\\."), Pattern("\\n"),
        Pattern("\\p{L}"), Pattern("\\P{L}"), Pattern("\\p{Lu}"), Pattern("\\p{So}"), Pattern("[\\p{Lu}a]"),
        Pattern("é"), Pattern("😀"), Pattern("[😀-😂]"),
    ]
    static let quantifiers = ["", "", "", "?", "*", "+", "{2}", "{0,2}", "{1,3}", "{2,}", "{0}"]
    static let alphabet = ["a", "b", "c", "A", ".", "\n", "\r", "\u{2028}", "é", "😀", "😁", "1"]

    static func pattern(_ random: inout Random, depth: Int) -> Pattern {
        var result = Pattern("")
        for branch in 0..<(random.below(4) == 0 ? 2 : 1) {
            if branch > 0 { result = result + Pattern("|") }
            for _ in 0..<(1 + random.below(3)) {
                var atom = random.pick(atoms)
                if depth > 0, random.below(4) == 0 {
                    atom = Pattern("(") + pattern(&random, depth: depth - 1) + Pattern(")")
                }
                result = result + atom + Pattern(random.pick(quantifiers))
            }
        }
        return result
    }

    static func icuMatches(_ regex: NSRegularExpression, _ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(location: 0, length: (text as NSString).length)) != nil
    }

    @Test("match and search agree with NSRegularExpression on 400 random patterns × 25 texts")
    func agreesWithICU() throws {
        var random = Random(state: 9485)
        var disagreements: [String] = []
        var compared = 0
        var matched = 0
        for _ in 0..<400 {
            let p = Self.pattern(&random, depth: 2)
            let whole = try IRegexp(p.iregexp, whole: true)
            let part = try IRegexp(p.iregexp, whole: false)
            let icuWhole = try NSRegularExpression(pattern: "\\A(?:\(p.icu))\\z")
            let icuPart = try NSRegularExpression(pattern: p.icu)
            for _ in 0..<25 {
                let text = (0..<random.below(7)).map { _ in random.pick(Self.alphabet) }.joined()
                let ours = (whole.matches(text), part.matches(text))
                let theirs = (Self.icuMatches(icuWhole, text), Self.icuMatches(icuPart, text))
                compared += 1
                if ours.0 { matched += 1 }
                if ours != theirs {
                    disagreements.append("\(p.iregexp) on \(text.debugDescription): ours \(ours), ICU's \(theirs)")
                }
            }
        }
        #expect(compared == 10_000)
        #expect(matched > 200)  // the cases are not all trivial misses
        let agreed = disagreements.isEmpty
        #expect(
            agreed,
            Comment(
                rawValue: "\(disagreements.count) disagreements:\n" + disagreements.prefix(20).joined(separator: "\n")))
    }
}
