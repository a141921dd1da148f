import Foundation
import Strata
import Testing

/// The same data written as JSON, XML and a property list maps to the same objects with the same issues.
@Suite struct MappingSameDataTests {
    static let mappings = MappingSet([
        ClassMapping(
            name: "Trip",
            properties: [
                PropertyMapping("id", .string), PropertyMapping("name", .string),
                PropertyMapping("segments", .array(.object("Segment"))),
                PropertyMapping("start", .date, format: .styles(date: .medium, time: .short)),
                PropertyMapping("photo", .string), PropertyMapping("distance", .double),
                PropertyMapping("stops", .int), PropertyMapping("ref", .string, field: "meta.ref"),
                PropertyMapping("eventNames", .array(.string), field: "events.name"),
            ]),
        ClassMapping(name: "Segment", properties: [PropertyMapping("name", .string)]),
    ])

    static let json = #"""
        {"trip": {"id": "t1", "name": "Coast", "segments": [], "start": "Jul 1, 2024, 6:00 PM",
          "photo": "aGVsbG8=", "distance": 12.5, "stops": 3, "meta": {"ref": "r9"},
          "events": [{"name": "a"}, {"name": "b"}]}}
        """#

    static let xml = """
        <trip id="t1"><name>Coast</name><segments/><start>Jul 1, 2024, 6:00 PM</start><photo>aGVsbG8=</photo>\
        <distance>12.5</distance><stops>3</stops><meta ref="r9"/>\
        <events><event><name>a</name></event><event><name>b</name></event></events></trip>
        """

    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>trip</key><dict>
          <key>id</key><string>t1</string><key>name</key><string>Coast</string>
          <key>segments</key><array/><key>start</key><date>2024-07-01T18:00:00Z</date>
          <key>photo</key><data>aGVsbG8=</data><key>distance</key><real>12.5</real>
          <key>stops</key><integer>3</integer><key>meta</key><dict><key>ref</key><string>r9</string></dict>
          <key>events</key><array><dict><key>name</key><string>a</string></dict>
            <dict><key>name</key><string>b</string></dict></array>
        </dict></dict></plist>
        """

    static func map(_ text: String, _ parser: any Parser) throws -> MappingResult {
        let tree = try parser.parse(Array(text.utf8))
        return Mapper(mappings: mappings).map(tree, with: RouteMapping(className: "Trip", keyPath: "trip"))
    }

    @Test("JSON, XML and plist give the same mapped objects and no issues")
    func sameResult() throws {
        let expected =
            #"{"$class":"Trip","id":"t1","name":"Coast","segments":[],"start":"2024-07-01T18:00:00Z","#
            + #""photo":"aGVsbG8=","distance":12.5,"stops":3,"ref":"r9","eventNames":["a","b"]}"#
        for (name, text, parser) in [
            ("json", Self.json, JSONFormat() as any Parser), ("xml", Self.xml, XMLFormat()),
            ("plist", Self.plist, PropertyListFormat()),
        ] {
            let r = try Self.map(text, parser)
            #expect(r.jsonText() == expected, "\(name)")
            #expect(r.issueLines == [], "\(name)")
        }
    }

    @Test("a key path through an array into a scalar property says to declare an array")
    func collectedIntoScalar() {
        let set = MappingSet([ClassMapping(name: "A", properties: [PropertyMapping("first", .string, field: "e.name")])]
        )
        let r = Mapper(mappings: set).map(
            MappingFixture.tree(#"{"e": [{"name": "a"}, {"name": "b"}]}"#), with: RouteMapping(className: "A"))
        #expect(
            r.issueLines == [
                "error typeMismatch $.e.name A.first: field path e.name goes through an array, so it reads 2 values "
                    + "— declare A.first as [string], or pick one element (e.0…)"
            ])
    }

    @Test("a plist date satisfies any date format; a JSON string in another format does not")
    func plistDateAnyFormat() throws {
        let set = MappingSet([
            ClassMapping(name: "D", properties: [PropertyMapping("d", .date, format: .pattern("M/d/yyyy"))])
        ])
        let plist = try PropertyListFormat().parse(
            Array(#"<plist version="1.0"><dict><key>d</key><date>2011-07-04T00:00:00Z</date></dict></plist>"#.utf8))
        let r = Mapper(mappings: set).map(plist, with: RouteMapping(className: "D"))
        #expect(r.value(at: "d")?.content == MappingFixture.date(2011, 7, 4).mappedDate)
        let json = Mapper(mappings: set).map(
            MappingFixture.tree(#"{"d": "2011-07-04T00:00:00Z"}"#), with: RouteMapping(className: "D"))
        #expect(json.issues(.badDate).count == 1)
    }
}

extension Date {
    fileprivate var mappedDate: MappedValue.Content { .date(self) }
}
