import Strata
import Testing

/// RFC 9535 queries over small documents: each selector, segment, filter and function, by example.
@Suite struct JSONPathQueryTests {
    static let store = """
        {"store": {"book": [
          {"category": "reference", "author": "Nigel Rees", "title": "Sayings", "price": 8.95},
          {"category": "fiction", "author": "Evelyn Waugh", "title": "Sword", "price": 12.99},
          {"category": "fiction", "author": "Herman Melville", "title": "Moby Dick", "isbn": "0-553", "price": 8.99},
          {"category": "fiction", "author": "J. R. R. Tolkien", "title": "Rings", "isbn": "0-395", "price": 22.99}
        ], "bicycle": {"color": "red", "price": 399}}}
        """

    func run(_ query: String, _ document: String = store) throws -> [String] {
        let tree = try JSONParser().parse(Array(document.utf8))
        return try JSONPathQuery(query).select(in: tree).map { tree.canonicalJSON($0) }
    }

    func paths(_ query: String, _ document: String = store) throws -> [String] {
        let tree = try JSONParser().parse(Array(document.utf8))
        return tree.normalizedPaths(try JSONPathQuery(query).select(in: tree))
    }

    @Test func namesAndShorthands() throws {
        #expect(try run("$.store.bicycle.color") == ["\"red\""])
        #expect(try run("$['store']['bicycle'][\"price\"]") == ["399"])
        #expect(try run("$.store.missing").isEmpty)
    }

    @Test func wildcardIndexAndSlice() throws {
        #expect(try run("$.store.book[*].price") == ["8.95", "12.99", "8.99", "22.99"])
        #expect(try run("$.store.book[-1].title") == ["\"Rings\""])
        #expect(try run("$.store.book[0:2].title") == ["\"Sayings\"", "\"Sword\""])
        #expect(try run("$.store.book[::-2].title") == ["\"Rings\"", "\"Sword\""])
        #expect(try run("$[1:10:0]", "[1,2,3]").isEmpty)
        #expect(try run("$[0,0]", "[1,2]") == ["1", "1"])
    }

    @Test func descendantsInDocumentOrderParentsFirst() throws {
        #expect(try run("$..price") == ["8.95", "12.99", "8.99", "22.99", "399"])
        #expect(try run("$..x", #"{"a":{"x":1},"x":2}"#) == ["2", "1"])
        #expect(try run("$..[0]", "[[1],[2]]") == ["[1]", "1", "2"])
    }

    @Test func filtersCompareNumbersStringsAndStructures() throws {
        #expect(try run("$.store.book[?@.price < 10].title") == ["\"Sayings\"", "\"Moby Dick\""])
        #expect(try run("$.store.book[?@.isbn].title") == ["\"Moby Dick\"", "\"Rings\""])
        #expect(try run("$.store.book[?!@.isbn && @.category == 'fiction'].title") == ["\"Sword\""])
        #expect(try run("$[?@ == 1.0]", "[1, 2, \"1\"]") == ["1"])
        #expect(try run("$[?@ > 'a']", #"["b", "A", "é"]"#) == ["\"b\"", "\"é\""])
        #expect(try run("$[?@ == $[0]]", #"[{"a":[1,{"b":2}]}, {"a":[1,{"b":2}]}, {"a":[1]}]"#).count == 2)
        #expect(try run("$[?@.a == @.b]", #"[{"x":1}, {"a":1}]"#) == [#"{"x":1}"#])
    }

