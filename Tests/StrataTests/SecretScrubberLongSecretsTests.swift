import Testing

@testable import Strata
@testable import StrataDocuments
@testable import StrataMapping

/// Secrets found through the prefix trie (and, past its depth, by hash) give the same result as comparing every
/// secret at every position, whole, in pieces and as ranges.
@Suite struct SecretScrubberLongSecretsTests {
    /// Replaces, at each position, the longest of `secrets` that starts there (the scrubber's rule, done slowly).
    static func slowly(_ body: [UInt8], _ secrets: [[UInt8]]) -> [UInt8] {
        let longestFirst = secrets.sorted { $0.count > $1.count }
        var out: [UInt8] = []
        var i = 0
        while i < body.count {
            if let s = longestFirst.first(where: { i + $0.count <= body.count && Array(body[i..<(i + $0.count)]) == $0 }
            ) {
                out += Array("<redacted>".utf8)
                i += s.count
            } else {
                out.append(body[i])
                i += 1
            }
        }
        return out
    }

    /// A string of `n` letters of "ab" that mostly repeats "a", so secrets and bodies share long prefixes.
    static func letters(_ rng: inout SeededRandom, _ n: Int) -> String {
        String((0..<n).map { _ in rng.below(8) == 0 ? Character("b") : Character("a") })
    }

    @Test("long and short secrets sharing prefixes are replaced as comparing each would replace them")
    func agreesWithComparingEach() {
        var rng = SeededRandom(seed: 0x5C2B_B1E5)
        for _ in 0..<150 {
            let values = (0..<(1 + rng.below(rng.below(2) == 0 ? 4 : 40))).map { _ in
                Self.letters(&rng, rng.below(2) == 0 ? 4 + rng.below(8) : 60 + rng.below(120))
            }
            let scrubber = SecretScrubber(values: values)
            let pieces = values + (0..<6).map { _ in Self.letters(&rng, rng.below(40)) }
            let body = Array((0..<12).map { _ in pieces[rng.below(pieces.count)] }.joined().utf8)
            let expected = Self.slowly(body, values.map { Array($0.utf8) })
            #expect(
                scrubber.scrub(body, json: false) == expected, "\(values) in \(String(decoding: body, as: UTF8.self))")
            // The ranges are where the replacements go.
            var rebuilt: [UInt8] = []
            var at = 0
            for r in scrubber.ranges(in: body) {
                rebuilt += body[at..<r.lowerBound] + Array("<redacted>".utf8)
                at = r.upperBound
            }
            #expect(rebuilt + body[at...] == expected)
            // In two pieces, cut anywhere.
            let cut = rng.below(body.count + 1)
            var stream = SecretScrubber.Stream(scrubber, json: false)
            let streamed = stream.feed(Array(body[..<cut])) + stream.feed(Array(body[cut...])) + stream.finish()
            #expect(streamed == expected)
        }
    }

    @Test("a body repeating a long secret's prefix is scrubbed, and the secret after it found")
    func repeatedPrefix() {
        let secret = String(repeating: "a", count: 20_000) + "b"
        let scrubber = SecretScrubber(values: [secret])
        let body = Array((String(repeating: "a", count: 400_000) + "b").utf8)
        let out = scrubber.scrub(body, json: false)
        #expect(out == Array((String(repeating: "a", count: 380_000) + "<redacted>").utf8))
    }
}
