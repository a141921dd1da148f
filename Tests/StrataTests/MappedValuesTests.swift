import Foundation
import Testing

@testable import Strata
@testable import StrataDocuments
@testable import StrataMapping

/// The compact value store: every kind of content reads back exactly as mapped, and the one-field accessors agree
/// with the values they stand for.
@Suite struct MappedValuesTests {
    static let mappings = MappingSet([
        ClassMapping(
            name: "Row",
            properties: [
                PropertyMapping("id", .int), PropertyMapping("name", .string), PropertyMapping("score", .double),
                PropertyMapping("ok", .bool), PropertyMapping("at", .date, format: .iso8601),
                PropertyMapping("price", .decimal), PropertyMapping("site", .url), PropertyMapping("raw", .any),
                PropertyMapping("tags", .array(.string)), PropertyMapping("count", .int),
                PropertyMapping("gone", .string), PropertyMapping("note", .string, optional: true),
            ])
    ])

    static func map(_ json: String) throws -> MappingResult {
        let tree = try JSONParser().parse(Array(json.utf8))
        return Mapper(mappings: mappings).map(tree, with: RouteMapping(className: "Row"))
    }

    @Test("a value's record takes 12 bytes: a leaf ends after itself, a container keeps its end in its payload")
    func recordSizeAndEnds() throws {
        #expect(MemoryLayout<MappedValues.Record>.stride == 12)
        // The record reads a container's kind from its raw bits.
        #expect([MappedValues.Kind.object, .array, .dictionary].map(\.rawValue) == [0, 1, 2])
        var values = MappedValues(tree: try JSONParser().parse(Array("{}".utf8)), names: ["Row", "id"])
        values.append(.object(className: "Row"), name: MappedValues.noName, parent: -1, source: -1)
        values.append(.int(-9_007_199_254_740_993), name: 1, parent: 0, source: -1)
        values.append(.array, name: 1, parent: 0, source: -1)
        values.append(.double(-0.1), name: MappedValues.noName, parent: 2, source: -1)
        values.setEnd(4, of: 2)
        values.setEnd(4, of: 0)
        #expect(values.indices.map { values.end($0) } == [4, 2, 4, 4])
        #expect(values.className(0) == "Row")
        #expect(values.content(1) == .int(-9_007_199_254_740_993))
        #expect(values.content(3) == .double(-0.1))
        // Content replaced keeps the end: an object made invalid, a leaf given descendants before it became one.
        values.setContent(.invalid, at: 0)
        #expect(values.end(0) == 4 && values.content(0) == .invalid)
        values.setContent(.object(className: "Row"), at: 0)
        #expect(values.end(0) == 4 && values.className(0) == "Row")
        values.setEnd(2, of: 0)
        values.setContent(.null, at: 2)
        #expect(values.indices.map { values.end($0) } == [2, 2, 4, 4])
    }

    @Test("payloads past 32 bits go aside and objects' names and class names go in pairs, all reading back exactly")
    func widePayloadsAndObjectLabels() throws {
        var values = MappedValues(tree: try JSONParser().parse(Array("{}".utf8)), names: ["Row", "id"])
        let ints = [0, 1, Int(UInt32.max), Int(UInt32.max) + 1, -1, Int.min, Int.max]
        let doubles = [0.0, -0.0, 0.1, -1e300, .infinity, Double.leastNonzeroMagnitude]
        let date = Date(timeIntervalSinceReferenceDate: 12_345.678_9)
        values.append(.array, name: MappedValues.noName, parent: -1, source: -1)
        for i in ints { values.append(.int(i), name: 1, parent: 0, source: -1) }
        for d in doubles { values.append(.double(d), name: 1, parent: 0, source: -1) }
        values.append(.date(date), name: 1, parent: 0, source: -1)
        // The same class under two names, and two classes under one name: four objects, three pairs.
        let objects: [(name: String?, className: String)] = [
            ("home", "Address"), ("work", "Address"), ("home", "Place"), ("home", "Address"), (nil, "Row"),
        ]
        for object in objects {
            let id = values.count
            values.append(.object(className: object.className), name: values.nameID(object.name), parent: 0, source: -1)
            values.append(.bool(true), name: 1, parent: Int32(id), source: -1)
            values.setEnd(values.count, of: id)
        }
        values.setEnd(values.count, of: 0)
        var expected: [MappedValue.Content] =
            [.array] + ints.map { .int($0) } + doubles.map { .double($0) } + [.date(date)]
        var names: [String?] = [nil] + Array(repeating: "id", count: ints.count + doubles.count + 1)
        for object in objects {
            expected += [.object(className: object.className), .bool(true)]
            names += [object.name, "id"]
        }
        #expect(values.indices.map { values.content($0) } == expected)
        #expect(values.indices.map { values.name($0) } == names)
        #expect(values.indices.map { values[$0].name } == names)
        let firstObject = 1 + ints.count + doubles.count + 1
        #expect(values.className(firstObject + 4) == "Place" && values.end(firstObject + 4) == firstObject + 6)
        #expect(values.className(firstObject + 6) == "Address" && values.name(firstObject + 6) == "home")
        // Replaced content keeps the name, whatever the kinds before and after.
        values.setContent(.object(className: "Other"), at: firstObject)
        #expect(values.name(firstObject) == "home" && values.className(firstObject) == "Other")
        values.setContent(.double(-2.5), at: firstObject + 2)
        #expect(values.name(firstObject + 2) == "work" && values.content(firstObject + 2) == .double(-2.5))
        values.setContent(.object(className: "Row"), at: firstObject + 2)
        #expect(values.name(firstObject + 2) == "work" && values.className(firstObject + 2) == "Row")
    }

