import Foundation
import Strata
import Testing

/// The JSONPath Compliance Test Suite from `../shared/conformance/jsonpath` (skipped when it is absent).
@Suite struct JSONPathConformanceTests {
    static let file: URL? = {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/conformance/jsonpath/cts.json")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }()

    /// One case of the suite: its selector and, for valid ones, the document and the allowed results.
    struct Case {
        var name: String
        var selector: String
        var invalid: Bool
        var document: String?
        var results: [(values: [String], paths: [String])]
    }

    static func cases() throws -> [Case] {
        let suite = try JSONParser().parse([UInt8](try Data(contentsOf: file!)))
        guard let tests = suite.node(at: "$.tests") else { return [] }
        return suite.children(tests).map { t in
            func member(_ k: String) -> Int? { suite.children(t).first { suite.key($0) == k } }
            func list(_ n: Int?) -> [String] { n.map { suite.children($0).map { suite.canonicalJSON($0) } } ?? [] }
            func strings(_ n: Int?) -> [String] { n.map { suite.children($0).map { suite.string($0) ?? "" } } ?? [] }
            var results: [(values: [String], paths: [String])] = []
            if let r = member("result") { results.append((list(r), strings(member("result_paths")))) }
            if let rs = member("results") {
                let paths = member("results_paths").map { Array(suite.children($0)) } ?? []
                for (k, r) in suite.children(rs).enumerated() {
                    results.append((list(r), strings(k < paths.count ? paths[k] : nil)))
                }
            }
            return Case(
                name: member("name").flatMap { suite.string($0) } ?? "?",
                selector: member("selector").flatMap { suite.string($0) } ?? "",
                invalid: member("invalid_selector").flatMap { suite.bool($0) } ?? false,
                document: member("document").map { suite.canonicalJSON($0) },
                results: results)
        }
    }

    /// JSON texts compared as values (object member order ignored, `1.0` equal to `1`).
    static func same(_ a: [String], _ b: [String]) -> Bool {
        guard a.count == b.count else { return false }
        return zip(a, b).allSatisfy { x, y in
            let ox = try? JSONSerialization.jsonObject(with: Data(x.utf8), options: .fragmentsAllowed)
            let oy = try? JSONSerialization.jsonObject(with: Data(y.utf8), options: .fragmentsAllowed)
            return (ox as? NSObject) == (oy as? NSObject) && ox != nil
        }
    }

    @Test("every case of the compliance suite passes", .enabled(if: file != nil, "../shared/conformance is absent"))
    func suitePasses() throws {
        let cases = try Self.cases()
        #expect(cases.count >= 703)
        var failures: [String] = []
        for c in cases {
            let query: JSONPathQuery
            do {
                query = try JSONPathQuery(c.selector)
            } catch {
                if !c.invalid { failures.append("\(c.name): \(c.selector) rejected: \(error)") }
                continue
            }
            if c.invalid {
                failures.append("\(c.name): \(c.selector) accepted")
                continue
            }
            let tree = try JSONParser().parse(Array((c.document ?? "null").utf8))
            let nodes = query.select(in: tree)
            let values = nodes.map { tree.canonicalJSON($0) }
            let paths = tree.normalizedPaths(nodes)
            let ok = c.results.contains { Self.same(values, $0.values) && (paths == $0.paths || $0.paths.isEmpty) }
            if !ok { failures.append("\(c.name): \(c.selector) gave \(values) at \(paths)") }
        }
        #expect(
            failures.isEmpty,
            Comment(rawValue: "\(failures.count) failures:\n" + failures.prefix(80).joined(separator: "\n")))
    }
}
