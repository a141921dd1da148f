import Foundation
import Testing

@testable import Strata
@testable import StrataDocuments
@testable import StrataMapping

/// Decimals keep the digits they were written with, from numbers and from numeric strings.
@Suite struct MappingDecimalTests {
    @Test("\"45.00\" maps to 45.00, not 45, in JSON and text output")
    func trailingZerosKept() {
        let set = MappingSet([
            ClassMapping(
                name: "Order",
                properties: [
                    PropertyMapping("price", .decimal), PropertyMapping("total", .decimal),
                    PropertyMapping("tax", .decimal),
                ])
        ])
        let tree = MappingFixture.tree(#"{"price": "45.00", "total": 120.50, "tax": "+.5"}"#)
        let r = Mapper(mappings: set).map(tree, with: RouteMapping(className: "Order"))
        #expect(r.jsonText() == #"{"$class":"Order","price":45.00,"total":120.50,"tax":0.5}"#)
        #expect(r.value(at: "price")?.content == .decimal(Decimal(string: "45")!, written: "45.00"))
        #expect(r.text().contains("price: 45.00"))
    }

    @Test("a decimal read from a JSON number keeps only its node, and reads back with the digits as written")
    func numberDecimalsReadFromTheirNode() {
        let set = MappingSet([ClassMapping(name: "Row", properties: [PropertyMapping("v", .decimal)])])
        let posix = Locale(identifier: "en_US_POSIX")
        for (text, written) in [
            ("-9658.55", "-9658.55"), ("120.50", "120.50"), ("0", "0"), ("1e3", "1e3"),
            ("12345678901234567890.5", "12345678901234567890.5"),
        ] {
            let tree = MappingFixture.tree(#"{"v": \#(text)}"#)
            let r = Mapper(mappings: set).map(tree, with: RouteMapping(className: "Row"))
            guard let v = r.value(at: "v") else {
                Issue.record("\(text): not mapped")
                continue
            }
            #expect(r.values.kind(v.id) == .sourceDecimal, "\(text)")
            #expect(v.content == .decimal(Decimal(string: text, locale: posix)!, written: written), "\(text)")
            #expect(r.issues.isEmpty, "\(text)")
        }
        // A numeric string is converted (and noted), so it keeps its converted value.
        let tree = MappingFixture.tree(#"{"v": "45.00"}"#)
        let r = Mapper(mappings: set).map(tree, with: RouteMapping(className: "Row"))
        #expect(r.values.kind(r.value(at: "v")!.id) == .other)
        #expect(r.value(at: "v")?.content == .decimal(Decimal(string: "45")!, written: "45.00"))
    }

    @Test("plain numbers read directly give Foundation's decimal; others are left to Foundation")
    func plainNumbersReadLikeFoundation() {
        let posix = Locale(identifier: "en_US_POSIX")
        let texts = [
            "-9658.55", "45.00", "0", "-0", "-0.00", "0.001", "007", "123456789012345678", "1234567890123456789",
            "0.0000000000000000001", "99999.999999", "1e3", "-2.5E-2", "+1.5", ".5", "1.", "-", "", "1.2.3", "12a",
        ]
        for text in texts {
            #expect(FixedDecimal.value(text) == Decimal(string: text, locale: posix), "\(text)")
            #expect(
                FixedDecimal.value(text)?.description == Decimal(string: text, locale: posix)?.description,
                "\(text)")
        }
    }
}