    @Test("a double read from its JSON number is read again exactly as mapped, however it is written")
    func sourceDoublesReadBack() throws {
        let written = [
            "0.1", "-0", "1e3", "1.5E-7", "0.30000000000000004", "123456789012345678", "-2.2250738585072014e-308",
        ]
        for text in written {
            let mapped = try Self.map(#"{"score": "# + text + "}")
            #expect(mapped.value(at: "score")?.content == .double(Double(text)!), "\(text)")
        }
    }

    @Test("parents, kept for containers only, read back as appended: deep, wide, ended early, and out of order")
    func parentsReadBack() throws {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<20 {
            var values = MappedValues(tree: try JSONParser().parse(Array("{}".utf8)), names: ["Row"])
            var parents: [Int?] = []
            /// Appends a value under `parent` (its subtree, for a container), up to about 5 000 values in all.
            func add(under parent: Int?, ancestors: [Int], depth: Int) {
                let id = values.count
                guard id < 5000 else { return }
                let containerKinds: [MappedValue.Content] = [.object(className: "Row"), .array, .dictionary]
                let isContainer = depth < 12 && Int.random(in: 0..<3, using: &generator) == 0
                // Now and then a value names an outer container as its parent, not the one open (kept aside).
                var named = parent
                if !isContainer, ancestors.count > 1, Int.random(in: 0..<20, using: &generator) == 0 {
                    named = ancestors.randomElement(using: &generator)
                }
                let content = isContainer ? containerKinds.randomElement(using: &generator)! : .int(id)
                values.append(
                    content, name: MappedValues.noName, parent: Int32(named ?? -1), source: -1)
                parents.append(named)
                guard isContainer else { return }
                if Int.random(in: 0..<8, using: &generator) == 0 {
                    // Too deep: made invalid and ended at once, as the mapping does.
                    values.setContent(.invalid, at: id)
                    values.setEnd(id + 1, of: id)
                    return
                }
                let wide = Int.random(in: 0..<10, using: &generator) == 0
                for _ in 0..<Int.random(in: 0...(wide ? 400 : 6), using: &generator) {
                    add(under: id, ancestors: ancestors + [id], depth: depth + 1)
                }
                values.setEnd(values.count, of: id)
            }
            values.append(.array, name: MappedValues.noName, parent: -1, source: -1)
            parents.append(nil)
            for _ in 0..<(round % 2 == 0 ? 30 : 3) { add(under: 0, ancestors: [0], depth: 1) }
            values.setEnd(values.count, of: 0)
            #expect(values.indices.map { values.parent($0) } == parents, "round \(round)")
            #expect(values.indices.allSatisfy { values[$0].parent == parents[$0] })
        }
    }

    @Test("every content kind reads back as mapped: source strings unescaped, dates to the bit, decimals as written")
    func contentRoundTrips() throws {
        let r = try Self.map(
            #"{"id": -9007199254740993, "name": "a\"b\u00e9 – long enough to be on the heap", "score": 0.1, "ok": true, "#
                + #""at": "2020-03-04T05:06:07.125Z", "price": 45.00, "site": "https://example.org/x?y=1", "#
                + #""raw": {"k": [1]}, "tags": ["x", "y\n"], "count": "12"}"#)
        let row = try #require(r.value(at: "id")).id - 1
        #expect(r[row].content == .object(className: "Row"))
        #expect(r.value(at: "id")?.content == .int(-9_007_199_254_740_993))
        #expect(r.value(at: "name")?.content == .string("a\"bé – long enough to be on the heap"))
        #expect(r.value(at: "score")?.content == .double(0.1))
        #expect(r.value(at: "ok")?.content == .bool(true))
        let at = Date(timeIntervalSince1970: 1_583_298_367.125)
        #expect(r.value(at: "at")?.content == .date(at))
        guard case .decimal(_, let written)? = r.value(at: "price")?.content else {
            Issue.record("price is not a decimal")
            return
        }
        #expect(written == "45.00")
        #expect(r.value(at: "site")?.content == .url(URL(string: "https://example.org/x?y=1")!))
        #expect(r.value(at: "raw")?.content == .raw)
        #expect(r.value(at: "tags", 1)?.content == .string("y\n"))
        #expect(r.value(at: "count")?.content == .int(12), "a coerced value is stored like any other")
        #expect(r.value(at: "gone")?.content == .missing)
        #expect(r.value(at: "note")?.content == .null)
    }

    @Test("the one-field accessors agree with the values, and severities keep the most serious issue")
    func accessorsAgree() throws {
        let r = try Self.map(#"{"id": "x", "name": 3, "score": 1, "ok": false, "tags": [], "extra": 1}"#)
        for v in r.values {
            #expect(r.values.parent(v.id) == v.parent)
            #expect(r.values.end(v.id) == v.end)
            #expect(r.values.source(v.id) == v.source)
            #expect(r.values.name(v.id) == v.name)
            #expect(r.values.content(v.id) == v.content)
            #expect(r.values.severity(v.id) == v.severity)
            #expect(r.values.className(v.id) == v.className)
            let worst = r.issues(for: v.id).map(\.severity).max { $0.weight < $1.weight }
            #expect(v.severity == worst, "value \(r.path(of: v.id))")
        }
        #expect(r.value(at: "id")?.severity == .error)
        #expect(r.value(at: "name")?.content == .string("3"), "a number read as a string is noted, not an error")
    }
}
