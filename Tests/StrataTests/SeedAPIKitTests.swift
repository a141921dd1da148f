import Foundation
import Strata
import Testing

/// APIKit's EasyReader: `GET /feeds/default/` returns feeds mapped to `Feed`.
@Suite struct SeedAPIKitTests {
    static let config = """
        {
          "mappings": {
            "Feed": { "properties": { "id": "int", "name": "string", "url": "url", "icon": "url" } }
          },
          "map": { "class": "Feed", "keyPath": "feeds" }
        }
        """

    static let data = """
        {"feeds": [{"id": 1, "name": "Cloudspace Feed", "url": "http://www.cloudspace.com/feed/",
                    "icon": "http://www.cloudspace.com/favicon.ico"}]}
        """

    @Test("EasyReader's default feeds map to Feed objects with URLs")
    func feedsMapToFeed() {
        let r = MappingFixture.map(config: Self.config, data: Self.data)
        #expect(r.children(of: 0).count == 1)
        #expect(r.value(at: 0)?.className == "Feed")
        #expect(r.value(at: 0, "id")?.content == .int(1))
        #expect(r.value(at: 0, "name")?.content == .string("Cloudspace Feed"))
        #expect(r.value(at: 0, "url")?.content == .url(URL(string: "http://www.cloudspace.com/feed/")!))
        #expect(r.value(at: 0, "icon")?.content == .url(URL(string: "http://www.cloudspace.com/favicon.ico")!))
        #expect(r.issues.isEmpty)
        #expect(
            r.jsonText()
                == #"[{"$class":"Feed","id":1,"name":"Cloudspace Feed","url":"http://www.cloudspace.com/feed/","icon":"http://www.cloudspace.com/favicon.ico"}]"#
        )
    }
}
