import Strata
import Testing

/// One `did you mean …?` policy for session keys, mapping configuration, mapping issues and route names.
@Suite("Suggestions")
struct SuggestionTests {
    @Test("close names only, compared as words: case and separators do not count, a third of the word may differ")
    func policy() {
        #expect(Suggestion.nearest("baseUrl", in: ["name", "baseURL"]) == "baseURL")
        #expect(Suggestion.nearest("base_url", in: ["name", "baseURL"]) == "baseURL")
        #expect(Suggestion.nearest("prodcut", in: ["listProducts", "product"]) == "product")
        #expect(Suggestion.nearest("copies", in: ["title", "body"]) == nil)
        #expect(Suggestion.nearest("ab", in: ["ax", "ay"]) == "ax")
        #expect(Suggestion.didYouMean("metod", in: ["method"]) == "; did you mean 'method'?")
        #expect(Suggestion.didYouMean("metod", in: ["method"], quoting: .json) == #"; did you mean "method"?"#)
        #expect(Suggestion.didYouMean("Prodct", in: ["Product"], quoting: .bare) == "; did you mean Product?")
        #expect(Suggestion.didYouMean("zzz", in: ["method"]).isEmpty)
    }

    @Test("the session, the mapping loader, a mapping run and the client suggest the same name for one typo")
    func oneBehaviour() throws {
        // The session reader: an unknown route key.
        var sessionProblems: [Diagnostic] = []
        do {
            _ = try Session.parse(
                Array(#"{"routes": [{"name": "a", "path": "/a", "contentTyp": "json"}]}"#.utf8), file: "s.json",
                directory: ".")
        } catch {
            sessionProblems = error.diagnostics
        }
        #expect(sessionProblems.map(\.message).contains { $0.contains("did you mean 'contentType'?") })

        // The mapping loader: an unknown key (same words as the session's) and an unknown class.
        let config = MappingFixture.tree(
            #"{"Product": {"properties": {"id": {"type": "int", "optinal": true}, "other": "Prodcut"}}}"#)
        let (set, problems) = MappingSet.load(from: config, at: Tree.root, file: "s.json")
        let messages = problems.map(\.message)
        #expect(
            messages.contains {
                $0.hasPrefix("unknown key 'optinal' in property Product.id; did you mean 'optional'? (known keys: ")
            })
        #expect(messages.contains { $0.contains(#"unknown class "Prodcut" for Product.other; did you mean Product?"#) })

        // A mapping run: the same class typo met while mapping.
        let result = Mapper(mappings: set).map(
            MappingFixture.tree(#"{"id": 1, "other": {}}"#), with: RouteMapping(type: .object("Product")))
        #expect(result.issues.contains { $0.message.contains("did you mean Product?") })

        // The client: a route name.
        let error = ClientError.unknownRoute(name: "Prodcut", session: "S", available: ["list", "Product"])
        #expect(
            error.description
                == "no route named 'Prodcut' in session 'S'; did you mean 'Product'? (routes: list, Product)")
    }

    @Test("the pruned search gives the answer of comparing every candidate in full, for every word of up to 6 letters")
    func prunedSearchMatchesFullComparison() {
        /// The Levenshtein distance, computed in full.
        func distance(_ a: [Character], _ b: [Character]) -> Int {
            var row = Array(0...b.count)
            for i in a.indices {
                var next = [i + 1]
                for j in b.indices { next.append(min(row[j + 1] + 1, next[j] + 1, row[j] + (a[i] == b[j] ? 0 : 1))) }
                row = next
            }
            return row[b.count]
        }
        /// The policy written plainly: the first candidate at the smallest distance within a third of the word.
        func reference(_ word: String, _ candidates: [String]) -> String? {
            let limit = max(1, word.count / 3)
            let scored = candidates.map { ($0, distance(Array(word), Array($0))) }.filter { $0.1 <= limit }
            return scored.min { $0.1 < $1.1 }?.0
        }
        // Every word of "a" and "b" up to 6 letters (127, the empty one included), shortest first.
        var words = [""]
        for length in 1...6 {
            words += words.filter { $0.count == length - 1 }.flatMap { [$0 + "a", $0 + "b"] }
        }
        // Candidate lists: all words in both orders (ties and ever closer candidates) and runs of four.
        let runs = stride(from: 0, to: words.count - 4, by: 3).map { Array(words[$0..<$0 + 4]) }
        let lists = [words, words.reversed()] + runs
        for word in words {
            for list in lists {
                #expect(Suggestion.nearest(word, in: list) == reference(word, list), "\(word) in \(list)")
            }
        }
    }

    @Test("a long name still finds its near twin; a word longer than any name people type gets no suggestion")
    func longWords() {
        let long = String(repeating: "abcdefghij", count: 25)
        #expect(Suggestion.nearest(long + "x", in: ["name", "method", long]) == long)
        #expect(Suggestion.nearest(long, in: ["name", "method", "path"]) == nil)
        let tooLong = String(repeating: "abcdefghij", count: 5_000)
        #expect(Suggestion.nearest(tooLong + "x", in: ["name", tooLong]) == nil)
    }
}
