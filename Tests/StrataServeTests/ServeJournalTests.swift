import Foundation
import Strata
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

    @Test("/__strata/requests carries each request's body, scrubbed of its secrets, and a long one cut with a count")
    func requestBodies() async throws {
        let served = try ServedSession(fixtures: Self.fixtures)
        let json = #"{"token": "t0ps3cret", "password": "hunter2-pass", "note": "hi \u00e9"}"#
        _ = try await served.fetch(
            "/a", method: "POST", headers: ["Content-Type": "application/json"], body: Data(json.utf8))
        let long = String(repeating: "x", count: ServeJournal.bodyLimit + 10)
        _ = try await served.fetch("/a", method: "PUT", headers: ["Content-Type": "text/plain"], body: Data(long.utf8))
        _ = try await served.fetch("/a")
        let reply = try await served.fetch("/__strata/requests")
        #expect(!reply.text.contains("t0ps3cret") && !reply.text.contains("hunter2-pass"), "\(reply.text.prefix(400))")
        let object = try #require(try JSONSerialization.jsonObject(with: reply.body) as? [String: Any])
        let entries = try #require(object["requests"] as? [[String: Any]])
        #expect(entries.count == 3)
        #expect(
            entries[0]["body"] as? String
                == #"{"token": "<redacted>", "password": "<redacted>", "note": "hi \u00e9"}"#)
        #expect(entries[0]["bodyOmitted"] as? Int == 0)
        #expect(entries[0]["bodySize"] as? Int == json.utf8.count)
        #expect((entries[1]["body"] as? String)?.utf8.count == ServeJournal.bodyLimit)
        #expect(entries[1]["bodyOmitted"] as? Int == 10)
        #expect(entries[2]["body"] is NSNull)
        #expect(entries[2]["bodyOmitted"] as? Int == 0)
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
