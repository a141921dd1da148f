import Foundation
import Strata
import Testing

/// Issue 32's polish: what mapping says where a value or a configuration does not fit, with what to do.
@Suite struct MappingHintTests {
    @Test("a null dictionary value names its key and the type that would hold it, as a null array element does")
    func nullDictionaryValue() {
        let r = MappingFixture.map(
            config: #"{"mappings": {"N": {"properties": {"d": "{string}", "rows": "[[int]]"}}}, "map": "N"}"#,
            data: #"{"d": {"k": null}, "rows": [[1, null]]}"#)
        #expect(
            r.issueLines == [
                #"error valueNull $.d.k N.d: null value of key "k" where N.d expects string — fix the data, or "#
                    + "declare N.d as dictionary",
                "error valueNull $.rows[0][1] N.rows: null element where N.rows expects int — fix the data, or "
                    + "declare N.rows as [[any]]",
            ])
    }

    @Test("a date that does not read under a dateStyle says what the style reads, with an example")
    func dateStyleExample() {
        let r = MappingFixture.map(
            config: #"{"mappings": {"N": {"properties": {"s": {"type": "date", "dateStyle": "medium"}}}}, "map": "N"}"#,
            data: #"{"s": "Feb 30, 2011"}"#)
        #expect(
            r.issueLines == [
                #"error badDate $.s N.s: expected date in format dateStyle medium, found string "Feb 30, 2011" — "#
                    + "it does not match dateStyle medium, which reads dates such as Jul 4, 2011"
            ])
    }

    @Test("format on a property that is no date is one error, never a date pattern error, and may name a transform")
    func formatOnANonDate() throws {
        let config = try JSONParser().parse(
            Array(
                #"""
                {"N": {"properties": {"f": {"type": "string", "format": "trim"}, "g": {"type": "int", "format": "Thousands"}}}}
                """#.utf8))
        let (set, problems) = MappingSet.load(from: config, at: Tree.root, file: "session.json")
        #expect(
            problems.map(\.description) == [
                #"session.json:1:47: "format" applies to dates; N.f has type string; to change the value before it "#
                    + #"is typed, write "transform": "trim""#,
                #"session.json:1:87: "format" applies to dates; N.g has type int"#,
            ])
        #expect(set["N"]?.property(named: "f")?.format == nil)
    }

    @Test("a bad date pattern is not silently read as ISO 8601: its dates are bad dates naming the pattern's error")
    func badPatternIsNoFallback() throws {
        let config = try JSONParser().parse(
            Array(#"{"A": {"properties": {"when": {"type": "date", "format": "dd.MM.yyyy at HH:mm"}}}}"#.utf8))
        let (set, problems) = MappingSet.load(from: config, at: Tree.root, file: "session.json")
        #expect(problems.count == 1)
        let mapper = Mapper(mappings: set)
        for text in ["04.07.2011 at 10:30", "2011-07-04T10:30:00Z"] {
            let data = try JSONParser().parse(Array(#"{"when": "\#(text)"}"#.utf8))
            let r = mapper.map(data, with: RouteMapping(className: "A"))
            #expect(r.issues.map(\.kind) == [.badDate], "\(text)")
            #expect(
                r.issues.first?.message.hasSuffix(
                    "— the format is not a usable date pattern: unquoted letter 't' in date pattern "
                        + "'dd.MM.yyyy at HH:mm' is not a pattern field; quote it: dd.MM.yyyy 'at' HH:mm") == true,
                "\(r.issueLines)")
        }
    }
}
