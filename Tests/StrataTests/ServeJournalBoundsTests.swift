import Foundation
import Testing

@testable import Strata
@testable import StrataDocuments
@testable import StrataMapping

/// What the serve journal keeps in memory, and how `/__strata/requests` pages through it.
@Suite struct ServeJournalBoundsTests {
    static func entry(_ n: Int, headerBytes: Int = 0) -> ServeJournal.Entry {
        var headers = HTTPHeaders()
        if headerBytes > 0 { headers.append(name: "X-Big", value: String(repeating: "a", count: headerBytes)) }
        return ServeJournal.Entry(
            time: Date(timeIntervalSince1970: 0), method: "GET", path: "/\(n)", headers: headers, bodySize: 0,
            status: 200, outcome: "live", nearest: nil, durationMs: 1)
    }

    @Test("entries past the byte capacity push out the oldest; the count goes on")
    func byteCapacity() throws {
        let journal = try ServeJournal(capacity: 1000, byteCapacity: 20_000)
        for n in 0..<50 { journal.add(Self.entry(n, headerBytes: 5_000)) }
        #expect(journal.count == 50)
        #expect(journal.all.map(\.path) == ["/47", "/48", "/49"])
        // One entry larger than the whole capacity is still kept, alone.
        journal.add(Self.entry(50, headerBytes: 50_000))
        #expect(journal.all.map(\.path) == ["/50"])
    }

    @Test("the count capacity keeps the newest entries, oldest first, across many adds")
    func countCapacity() throws {
        let journal = try ServeJournal(capacity: 3)
        for n in 0..<5000 { journal.add(Self.entry(n)) }
        #expect(journal.all.map(\.path) == ["/4997", "/4998", "/4999"])
    }

    @Test("pages follow each other by entry number, bounded by count and bytes, and say when more follow")
    func pages() throws {
        let journal = try ServeJournal(capacity: 8)
        for n in 0..<10 { journal.add(Self.entry(n)) }  // numbers 1…10; 3…10 are kept
        let first = journal.page(after: 0, limit: 3, maxBytes: 1 << 20)
        #expect(first.entries.map(\.path) == ["/2", "/3", "/4"])
        #expect(first.next == 5 && first.more)
        let second = journal.page(after: first.next, limit: 100, maxBytes: 1 << 20)
        #expect(second.entries.map(\.path) == ["/5", "/6", "/7", "/8", "/9"])
        #expect(second.next == 10 && !second.more)
        let none = journal.page(after: second.next, limit: 100, maxBytes: 1 << 20)
        #expect(none.entries.isEmpty && none.next == 10 && !none.more)
        let tight = journal.page(after: 0, limit: 100, maxBytes: 1)
        #expect(tight.entries.map(\.path) == ["/2"] && tight.next == 3 && tight.more)
        journal.clear()
        journal.add(Self.entry(99))
        let afterReset = journal.page(after: 10, limit: 100, maxBytes: 1 << 20)
        #expect(afterReset.entries.isEmpty && afterReset.next == 1)
        #expect(journal.page(after: afterReset.next - 1, limit: 9, maxBytes: 1 << 20).entries.map(\.path) == ["/99"])
    }

    @Test("a body is scrubbed before it is cut: a secret across the cut leaves nothing of itself behind")
    func excerptScrubsThenCuts() throws {
        let scrubber = SecretScrubber(values: ["s3cr3t-value"])
        let body = Array(("0123456789" + "s3cr3t-value" + "tail").utf8)
        let excerpt = try #require(ServeJournal.excerpt(of: body, scrubber: scrubber, limit: 14))
        #expect(excerpt.text == "0123456789<red")
        #expect(excerpt.omitted == "0123456789<redacted>tail".utf8.count - 14)
        #expect(ServeJournal.excerpt(of: [], scrubber: scrubber) == nil)
        let whole = try #require(ServeJournal.excerpt(of: body, scrubber: scrubber))
        #expect(whole.text == "0123456789<redacted>tail" && whole.omitted == 0)
    }

    @Test("a cut inside a character goes back to its start; bytes that are not UTF-8 read as U+FFFD")
    func excerptCutsAtCharacters() throws {
        let body = Array("ab€".utf8)  // € is 3 bytes
        let excerpt = try #require(ServeJournal.excerpt(of: body, scrubber: SecretScrubber(values: []), limit: 4))
        #expect(excerpt.text == "ab" && excerpt.omitted == 3)
        let binary = try #require(ServeJournal.excerpt(of: [0x61, 0xFF, 0x62], scrubber: SecretScrubber(values: [])))
        #expect(binary.text == "a\u{FFFD}b")
    }

    @Test("an entry's body counts toward the bytes the journal keeps")
    func bodyBytesCount() throws {
        var entry = Self.entry(1)
        let bare = ServeJournal.size(of: entry)
        entry.body = String(repeating: "b", count: 1000)
        #expect(ServeJournal.size(of: entry) == bare + 1000)
    }
}
