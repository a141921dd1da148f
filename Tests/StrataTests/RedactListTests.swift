import Strata
import Testing

/// The `redact` list: names matched ignoring case, each kept once as first written.
@Suite struct RedactListTests {
    @Test("a name is found in any case, and one repeated in another case is kept once as first written")
    func ignoresCase() {
        var list = RedactList(["Authorization", "api_key", "AUTHORIZATION"])
        #expect(list.names == ["Authorization", "api_key"])
        #expect(list.contains("authorization"))
        #expect(list.contains("API_KEY"))
        #expect(!list.contains("api-key"))
        list.insert("Api_Key")
        list.insert("token")
        #expect(list.names == ["Authorization", "api_key", "token"])
    }

    @Test("a session's redact list hides values whatever the case of the param's name")
    func sessionUsesIt() throws {
        let text = #"{ "baseURL": "http://h", "redact": ["X-Token", "x-token", "pin"], "routes": [] }"#
        let session = try Session.parse(Array(text.utf8), file: "session.json", directory: ".")
        #expect(session.redact == ["X-Token", "pin"])
        #expect(session.isRedacted("x-TOKEN"))
        #expect(session.isSecret("PIN", in: .query))
        #expect(!session.isSecret("pins", in: .query))
    }
}
