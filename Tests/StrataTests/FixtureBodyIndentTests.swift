import Strata
import StrataTestSupport
import Testing

/// JSON bodies written inside fixture files are served without the fixture file's indentation.
@Suite struct FixtureBodyIndentTests {
    @Test("an indented body is shifted left by its closing line's indentation, keeping its own structure")
    func dedentsBody() async throws {
        let fixture = """
            {
              "/items": [
                { "response": {
                    "body": {
                      "items": [
                        { "id": 1, "note": "  two spaces kept  " }
                      ]
                    } } }
              ]
            }
            """
        let dir = try ScratchDirectory([
            "session.json": #"{ "name": "T", "routes": [ { "name": "items", "path": "/items" } ] }"#,
            "fixtures/items.json": fixture,
        ])
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        let exchange = try await Client(session: session, source: MockSource(session: session)).run("items")
        let body = String(decoding: exchange.response.body, as: UTF8.self)
        #expect(body == "{\n  \"items\": [\n    { \"id\": 1, \"note\": \"  two spaces kept  \" }\n  ]\n}")
        #expect(exchange.parsed.tree?.canonicalJSON() == #"{"items":[{"id":1,"note":"  two spaces kept  "}]}"#)
    }
}
