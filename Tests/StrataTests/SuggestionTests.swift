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
}
