import Foundation
import Strata
import Testing

/// `JSONParser.validate(mapped:)`, which `strata parse --quiet` uses: a mapped file, pages released behind the
/// parse, the same verdicts and messages as `parse`.
@Suite struct JSONValidateTests {
    /// Maps `text` from a scratch file and validates it.
    func validate(_ text: String) throws -> ParseError? {
        let path = FileManager.default.temporaryDirectory.path + "/strata-validate-\(UUID().uuidString).json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let mapping = try #require(try FileBytes.map(path))
        return mapping.withBytes { JSONParser().validate(mapped: $0) }
    }

    /// What `parse` says about `text`: nil when it parses.
    func parseError(_ text: String) -> ParseError? {
        do {
            _ = try JSONParser().parse(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test("small documents: valid, invalid and empty agree with parse")
    func small() throws {
        for text in ["[1]", "{\"a\":[1,2,{}]}", "[1,]", "{\"a\" 1}", "", "  ", "[1] x", "\"\\u12\""] {
            let v = try validate(text)
            let p = parseError(text)
            #expect(v?.description == p?.description, "\(text)")
        }
    }

    @Test("a document far larger than the release step: errors near the end and late duplicate checks still right")
    func large() throws {
        var records = (0..<300_000).map { #"{"id":\#($0),"user":"user\#($0)","email":"u\#($0)@example.com"}"# }
        let valid = "[" + records.joined(separator: ",") + "]"
        #expect(valid.utf8.count > 3 * (4 << 20))
        #expect(try validate(valid) == nil)
        records[299_990] = #"{"id":1,"id":tru}"#
        let invalid = "[" + records.joined(separator: ",") + "]"
        let v = try #require(try validate(invalid))
        #expect(v.description == parseError(invalid)?.description)
        // One big object whose first and last keys repeat: the duplicate check at its close reads released pages.
        let keys = (0..<200_000).map { #""k\#($0)":"\#(String(repeating: "x", count: 40))""# }
        let object = "{" + keys.joined(separator: ",") + #","k0":1}"#
        #expect(try validate(object) == nil, "a duplicate key is flagged, not an error")
    }
}
