import Foundation
import Strata
import Testing

/// JSONTestSuite from `../shared/conformance` (not in a user's clone: these tests skip there).
@Suite struct JSONConformanceTests {
    static let directory: URL? = {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/conformance/json/test_parsing")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }()

    static func files(_ prefix: String) -> [String] {
        guard let dir = directory,
            let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path)
        else { return [] }
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory!.appendingPathComponent(name)))
    }

    @Test(
        "every y_ document is accepted",
        .enabled(if: directory != nil, "../shared/conformance is not beside this clone"))
    func acceptsValid() throws {
        let names = Self.files("y_")
        #expect(names.count >= 95)
        for name in names {
            let b = try Self.bytes(name)
            do { _ = try JSONParser().parse(b) } catch { Issue.record("\(name) rejected: \(error)") }
        }
    }

    @Test(
        "every n_ document is rejected with a positioned error",
        .enabled(if: directory != nil, "../shared/conformance is not beside this clone"))
    func rejectsInvalid() throws {
        let names = Self.files("n_")
        #expect(names.count >= 188)
        for name in names {
            let b = try Self.bytes(name)
            do {
                let t = try JSONParser().parse(b)
                Issue.record("\(name) accepted: \(t.canonicalJSON())")
            } catch {
                #expect(error.line >= 1 && error.column >= 1, "\(name)")
            }
        }
    }

    @Test(
        "every i_ document is handled without a crash",
        .enabled(if: directory != nil, "../shared/conformance is not beside this clone"))
    func survivesImplementationDefined() throws {
        for name in Self.files("i_") {
            let b = try Self.bytes(name)
            if let t = try? JSONParser().parse(b) { _ = t.canonicalJSON() }
        }
    }
}
