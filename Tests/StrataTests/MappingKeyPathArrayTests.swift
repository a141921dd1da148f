import Strata
import Testing

/// Key paths through arrays collect, as key-value coding did: `events.name` on an array of events.
@Suite struct MappingKeyPathArrayTests {
    @Test("events.name gives every event's name; nested arrays are flattened; elements without it are left out")
    func collectsNames() {
        let set = MappingSet([
            ClassMapping(
                name: "Calendar",
                properties: [
                    PropertyMapping("eventNames", .array(.string), field: "events.name"),
                    PropertyMapping("speakers", .array(.string), field: "events.talks.speaker"),
                ])
        ])
        let tree = MappingFixture.tree(
            #"""
            {"events": [{"name": "a", "talks": [{"speaker": "x"}, {"speaker": "y"}]},
                        {"name": "b", "talks": []}, {"talks": [{"speaker": "z"}]}]}
            """#)
        let r = Mapper(mappings: set).map(tree, with: RouteMapping(className: "Calendar"))
        #expect(r.value(at: "eventNames", 0)?.content == .string("a"))
        #expect(r.value(at: "eventNames", 1)?.content == .string("b"))
        #expect(r.value(at: "eventNames", 2) == nil)
        #expect(r.jsonText() == #"{"$class":"Calendar","eventNames":["a","b"],"speakers":["x","y","z"]}"#)
        #expect(r.issueLines == [])
    }
}
