import Foundation
import Strata
import Testing

/// Value transforms (`"transform"`): a named change each scalar goes through before it is typed.
@Suite struct MappingValueTransformTests {
    static func map(_ property: String, _ value: String) -> MappingResult {
        MappingFixture.map(
            config: #"{"mappings": {"T": {"properties": {"v": \#(property)}}}, "map": "T"}"#, data: #"{"v": \#(value)}"#
        )
    }

    @Test(
        "each transform reads what servers send as the value it stands for",
        arguments: [
            (#"{"type": "string", "transform": "trim"}"#, #"" \t Ada \n""#, #""Ada""#),
            (#"{"type": "string", "transform": "lowercase"}"#, #""ADA""#, #""ada""#),
            (#"{"type": "string", "transform": "uppercase"}"#, #""ada""#, #""ADA""#),
            (#"{"type": "decimal", "transform": "number"}"#, #""1,234.50""#, "1234.50"),
            (#"{"type": "double", "transform": "number"}"#, #""-1,234,567.5""#, "-1234567.5"),
            (#"{"type": "int", "transform": "number"}"#, #"" +007 ""#, "7"),
            (#"{"type": "int", "transform": "number"}"#, "42", "42"),
            (#"{"type": "decimal", "transform": "decimalComma"}"#, #""1.234,50""#, "1234.50"),
            (#"{"type": "decimal", "transform": "decimalComma"}"#, #""1 234,5""#, "1234.5"),
            (#"{"type": "bool", "transform": "yesno"}"#, #""Yes""#, "true"),
            (#"{"type": "bool", "transform": "yesno"}"#, #""off""#, "false"),
            (#"{"type": "bool", "transform": "yesno"}"#, "0", "false"),
            (#"{"type": "string", "optional": true, "transform": "emptyNull"}"#, #""   ""#, "null"),
            (#"{"type": "string", "transform": "emptyNull"}"#, #""x""#, #""x""#),
            (#"{"type": "bool", "transform": ["trim", "lowercase", "yesno"]}"#, #"" Y ""#, "true"),
            (#"{"type": "string", "transform": "trim"}"#, "12", #""12""#),
        ])
    func transforms(property: String, value: String, mapped: String) {
        let r = Self.map(property, value)
        #expect(r.jsonText() == #"{"$class":"T","v":\#(mapped)}"#, "\(r.issueLines)")
        #expect(r.issues.allSatisfy { $0.severity != .error }, "\(r.issueLines)")
    }

    @Test("what a transform cannot read is a type mismatch saying which transform and what it read")
    func failures() {
        let number = Self.map(#"{"type": "decimal", "transform": "number"}"#, #""1.234,50""#)
        #expect(
            number.issueLines == [
                #"error typeMismatch $.v T.v: expected decimal, found string "1.234,50"; transform number reads a "#
                    + #"number written like 1,234.50, not "1.234,50" — fix the data, or declare T.v as string"#
            ])
        let yesno = Self.map(#"{"type": "bool", "transform": "yesno"}"#, #""maybe""#)
        #expect(yesno.issues.map(\.kind) == [.typeMismatch])
        #expect(yesno.issues.first?.message.contains("transform yesno reads yes/no, y/n, on/off") == true)
        // What the transforms gave, when the type does not take it.
        let whole = Self.map(#"{"type": "int", "transform": "number"}"#, #""1,234.5""#)
        #expect(
            whole.issueLines == [
                #"error typeMismatch $.v T.v: expected int, found string "1,234.5"; after number it is 1234.5: not a "#
                    + "whole number; declare it double or decimal — fix the data, or declare T.v as double"
            ])
        let blank = Self.map(#"{"type": "string", "transform": "emptyNull"}"#, #"" ""#)
        #expect(
            blank.issueLines == [
                #"error valueNull $.v T.v: T.v is null but required — mark it "optional": true or give it a "#
                    + #""default" (emptyNull made string " " null)"#
            ])
    }

    @Test("a property's transforms apply to each element of an array and each value of a dictionary")
    func elementsAndValues() {
        let r = MappingFixture.map(
            config: """
                {"mappings": {"T": {"properties": {
                  "tags": {"type": "[string]", "transform": ["trim", "lowercase"]},
                  "stock": {"type": "{int}", "transform": "number"}}}}, "map": "T"}
                """,
            data: #"{"tags": [" Red", "BLUE "], "stock": {"a": "1,000", "b": "20"}}"#)
        #expect(r.jsonText() == #"{"$class":"T","tags":["red","blue"],"stock":{"a":1000,"b":20}}"#, "\(r.issueLines)")
        #expect(r.issues.isEmpty, "\(r.issueLines)")
    }

    @Test("XML text maps through the same transforms as the same JSON does")
    func xmlAsJSON() throws {
        let config =
            #"{"T": {"properties": {"price": {"type": "decimal", "transform": "number"}, "#
            + #""sale": {"type": "bool", "transform": "yesno"}, "name": {"type": "string", "transform": "trim"}}}}"#
        let (set, problems) = MappingSet.load(
            from: try JSONParser().parse(Array(config.utf8)), at: Tree.root, file: "session.json")
        #expect(problems.isEmpty)
        let mapper = Mapper(mappings: set)
        let json = mapper.map(
            MappingFixture.tree(#"{"price": "1,299.00", "sale": "yes", "name": " Lamp "}"#),
            with: RouteMapping(className: "T"))
        let xml = mapper.map(
            try XMLFormat().parse(Array("<t><price>1,299.00</price><sale>yes</sale><name> Lamp </name></t>".utf8)),
            with: RouteMapping(className: "T"))
        #expect(json.jsonText() == #"{"$class":"T","price":1299.00,"sale":true,"name":"Lamp"}"#)
        #expect(xml.jsonText() == json.jsonText())
        #expect(xml.issues.isEmpty && json.issues.isEmpty)
    }

    @Test("configuration: an unknown transform gets a did-you-mean; a transform on a class or any is an error")
    func configuration() throws {
        let config = try JSONParser().parse(
            Array(
                #"""
                {"T": {"properties": {"a": {"type": "int", "transform": ["trim", "nmber"]}, "b": {"type": "T", "transform": "trim", "optional": true}, "c": {"type": "any", "transform": 3}}}}
                """#.utf8))
        let (set, problems) = MappingSet.load(from: config, at: Tree.root, file: "session.json")
        #expect(
            problems.map(\.description) == [
                #"session.json:1:66: unknown transform "nmber" for T.a; did you mean number? (transforms: trim, "#
                    + "lowercase, uppercase, number, decimalComma, yesno, emptyNull)",
                #"session.json:1:96: "transform" applies to scalar values (and arrays or dictionaries of them); "#
                    + "T.b has type T",
                "session.json:1:170: transform of T.c must be a transform name or an array of them, found number 3",
            ])
        #expect(set["T"]?.property(named: "a")?.transforms == [.trim])
    }

    @Test("docs/mapping.md has one table with a row for every transform")
    func documented() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("docs/mapping.md"), encoding: .utf8)
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("| `") }
        for t in ValueTransform.allCases {
            #expect(rows.filter { $0.hasPrefix("| `\(t.rawValue)` |") }.count == 1, "\(t.rawValue)")
        }
    }
}
