import Strata
import Testing

/// Drift is about shape: fields added, fields gone, types changed; values that differ are not drift.
@Suite struct SchemaDriftTests {
    func drift(_ fixture: String, _ live: String) throws -> [String] {
        let f = try #require(ParserRegistry.standard.parse(Array(fixture.utf8), type: "json").tree)
        let l = try #require(ParserRegistry.standard.parse(Array(live.utf8), type: "json").tree)
        return SchemaDrift(fixture: f, live: l).findings.map(\.line)
    }

    @Test("different values of the same types are no drift, whatever the array lengths")
    func valuesAreNotDrift() throws {
        #expect(try drift(#"{"a":[{"id":1,"n":"x"}]}"#, #"{"a":[{"id":2,"n":"y"},{"id":3,"n":"z"}]}"#) == [])
    }

    @Test("a field only live, a field only in the fixture, and a type change, by field pattern")
    func findings() throws {
        #expect(
            try drift(
                #"{"p":[{"id":1,"price":2.5,"old":true}]}"#, #"{"p":[{"id":2,"price":"3.50","sku":"D-1"}]}"#) == [
                    #"! $.p[*].price: number in the fixture → string live"#,
                    "+ $.p[*].sku: string (the fixture lacks it)",
                    "- $.p[*].old: bool (the server stopped sending it)",
                ])
    }

    @Test("null matches any type, and below a missing field only the field itself is reported")
    func nullAndNesting() throws {
        #expect(
            try drift(#"{"a":null,"b":{"c":1,"d":[1]}}"#, #"{"a":"now set"}"#) == [
                "- $.b: object (the server stopped sending it)"
            ])
        #expect(try drift(#"{"a":1}"#, #"{"a":1,"e":{"f":{"g":2}}}"#) == ["+ $.e: object (the fixture lacks it)"])
    }
}
