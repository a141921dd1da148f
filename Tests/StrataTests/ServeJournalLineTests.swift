import Foundation
import StrataTestSupport
import Testing

@testable import Strata
@testable import StrataDocuments
@testable import StrataMapping

/// The `--journal` file's line is written straight into bytes: it is the entry's JSON, compact, as `/__strata/requests`
/// writes it, whatever the entry holds.
@Suite struct ServeJournalLineTests {
    static func entry(
        path: String = "/items?page=2", headers: HTTPHeaders = ["Accept": "application/json"], body: String? = nil,
        outcome: String = "fixtures/items.json:3:5 (/items #1)", nearest: String? = nil, status: Int = 200,
        durationMs: Double = 1.23456, answer: ServeReply.Answer = .other
    ) -> ServeJournal.Entry {
        var entry = ServeJournal.Entry(
            time: Date(timeIntervalSince1970: 1_764_000_000.123), method: "GET", path: path, headers: headers,
            bodySize: body?.utf8.count ?? 0, status: status, outcome: outcome, nearest: nearest,
            durationMs: durationMs, answer: answer)
        entry.body = body
        entry.bodyOmitted = body == nil ? 0 : 7
        return entry
    }

    @Test(
        "the journal line is the entry's compact JSON and a line break: matched, near miss, no headers, escapes, a body"
    )
    func lineIsTheJSON() {
        let entries = [
            Self.entry(),
            Self.entry(headers: [:]),
            Self.entry(
                outcome: ServeJournal.nearMiss, nearest: "fixtures/a.json:1:2 (/a #1)", status: 404, answer: .nearMiss),
            Self.entry(outcome: ServeJournal.nearMiss, nearest: nil, status: 404, answer: .nearMiss),
            Self.entry(
                path: "/q?x=\"quoted\"\\back\u{1}\u{7F}é", headers: ["X-Odd": "tab\there", "Line": "a\nb"],
                body: #"{"a": "<redacted>", "n": 1}"#, outcome: "live (already recorded)", status: 0,
                durationMs: -0.0004),
            Self.entry(body: "", outcome: "refused (body too large)", status: 413, durationMs: 123_456.7891),
        ]
        for entry in entries {
            let line = String(decoding: entry.jsonLine, as: UTF8.self)
            #expect(line == entry.json.text(pretty: false) + "\n")
        }
        // A near miss is told by its answer, not its text: no `matched`, the nearest pair under `nearMiss`.
        let nearMiss = String(decoding: entries[2].jsonLine, as: UTF8.self)
        #expect(nearMiss.contains(#""matched":null,"nearMiss":"fixtures/a.json:1:2 (/a #1)""#))
        #expect(entries[2].line.hasSuffix(" near miss (nearest fixtures/a.json:1:2 (/a #1)) 1.2 ms"))
    }

    @Test("the terminal line starts with the UTC clock of the entry's time")
    func terminalLine() {
        #expect(Self.entry().line == "16:00:00 GET /items?page=2 200 fixtures/items.json:3:5 (/items #1) 1.2 ms")
    }

    @Test("lines added from many threads at once are all in the file, whole, in the order the entries were added")
    func concurrentLinesInOrder() throws {
        let dir = try ScratchDirectory([:])
        defer { dir.remove() }
        let file = dir.path + "/journal.jsonl"
        let journal = try ServeJournal(capacity: 10_000, file: file)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for n in 0..<200 {
                journal.add(Self.entry(path: "/t\(thread)/\(n)", body: n % 7 == 0 ? "body \(n)" : nil))
            }
        }
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map(String.init)
        let expected = journal.all.map { String(decoding: $0.jsonLine.dropLast(), as: UTF8.self) }
        #expect(expected.count == 1600)
        #expect(lines == expected)
    }
}
