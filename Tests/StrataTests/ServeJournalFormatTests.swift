import Foundation
import Strata
import StrataTestSupport
import Testing

/// The journal's line and JSON, written for every request `strata serve` answers, read as before.
@Suite struct ServeJournalFormatTests {
    @Test("durations are written with a fixed number of decimals, rounded")
    func fixedDecimals() {
        #expect(FixedDecimal.text(0, digits: 1) == "0.0")
        #expect(FixedDecimal.text(12.3456, digits: 3) == "12.346")
        #expect(FixedDecimal.text(12.3456, digits: 1) == "12.3")
        #expect(FixedDecimal.text(0.0004, digits: 3) == "0.000")
        #expect(FixedDecimal.text(999.96, digits: 1) == "1000.0")
        #expect(FixedDecimal.text(-0.5, digits: 3) == "-0.500")
        #expect(FixedDecimal.text(-0.00001, digits: 3) == "0.000")
        #expect(FixedDecimal.text(7, digits: 0) == "7")
        #expect(FixedDecimal.text(1e300, digits: 1) == "1e+300")
        #expect(FixedDecimal.text(.nan, digits: 1) == "nan")
    }

    @Test("a logged request's line has the clock and the milliseconds; its JSON the UTC time to the millisecond")
    func lineAndJSON() throws {
        let dir = try ScratchDirectory(["session.json": #"{ "routes": [] }"#])
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        let responder = ServeResponder(
            session: session, upstream: .mock(MockSource(session: session)), journal: try ServeJournal(),
            loopback: true)
        let request = ServeRequest(method: "GET", path: "/nothing")
        let entry = responder.log(request, responder.respond(request), durationMs: 12.3456)
        #expect(
            entry.line.wholeMatch(of: /\d\d:\d\d:\d\d GET \/nothing 404 near miss( \(nearest [^)]*\))? 12\.3 ms/)
                != nil, "\(entry.line)")
        let json = entry.json.text(pretty: false)
        #expect(json.contains(/"time":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"/), "\(json)")
        #expect(json.contains(#""durationMs":12.346"#), "\(json)")
        #expect(json.hasPrefix(#"{"time":"#) && json.contains(#","method":"GET","path":"/nothing","#))
    }
}

@Suite struct ServeJournalWriteFailureTests {
    /// Collects what the journal tells.
    final class Told: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func add(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    @Test("a failing journal file is told once and the entries are still kept in memory")
    func toldOnce() throws {
        let told = Told()
        let journal = try ServeJournal(file: "/dev/full", problems: told.add)
        for n in 0..<5 { journal.add(ServeJournalBoundsTests.entry(n)) }
        #expect(journal.count == 5)
        #expect(journal.all.map(\.path) == ["/0", "/1", "/2", "/3", "/4"])
        #expect(told.all.count == 1)
        #expect(told.all.first?.hasPrefix("cannot write the journal file /dev/full: No space left on device") == true)
    }
}
