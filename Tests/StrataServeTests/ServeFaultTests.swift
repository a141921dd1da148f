import Foundation
import StrataTestSupport
import Testing

@Suite(.needsLibmicrohttpd) struct ServeFaultTests {
    static let fixtures = [
        "faults.json": """
        {
          "/reset": [ { "response": { "fault": "reset" } } ],
          "/close": [ { "response": { "fault": "close", "body": "this body is cut off half way" } } ],
          "/empty": [ { "response": { "fault": "empty" } } ],
          "/garbage": [ { "response": { "fault": "garbage" } } ],
          "/slow": [ { "response": { "chunkDelay": 1, "bodyFile": "slow.txt" } } ]
        }
        """
    ]

    @Test(
        "each fault makes the client's request fail; the journal records it without a status",
        arguments: [
            "reset", "close", "empty", "garbage",
        ])
    func faultFails(_ name: String) async throws {
        let served = try ServedSession(fixtures: Self.fixtures)
        await #expect(throws: (any Error).self) { _ = try await served.fetch("/\(name)") }
        let entry = try #require(served.responder.journal.all.last)
        #expect(entry.status == 0)
        #expect(entry.outcome.hasSuffix("fault \(name)"))
    }

    @Test("a chunkDelay body arrives whole, in pieces")
    func chunkDelay() async throws {
        let served = try ServedSession(fixtures: Self.fixtures)
        let text = String(repeating: "0123456789abcdef", count: 300)
        try served.dir.write("fixtures/slow.txt", text)
        let reply = try await served.fetch("/slow")
        #expect(reply.status == 200)
        #expect(reply.text == text)
    }
}
