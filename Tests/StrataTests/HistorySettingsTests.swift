import Strata
import StrataTestSupport
import Testing

/// The `history` block of session.json: its bounds, and mistakes reported with file:line:col.
@Suite struct HistorySettingsTests {
    static func session(_ history: String) -> String {
        ShopSession.sessionJSON().replacingOccurrences(
            of: #""timeout": 30,"#, with: #""timeout": 30, "history": \#(history),"#)
    }

    @Test("without a history block the session keeps 200 entries and 500 MB")
    func defaults() throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        #expect(try Session.load(from: dir.path).history == HistorySettings(maxEntries: 200, maxBytes: 500_000_000))
    }

    @Test("maxEntries and maxMegabytes set the bounds")
    func bounds() throws {
        let dir = try ScratchDirectory(["session.json": Self.session(#"{ "maxEntries": 20, "maxMegabytes": 1.5 }"#)])
        defer { dir.remove() }
        #expect(try Session.load(from: dir.path).history == HistorySettings(maxEntries: 20, maxBytes: 1_500_000))
    }

    @Test("an unknown key, a negative count and a zero size are errors at their place, with a did-you-mean")
    func mistakes() throws {
        let dir = try ScratchDirectory([
            "session.json": Self.session(#"{ "maxEntry": 5, "maxMegabytes": 0 }"#)
        ])
        defer { dir.remove() }
        let (_, problems) = Session.loadReportingProblems(from: dir.path)
        let messages = problems.map(\.description)
        #expect(
            messages.contains { $0.contains("session.json:4:") && $0.contains("maxEntry") && $0.contains("maxEntries") }
        )
        #expect(messages.contains { $0.contains("'history.maxMegabytes' must be more than 0") })
        let negative = try ScratchDirectory(["session.json": Self.session(#"{ "maxEntries": -1 }"#)])
        defer { negative.remove() }
        let (_, more) = Session.loadReportingProblems(from: negative.path)
        #expect(more.map(\.description).contains { $0.contains("'history.maxEntries' must be 0–100000") })
    }
}
