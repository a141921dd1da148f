import Strata
import Testing

/// Only the safe bool coercions of the spec apply: "true"/"false", "1"/"0" and the numbers 1/0.
@Suite struct MappingBoolCoercionTests {
    static let config = #"{ "mappings": { "Flag": { "properties": { "on": "bool" } } }, "map": "[Flag]" }"#

    @Test("\"true\", \"0\" and 1 read as bools and are noted as coerced")
    func safeCoercions() {
        let r = MappingFixture.map(
            config: Self.config, data: #"[{"on": "true"}, {"on": "0"}, {"on": 1}, {"on": false}]"#)
        #expect(r.issues(.coerced).map(\.path) == ["$[0].on", "$[1].on", "$[2].on"])
        #expect(r.issues.allSatisfy { $0.severity == .info })
    }

    @Test("\"yes\" and 2 are type mismatches with the exact path")
    func otherValuesMismatch() {
        let r = MappingFixture.map(config: Self.config, data: #"[{"on": "yes"}, {"on": 2}]"#)
        #expect(r.issues(.typeMismatch).map(\.path) == ["$[0].on", "$[1].on"])
        #expect(r.issues(.typeMismatch).allSatisfy { $0.severity == .error && $0.property == "Flag.on" })
    }
}
