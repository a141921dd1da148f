import Strata
import Testing

/// Invalid queries are rejected with the column of the problem; ill-typed ones too.
@Suite struct JSONPathErrorTests {
    func error(_ query: String) -> QueryError? {
        do {
            _ = try JSONPathQuery(query)
            return nil
        } catch {
            return error
        }
    }

    @Test func syntaxErrorsSayWhere() {
        #expect(error("$.a[")?.description.hasPrefix("query:1:5: ") == true)
        #expect(error("a")?.description == "query:1:1: a query starts with $")
        #expect(error("$ ")?.column == 2)
        #expect(error(" $") != nil)
        #expect(error("$[01]") != nil)
        #expect(error("$[-0]") != nil)
        #expect(error("$[9007199254740992]") != nil)
        #expect(error("$['a\\'b']") == nil)
        #expect(error("$[\"a\\'b\"]") != nil)
        #expect(error("$['\\uD800']") != nil)
        #expect(error("$.1") != nil)
    }

    @Test func illTypedQueriesAreErrors() {
        #expect(error("$[?length(@.*) < 3]") != nil)  // a non-singular query where a value is needed
        #expect(error("$[?length(@)]") != nil)  // a value used as a condition
        #expect(error("$[?match(@, 'a') == true]") != nil)  // a logical value compared
        #expect(error("$[?count(1) == 1]") != nil)  // a literal where nodes are needed
        #expect(error("$[?true]") != nil)  // a literal as a condition
        #expect(error("$[?@.* == 1]") != nil)  // a non-singular comparison
        #expect(error("$[?foo(@)]")?.message.contains("unknown function") == true)
        #expect(error("$[?length(@, 1) == 1]") != nil)
        #expect(error("$[?count(@.*) == 1]") == nil)
        #expect(error("$[?value(@..a) == 1]") == nil)
    }
}