    @Test func functions() throws {
        #expect(try run("$.store.book[?length(@.title) == 5].title") == ["\"Sword\"", "\"Rings\""])
        #expect(try paths("$.store[?count(@.*) > 2]") == ["$['store']['book']"])
        #expect(try run("$.store.book[?match(@.author, 'J.*')].title") == ["\"Rings\""])
        #expect(try run("$.store.book[?search(@.author, 'Mel+')].title") == ["\"Moby Dick\""])
        #expect(try run("$[?value(@..c) == 1]", #"[{"c":1}, {"a":{"c":1}, "c":2}]"#) == [#"{"c":1}"#])
        #expect(try run(#"$[?match(@, 'a.b')]"#, #"["axb", "a\nb", "a\rb", "aXbc"]"#) == ["\"axb\""])
        #expect(try run(#"$[?search(@, '[a-c]')]"#, #"["xbx", "xyz"]"#) == ["\"xbx\""])
        #expect(try run(#"$[?match(@, '\\p{Lu}+')]"#, #"["ABC", "AbC"]"#) == ["\"ABC\""])
        #expect(try run(#"$[?match(@, '(a')]"#, #"["(a"]"#).isEmpty)  // an invalid pattern matches nothing
    }

    @Test func normalizedPaths() throws {
        #expect(try paths("$.store.book[1].title") == ["$['store']['book'][1]['title']"])
        #expect(
            try paths("$.*", #"{"it's":1, "a\\b":2, "c\u0001":3}"#) == [
                #"$['it\'s']"#, #"$['a\\b']"#, #"$['c\u0001']"#,
            ])
    }

    @Test func otherFormatsAreQueriedByTheSameRules() throws {
        let xml = ParserRegistry.standard.parse(Array("<a><b>1</b><b>2</b><c>x</c></a>".utf8), type: "xml")
        let tree = try #require(xml.tree)
        let all = try JSONPathQuery("$..c").select(in: tree)
        #expect(all.count == 1)
    }

    @Test("paths of the elements of a wide array name their positions, past the small-array walk")
    func pathsInAWideArray() throws {
        let document = "[" + (0..<300).map { #"{"a":\#($0)}"# }.joined(separator: ",") + "]"
        let found = try paths("$[*].a", document)
        #expect(found == (0..<300).map { "$[\($0)]['a']" })
    }

    @Test("absolute queries inside a filter select what they select alone, each its own, at every candidate")
    func absoluteQueriesInFilters() throws {
        let elements = (0..<3_000).map { #"{"a":\#($0 % 7),"b":[\#($0 % 3)]}"# }
        let document = "[" + elements.joined(separator: ",") + "]"
        let last = 2_999 % 7
        let sameAsLast = (0..<3_000).filter { $0 % 7 == last }.map { "$[\($0)]" }
        #expect(try paths("$[?@.a == $[-1].a]", document) == sameAsLast)
        // Two absolute queries in one filter are two queries, not one remembered twice.
        let both = (0..<3_000).filter { $0 % 7 == last || $0 % 7 == 0 }.map { "$[\($0)]" }
        #expect(try paths("$[?@.a == $[-1].a || @.a == $[0].a]", document) == both)
        // Inside a nested filter, and as a function's argument.
        #expect(
            try paths("$[?@.b[?@ == $[1].b[0]]]", document) == (0..<3_000).filter { $0 % 3 == 1 }.map { "$[\($0)]" })
        #expect(
            try paths("$[?count($[*]) == 3000 && @.a == 6]", document).count == (0..<3_000).filter { $0 % 7 == 6 }.count
        )
        #expect(try paths("$[?@.a == $[9999].a]", document).isEmpty)
    }

    @Test("comparing containers stops at the shorter one's end: equal only when both end together")
    func containerEquality() throws {
        let big = "[" + (0..<50_000).map(String.init).joined(separator: ",") + "]"
        let document = #"{"big":\#(big),"items":[[0],[0,1],\#(big),{"a":1},{"a":1,"b":2}]}"#
        #expect(try paths("$.items[?@ == $.big]", document) == ["$['items'][2]"])
        #expect(try paths("$.items[?@ == $.items[3]]", document) == ["$['items'][3]"])
        #expect(try paths("$.items[?@ != $.items[0]]", document).count == 4)
    }
}
