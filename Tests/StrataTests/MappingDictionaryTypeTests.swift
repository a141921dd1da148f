import Foundation
import Strata
import Testing

/// Dictionaries as a type: `{T}` wherever a type goes — a route's root, array elements, property values.
@Suite struct MappingDictionaryTypeTests {
    @Test("{T} parses as a dictionary of T, inside arrays too, and prints as written")
    func parsing() {
        #expect(MappingType(parsing: "{API}") == .dictionary(values: .object("API"), keys: [:]))
        #expect(MappingType(parsing: "[{int}]") == .array(.dictionary(values: .int, keys: [:])))
        #expect(MappingType(parsing: "{[string]}") == .dictionary(values: .array(.string), keys: [:]))
        #expect(MappingType(parsing: "{int}")?.description == "{int}")
        #expect(MappingType(parsing: "[{int}]")?.description == "[{int}]")
        for bad in ["{int", "{}", "int}", "{ int}x", "a{b}"] { #expect(MappingType(parsing: bad) == nil, "\(bad)") }
    }

    @Test("a route's root dictionary maps every value with its class; a value that is not one is reported")
    func rootDictionary() {
        let r = MappingFixture.map(
            config: """
                {"mappings": {"API": {"properties": {"added": "string", "preferred": "string"}}},
                 "map": {"class": "{API}"}}
                """,
            data: """
                {"1forge.com": {"added": "2017-05-30", "preferred": "0.0.1"},
                 "adyen.com": {"added": "2017-07-01", "preferred": "v1"},
                 "broken.io": 7}
                """)
        #expect(r.root.content == .dictionary)
        #expect(r.value(at: "1forge.com")?.className == "API")
        #expect(r.value(at: "adyen.com", "preferred")?.content == .string("v1"))
        #expect(r.issues(.typeMismatch).map(\.path) == ["$[\"broken.io\"]"])
    }

    @Test("values and array elements may be dictionaries of a type, and are checked")
    func nestedDictionaries() {
        let r = MappingFixture.map(
            config: """
                {"mappings": {"Stats": {"properties": {"counts": "{int}", "pages": "[{int}]"}}}, "map": "Stats"}
                """,
            data: """
                {"counts": {"a": 1, "b": "two"}, "pages": [{"x": 1}, {"y": true}]}
                """)
        #expect(r.value(at: "counts", "a")?.content == .int(1))
        #expect(r.value(at: "pages", 0, "x")?.content == .int(1))
        #expect(r.issues(.typeMismatch).map(\.path) == ["$.counts.b", "$.pages[1].y"])
    }

    @Test("a dictionary's class is checked like any other: an unknown one is reported at the type string")
    func unknownValueClass() {
        let tree = MappingFixture.tree(#"{"mappings": {"A": {"properties": {"b": "{Nobody}"}}}}"#)
        let (_, diagnostics) = MappingSet.load(from: tree, at: tree.node(at: "$.mappings"), file: "session.json")
        #expect(
            diagnostics.map(\.description) == [
                "session.json:1:41: unknown class \"Nobody\" for A.b (classes: A)"
            ])
    }

    @Test("names other libraries give built-in types get a did-you-mean")
    func foundationNames() {
        let tree = MappingFixture.tree(
            #"{"mappings": {"A": {"properties": {"a": "NSString", "b": "NSDictionary", "c": "integer", "d": "boolean"}}}}"#
        )
        let (_, diagnostics) = MappingSet.load(from: tree, at: tree.node(at: "$.mappings"), file: "session.json")
        let suggestions = diagnostics.map { d in
            String(d.description.split(separator: ";")[1].split(separator: "?")[0]).trimmingCharacters(in: .whitespaces)
        }
        #expect(
            suggestions == ["did you mean string", "did you mean dictionary", "did you mean int", "did you mean bool"])
    }
}
