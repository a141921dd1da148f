import Foundation
import Strata
import Testing

@testable import StrataUI

/// The raw pane's YAML colours: one line at a time, tokens covering the line without gaps.
@Suite struct RawYAMLSyntaxTests {
    /// The tokens of `line` as (text, token) pairs, blanks left out.
    func tokens(_ line: String) -> [(String, RawSyntax.Token)] {
        let b = Array(line.utf8)
        let t = RawSyntax.tokens(b, 0..<b.count, language: .yaml)
        var at = 0
        for (r, _) in t {
            #expect(r.lowerBound == at, "a gap or overlap before \(r) in \(line)")
            at = r.upperBound
        }
        #expect(at == b.count)
        return t.map { (String(decoding: b[$0.0], as: UTF8.self), $0.1) }.filter { !$0.0.trimmed.isEmpty }
    }

    @Test("a member line: key, colon, quoted string, comment")
    func member() {
        let t = tokens("  name: \"Ada: Lovelace\"  # who\n")
        #expect(t.map(\.0) == ["name", ":", "\"Ada: Lovelace\"", "# who\n"])
        #expect(t.map(\.1) == [.key, .punctuation, .string, .comment])
    }

    @Test("sequence entries, numbers, literals, anchors and flow collections")
    func values() {
        #expect(tokens("- 0x1F\n").map(\.1) == [.punctuation, .number])
        #expect(tokens("- - ~\n").map(\.1) == [.punctuation, .punctuation, .literal])
        #expect(tokens("base: &b yes").map(\.1) == [.key, .punctuation, .tag, .string])
        #expect(tokens("tags: [a, 1]").map(\.1).contains(.number))
        #expect(tokens("# only a comment: with a colon").map(\.1) == [.comment])
    }

    @Test("YAML trees get the YAML lexer")
    func language() {
        #expect(RawSyntax.Language(format: .yaml) == .yaml)
    }
}

extension String {
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
