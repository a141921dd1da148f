import Foundation
import Strata
import Testing

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
}
