import Foundation
import Strata
import Testing

/// DXDAL's medium date + short time styles: every form Foundation writes for them in en_US_POSIX.
@Suite struct MappingDateStyleTests {
    @Test(
        "dateStyle medium with timeStyle short reads the comma, the 'at' and the narrow-space forms",
        arguments: [
            "Jul 1, 2024, 6:00 PM", "Jul 1, 2024 at 6:00 PM", "Jul 1, 2024, 6:00\u{202F}PM",
            "Jul 1, 2024 at 6:00\u{202F}PM", "Jul 1, 2024, 6:00\u{00A0}PM",
        ])
    func mediumShort(text: String) {
        let (content, issues) = MappingDateTests.read(
            JSONString.quote(text), format: .styles(date: .medium, time: .short))
        #expect(content == MappingDateTests.utc(2024, 7, 1, 18))
        #expect(issues.isEmpty)
    }

    @Test("what Foundation's own formatter writes for those styles reads back")
    func foundationOutputReadsBack() {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")!
        f.dateStyle = .medium
        f.timeStyle = .short
        let text = f.string(from: MappingFixture.date(2024, 7, 1, 18))
        #expect(
            MappingDateTests.read(JSONString.quote(text), format: .styles(date: .medium, time: .short)).0
                == MappingDateTests.utc(2024, 7, 1, 18))
    }
}
