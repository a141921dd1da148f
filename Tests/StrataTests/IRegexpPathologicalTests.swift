import Strata
import Testing

/// Patterns that make a backtracking engine take exponential time (issue 35: `(a*)*b` over 5 001 characters hung
/// `strata run`) finish with the right answer over long inputs. Only results are checked, never times: a
/// backtracking matcher would not finish these at all.
@Suite struct IRegexpPathologicalTests {
    static let long = String(repeating: "a", count: 50_000)

    func regex(_ pattern: String, whole: Bool) throws -> IRegexp { try IRegexp(pattern, whole: whole) }

    @Test("(a*)*b, (a|a)*b and (a|aa)*b over 50 000 a's: no match, and a match once the b is there")
    func nestedStars() throws {
        for pattern in ["(a*)*b", "(a|a)*b", "(a|aa)*b", "((a*)*)*b", "(a*a*)*b", "(.*)*b"] {
            for whole in [true, false] {
                let r = try regex(pattern, whole: whole)
                let found = (r.matches(Self.long), r.matches(Self.long + "b"), r.matches("b"))
                #expect(found == (false, true, true), "\(pattern) whole: \(whole)")
            }
            let found = try regex(pattern, whole: false).matches(Self.long + "b" + Self.long)
            #expect(found, "\(pattern)")
        }
        // The classic (a?){n}a{n}: n optional a's, then n a's.
        let classic = try regex("(a?){50}a{50}", whole: true)
        let fifty = String(repeating: "a", count: 50)
        #expect(classic.matches(fifty) && classic.matches(fifty + fifty) && !classic.matches(fifty + fifty + "a"))
        #expect(try !regex("(a?){50}a{50}b", whole: false).matches(Self.long))
    }

    @Test("(a+)+$-style patterns searched over a long text that fails at its end")
    func nestedPlusAtTheEnd() throws {
        let failing = Self.long + "!"
        for pattern in ["(a+)+$", "^(a+)+$", "(a|a)+$", "(a+a+)+$", "(\\p{L}+)+$", "^([a-z]+)*$", "^(a|a?)+$"] {
            let r = try regex(pattern, whole: false)
            let found = (r.matches(failing), r.matches(Self.long))
            #expect(found == (false, true), "\(pattern)")
        }
        // One that can match nothing finds the empty string at the end.
        #expect(try regex("(a|a?)+$", whole: false).matches(failing))
        #expect(try regex("(a+)+", whole: true).matches(Self.long))
        #expect(try !regex("(a+)+", whole: true).matches(failing))
        #expect(try regex("(a+)+!", whole: true).matches(failing))
    }

    @Test("counted repeats at the limit over long texts")
    func countedRepeats() throws {
        // Thousands of states, each live at every scalar: the texts are the issue's 5 001 characters.
        let text = String(repeating: "a", count: 5_001)
        let r = try regex("(a{0,100}){10}b", whole: false)
        let found = (r.matches(text), r.matches(text + "b"))
        #expect(found == (false, true))
        let exact = try regex("a{1000}$", whole: false)
        let exactly = (exact.matches(text), exact.matches(text + "b"))
        #expect(exactly == (true, false))
    }

    @Test("search keeps one thread per state: a long text of near misses")
    func nearMisses() throws {
        let text = String(repeating: "ab", count: 25_000) + "abc"
        #expect(try regex("(ab|a)*abc", whole: true).matches(text))
        #expect(try regex("(a|b)*c", whole: false).matches(text))
        #expect(try !regex("(a|b)*d", whole: false).matches(text))
        #expect(try regex("(.*a){20}", whole: false).matches(text))
        #expect(try !regex("(.*a){20}x", whole: false).matches(text))
    }

    @Test("the query of issue 35 answers: $[?search(@, '(a*)*b')] and match() over 5 001 and 50 000 characters")
    func queryOfTheIssue() throws {
        for count in [5_001, 50_000] {
            let a = String(repeating: "a", count: count)
            let tree = try JSONParser().parse(Array("[\"\(a)\", \"\(a)b\", \"x\"]".utf8))
            for function in ["search", "match"] {
                let query = try JSONPathQuery("$[?\(function)(@, '(a*)*b')]")
                #expect(query.select(in: tree).map { tree.normalizedPath($0) } == ["$[1]"], "\(function) \(count)")
            }
        }
    }

    @Test("a cancelled task stops a long match part-way: evaluate says so with nil")
    func cancellation() async throws {
        let r = try regex("(a*)*b", whole: false)
        let text = Self.long
        let outcome = await Task { () -> Bool? in
            withUnsafeCurrentTask { $0?.cancel() }
            return r.evaluate(text)
        }.value
        #expect(outcome == nil)
        #expect(r.evaluate(text) == false)  // not cancelled: the answer
        #expect(r.evaluate("ab") == true)
    }
}
