import Testing

@testable import Strata
@testable import StrataDocuments
@testable import StrataMapping

/// What a property with no field is told: a likely typo among the unmapped fields, or a list of them.
@Suite struct MissingFieldHintsTests {
    @Test("a missing property is pointed at the unmapped field it was probably meant for")
    func suggestsTheTypo() {
        var hints = MissingFieldHints(unmapped: ["colour", "usr_name"])
        #expect(
            hints.reason("userName")
                == #"no field matches "userName"; did you mean "usr_name"? set "field": "usr_name""#)
    }

    @Test("with no likely typo, the unmapped fields are listed, eight at most")
    func listsTheUnmappedFields() {
        var few = MissingFieldHints(unmapped: ["a1", "b2"])
        #expect(few.reason("price") == #"no field matches "price" (unmapped fields here: a1, b2)"#)
        var many = MissingFieldHints(unmapped: (1...9).map { "field\($0)" })
        #expect(
            many.reason("price")
                == #"no field matches "price" (unmapped fields here: field1, field2, field3, field4, field5, field6, "#
                + "field7, field8, …)")
        var none = MissingFieldHints(unmapped: [])
        #expect(none.reason("price") == #"no field matches "price""#)
    }

    @Test("past the limit, a missing property gets the list instead of a typo search")
    func limitsTheTypoSearches() {
        var hints = MissingFieldHints(unmapped: ["usr_name"])
        for i in 0..<MissingFieldHints.suggestionLimit {
            #expect(hints.reason("property\(i)").hasSuffix("(unmapped fields here: usr_name)"))
        }
        #expect(hints.reason("userName") == #"no field matches "userName" (unmapped fields here: usr_name)"#)
    }

    @Test("a shape's missing properties are told once per shape, the same for every object of it")
    func samePlanSameReason() throws {
        let mappings = MappingSet([
            ClassMapping(
                name: "User",
                properties: [
                    PropertyMapping("userName", .string), PropertyMapping("age", .int, optional: true),
                ])
        ])
        let tree = try JSONParser().parse(Array(#"[{"usr_name": "a"}, {"usr_name": "b"}]"#.utf8))
        let result = Mapper(mappings: mappings).map(tree, with: RouteMapping(type: .array(.object("User"))))
        let missing = result.issues.filter { $0.kind == .missingField }.map(\.message)
        let expected =
            #"no field matches "userName"; did you mean "usr_name"? set "field": "usr_name" — add the field, "#
            + #"or mark the property "optional": true"#
        #expect(missing == [expected, expected])
    }
}
