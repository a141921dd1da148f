import Testing

@testable import Strata
@testable import StrataDocuments
@testable import StrataMapping

/// Names are numbered once, in the order first interned, however many pass through the recent ones.
@Suite struct InternedNamesTests {
    @Test("names given up front keep their numbers (a repeated one its first), new ones follow, all found again")
    func numbersAreStable() {
        var table = InternedNames(["id", "name", "id", "User"])
        #expect(table.number("User") == 3)
        #expect(table.number("id") == 0)
        #expect(table.number("email") == 4)
        // Twenty names in turn, far more than the recent ones remembered, twice over: the same numbers.
        let names = (0..<20).map { "field\($0)" }
        let first = names.map { table.number($0) }
        #expect(first == (5..<25).map { Int32($0) })
        #expect(names.reversed().map { table.number($0) } == first.reversed())
        #expect(table.count == 25)
        #expect(table[4] == "email")
        #expect(table.number("name") == 1)
    }

    @Test("a recent-first index finds every key it was given, recent or long ago")
    func recentIndexFindsOldKeys() {
        var index = RecentIndex<Int>(recent: 2)
        for k in 0..<50 { index.add(k * 7, Int32(k)) }
        #expect((0..<50).allSatisfy { index[$0 * 7] == Int32($0) })
        #expect(index[3] == nil)
    }
}
