import Foundation
import StrataTestSupport
import Testing

@Suite(.needsLibmicrohttpd) struct ServeJournalTests {
    static let fixtures = ["a.json": #"{ "/a": [ { "response": { "body": { "a": 1 } } } ] }"#]

    @Test("/__strata/requests lists each request with redacted headers, body size, pair or near miss, status")
    func requests() async throws {
        let served = try ServedSession(fixtures: Self.fixtures)
        _ = try await served.fetch(
            "/a?token=t0ps3cret", method: "POST", headers: ["X-Secret": "hush", "Authorization": "Bearer abc"],
            body: Data("12345".utf8))
        _ = try await served.fetch("/b")
        let reply = try await served.fetch("/__strata/requests")
        #expect(reply.status == 200)
        #expect(!reply.text.contains("t0ps3cret") && !reply.text.contains("hush") && !reply.text.contains("Bearer"))
        let object = try #require(try JSONSerialization.jsonObject(with: reply.body) as? [String: Any])
        let entries = try #require(object["requests"] as? [[String: Any]])
        #expect(entries.count == 2)
        #expect(entries[0]["method"] as? String == "POST")
        #expect(entries[0]["path"] as? String == "/a?token=<redacted>")
        #expect(entries[0]["bodySize"] as? Int == 5)
        #expect(entries[0]["status"] as? Int == 200)
        #expect((entries[0]["matched"] as? String)?.hasSuffix("fixtures/a.json:1:11 (/a #1)") == true)
        let headers = try #require(entries[0]["headers"] as? [String: String])
        #expect(headers["X-Secret"] == "<redacted>")
        #expect(headers["Authorization"] == "<redacted>")
        #expect(entries[1]["status"] as? Int == 404)
        #expect(entries[1]["matched"] is NSNull)
        #expect((entries[1]["nearMiss"] as? String)?.hasSuffix("(/a #1)") == true)
    }

    @Test("--journal appends each entry as one JSON line")
    func journalFile() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("journal-\(UUID()).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try "{\"earlier\": true}\n".write(toFile: file, atomically: false, encoding: .utf8)
        let served = try ServedSession(fixtures: Self.fixtures, journalFile: file)
        _ = try await served.fetch("/a")
        _ = try await served.fetch("/a?x=1")
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3)
        let last = try #require(
            try JSONSerialization.jsonObject(with: Data(lines[2].utf8)) as? [String: Any])
        #expect(last["path"] as? String == "/a?x=1")
        #expect(last["status"] as? Int == 200)
    }
}
