import Foundation
import Strata
import Testing

/// Reading dates: patterns, named formats, DXDAL's styles, time zones, and what goes wrong.
@Suite struct MappingDateTests {
    /// Maps `{"d": value}` with a date property in `format` (and the class's `timeZone`).
    static func read(_ value: String, format: DateFormat?, timeZone: TimeZone? = nil) -> (
        MappedValue.Content?, [MappingIssue]
    ) {
        let set = MappingSet([
            ClassMapping(name: "D", properties: [PropertyMapping("d", .date, format: format)], timeZone: timeZone)
        ])
        let r = Mapper(mappings: set).map(MappingFixture.tree(#"{"d": \#(value)}"#), with: RouteMapping(className: "D"))
        return (r.value(at: "d")?.content, Array(r.issues))
    }

    static func utc(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ min: Int = 0, _ s: Int = 0) -> MappedValue.Content {
        .date(MappingFixture.date(y, m, d, h, min, s))
    }

    @Test(
        "patterns read by the hand parser",
        arguments: [
            ("yyyyMMdd", #""20100223""#, utc(2010, 2, 23)),
            ("M/d/yyyy", #""7/4/2011""#, utc(2011, 7, 4)),
            ("M/d/yyyy", #""07/04/2011""#, utc(2011, 7, 4)),
            ("dd.MM.yyyy HH:mm", #""31.12.1999 23:59""#, utc(1999, 12, 31, 23, 59)),
            ("MMM d, yyyy", #""Jul 4, 2011""#, utc(2011, 7, 4)),
            ("MMMM d, yyyy", #""february 29, 2012""#, utc(2012, 2, 29)),
            ("EEE, dd MMM yyyy HH:mm:ss Z", #""Mon, 04 Jul 2011 10:30:00 +0200""#, utc(2011, 7, 4, 8, 30)),
            ("yyyy-MM-dd'T'HH:mm:ssXXX", #""2011-07-04T10:30:00-05:00""#, utc(2011, 7, 4, 15, 30)),
            ("M/d/yyyy h:mm a", #""7/4/2011 12:15 AM""#, utc(2011, 7, 4, 0, 15)),
            ("M/d/yyyy h:mm a", #""7/4/2011 1:05 pm""#, utc(2011, 7, 4, 13, 5)),
            ("yyyyMMddHHmmss", "20100223134501", utc(2010, 2, 23, 13, 45, 1)),
        ] as [(String, String, MappedValue.Content)])
    func handParsedPatterns(pattern: String, value: String, expected: MappedValue.Content) {
        let (content, issues) = Self.read(value, format: .pattern(pattern))
        #expect(content == expected)
        #expect(issues.allSatisfy { $0.kind == .coerced })
    }

    @Test("a long year field that reads a year past 9999 is a bad date, not a crash")
    func yearOutOfRange() {
        // `yyyyyyyyyyyyMM` read a 12-digit year, and the day arithmetic overflowed (found by review).
        for (value, pattern) in [
            ("99999999999901", "yyyyyyyyyyyyMM"), ("99999999999999999901", "yyyyyyyyyyyyyyyyyyMM"),
            ("1000001", "yyyyyMM"),
        ] {
            let (content, issues) = Self.read(JSONString.quote(value), format: .pattern(pattern))
            #expect(content == .invalid, "\(pattern)")
            #expect(issues.map(\.kind) == [.badDate], "\(pattern)")
            #expect(issues.first?.message.contains("outside the years -9999 to 9999") == true, "\(pattern)")
        }
        #expect(Self.read(#""0999912""#, format: .pattern("yyyyyMM")).0 == Self.utc(9999, 12, 1))
    }

    @Test("fractions of a second are kept")
    func fractions() {
        let (content, _) = Self.read(#""2011-07-04 10:30:00.250""#, format: .pattern("yyyy-MM-dd HH:mm:ss.SSS"))
        #expect(content == .date(MappingFixture.date(2011, 7, 4, 10, 30).addingTimeInterval(0.25)))
    }

    @Test("the hand parser agrees with DateFormatter (POSIX locale, UTC) on the patterns it handles")
    func handParserAgreesWithDateFormatter() throws {
        let cases = [
            ("yyyyMMdd", "19991231"), ("M/d/yyyy", "2/29/2000"), ("d.M.yyyy H:mm:ss", "1.1.1970 0:00:07"),
            ("MMM d, yyyy h:mm a", "Dec 25, 2012 11:59 PM"), ("yyyy-MM-dd'T'HH:mm:ssZ", "2020-03-01T12:00:00+0130"),
            ("EEEE, MMMM d, yyyy", "Sunday, March 1, 2020"), ("dd/MM/yyyy HH:mm:ss.SSS", "05/11/2021 08:09:10.123"),
        ]
        for (pattern, text) in cases {
            let f = DateFormatter()
            f.locale = Locale(identifier: "en_US_POSIX")
            f.timeZone = TimeZone(identifier: "UTC")
            f.dateFormat = pattern
            let expected = try #require(f.date(from: text), "DateFormatter cannot read \(text) as \(pattern)")
            let (content, _) = Self.read(JSONString.quote(text), format: .pattern(pattern))
            guard case .date(let d)? = content else {
                Issue.record("\(pattern) did not read \(text): \(String(describing: content))")
                continue
            }
            #expect(abs(d.timeIntervalSince(expected)) < 0.001, "\(pattern) \(text)")
        }
    }

    @Test("patterns the hand parser does not know go to DateFormatter")
    func dateFormatterFallback() {
        let (content, issues) = Self.read(#""04/07/11""#, format: .pattern("dd/MM/yy"))
        #expect(content == Self.utc(2011, 7, 4))
        #expect(issues.isEmpty)
        let (bad, badIssues) = Self.read(#""4th of July""#, format: .pattern("dd/MM/yy"))
        #expect(bad == .invalid)
        #expect(badIssues.map(\.kind) == [.badDate])
    }

    @Test(
        "iso8601 reads dates, date-times, fractions and offsets",
        arguments: [
            (#""2011-07-04""#, utc(2011, 7, 4)),
            (#""2011-07-04T10:30:00Z""#, utc(2011, 7, 4, 10, 30)),
            (#""2011-07-04T10:30Z""#, utc(2011, 7, 4, 10, 30)),
            (#""2011-07-04 10:30:00""#, utc(2011, 7, 4, 10, 30)),
            (#""2011-07-04T10:30:00+02:00""#, utc(2011, 7, 4, 8, 30)),
            (#""2011-07-04T10:30:00-0130""#, utc(2011, 7, 4, 12, 0)),
        ] as [(String, MappedValue.Content)])
    func iso8601(value: String, expected: MappedValue.Content) {
        #expect(Self.read(value, format: .iso8601).0 == expected)
    }

    @Test("rfc3339 requires a full date-time with a zone")
    func rfc3339() {
        #expect(
            Self.read(#""2011-07-04T10:30:00.5Z""#, format: .rfc3339).0
                == .date(MappingFixture.date(2011, 7, 4, 10, 30).addingTimeInterval(0.5)))
        #expect(Self.read(#""2011-07-04""#, format: .rfc3339).1.map(\.kind) == [.badDate])
        #expect(Self.read(#""2011-07-04T10:30:00""#, format: .rfc3339).1.map(\.kind) == [.badDate])
    }

    @Test("unix and unixms read numbers, and digit strings with a coercion note")
    func unixTimes() {
        #expect(Self.read("1309775400", format: .unix) == (Self.utc(2011, 7, 4, 10, 30), []))
        #expect(
            Self.read("1309775400500", format: .unixMilliseconds).0
                == .date(MappingFixture.date(2011, 7, 4, 10, 30).addingTimeInterval(0.5)))
        let (content, issues) = Self.read(#""1309775400""#, format: .unix)
        #expect(content == Self.utc(2011, 7, 4, 10, 30))
        #expect(issues.map(\.kind) == [.coerced])
    }

    @Test("without a format, strings are ISO 8601 and numbers are Unix seconds (noted)")
    func noFormat() {
        #expect(Self.read(#""2011-07-04T10:30:00Z""#, format: nil) == (Self.utc(2011, 7, 4, 10, 30), []))
        let (content, issues) = Self.read("1309775400", format: nil)
        #expect(content == Self.utc(2011, 7, 4, 10, 30))
        #expect(issues.map(\.kind) == [.coerced])
        let (_, bad) = Self.read(#""7/4/2011""#, format: nil)
        #expect(bad.map(\.kind) == [.badDate])
        #expect(bad.first?.message.contains("no date format is set") == true)
    }

    @Test("Unix times beyond the years -9999...9999 are badDate issues, not crashes")
    func hugeUnixTimes() {
        #expect(Self.read("1e300", format: .unix).1.map(\.kind) == [.badDate])
        #expect(Self.read("-1e300", format: nil).1.map(\.kind) == [.badDate])
        #expect(Self.read(#""99999999999999999""#, format: .unixMilliseconds).1.map(\.kind) == [.badDate])
        #expect(Self.read(#""99999999999999""#, format: .unixMilliseconds).1.map(\.kind) == [.coerced])
        #expect(Self.read("253402300799", format: .unix).0 == Self.utc(9999, 12, 31, 23, 59, 59))
    }

    @Test("DXDAL's dateStyle and timeStyle read locale styles with the POSIX locale")
    func styles() {
        #expect(Self.read(#""Jul 4, 2011""#, format: .styles(date: .medium, time: .none)).0 == Self.utc(2011, 7, 4))
        #expect(
            Self.read(#""7/4/11, 10:30 AM""#, format: .styles(date: .short, time: .short)).0
                == Self.utc(2011, 7, 4, 10, 30))
    }

    @Test("dates without an offset are read in the class's time zone")
    func timeZones() {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        #expect(
            Self.read(#""2011-07-04 10:00""#, format: .pattern("yyyy-MM-dd HH:mm"), timeZone: berlin).0
                == Self.utc(2011, 7, 4, 8))
        #expect(
            Self.read(#""2011-01-04 10:00""#, format: .pattern("yyyy-MM-dd HH:mm"), timeZone: berlin).0
                == Self.utc(2011, 1, 4, 9))
        // An explicit offset in the data wins over the class's zone.
        #expect(Self.read(#""2011-07-04T10:00:00Z""#, format: .iso8601, timeZone: berlin).0 == Self.utc(2011, 7, 4, 10))
        let (content, _) = Self.read(
            #""2011-07-04 10:00""#, format: .pattern("yyyy-MM-dd HH:mm"), timeZone: TimeZone(secondsFromGMT: 19800))
        #expect(content == Self.utc(2011, 7, 4, 4, 30))
    }

    @Test(
        "impossible dates are badDate issues that say what is wrong",
        arguments: [
            (#""2/29/2011""#, "day 29 does not exist in February 2011"),
            (#""13/1/2011""#, "month 13 does not exist"),
            (#""4/31/2011""#, "day 31 does not exist in April 2011"),
        ])
    func impossibleDates(value: String, reason: String) {
        let (content, issues) = Self.read(value, format: .pattern("M/d/yyyy"))
        #expect(content == .invalid)
        #expect(issues.map(\.kind) == [.badDate])
        #expect(issues.first?.message.hasSuffix(reason) == true)
    }

    @Test("dates render as ISO 8601 in UTC, with milliseconds when there are any")
    func rendering() {
        let set = MappingSet([
            ClassMapping(name: "D", properties: [PropertyMapping("d", .date), PropertyMapping("e", .date)])
        ])
        let r = Mapper(mappings: set).map(
            MappingFixture.tree(#"{"d": "1969-12-31T23:59:59.5Z", "e": "2400-02-29"}"#),
            with: RouteMapping(className: "D"))
        #expect(r.jsonText() == #"{"$class":"D","d":"1969-12-31T23:59:59.500Z","e":"2400-02-29T00:00:00Z"}"#)
    }
}
