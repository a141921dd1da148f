import Foundation
import Strata
import Testing

/// The yaml-test-suite from `../shared/conformance/yaml` (not in a user's clone: these tests skip there).
///
/// Every case with `in.json` must give that JSON (its documents, one after another), every `error` case must be
/// rejected with a positioned error, the rest must parse. Cases libyaml is known to get wrong are listed, with
/// the reason, in `YAMLKnownFailures.swift`; such a case that starts passing fails the test too, so the
/// list stays true.
@Suite struct YAMLConformanceTests {
    static let directory: URL? = {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/conformance/yaml")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }()

    /// Each case's id (`2G84/01` for a sub-case) and folder.
    static var cases: [(id: String, url: URL)] {
        guard let dir = directory else { return [] }
        let fm = FileManager.default
        var out: [(String, URL)] = []
        let ids = ((try? fm.contentsOfDirectory(atPath: dir.path)) ?? []).filter {
            $0.count == 4 && $0.allSatisfy { $0.isUppercase || $0.isNumber }
        }.sorted()
        for id in ids {
            let url = dir.appendingPathComponent(id)
            if fm.fileExists(atPath: url.appendingPathComponent("in.yaml").path) {
                out.append((id, url))
            } else {
                for sub in ((try? fm.contentsOfDirectory(atPath: url.path)) ?? []).sorted() {
                    out.append(("\(id)/\(sub)", url.appendingPathComponent(sub)))
                }
            }
        }
        return out
    }

    /// What went wrong with one case, or nil when it passes.
    static func failure(_ url: URL) -> String? {
        let fm = FileManager.default
        guard let input = fm.contents(atPath: url.appendingPathComponent("in.yaml").path) else { return "no in.yaml" }
        let result = Result { () throws(ParseError) in try YAMLFormat().stream([UInt8](input)) }
        if fm.fileExists(atPath: url.appendingPathComponent("error").path) {
            guard case .success(let stream) = result else { return nil }
            return "accepted invalid YAML as \(stream.tree.canonicalJSON())"
        }
        let stream: YAMLStream
        switch result {
        case .failure(let error): return "rejected: \(error)"
        case .success(let s): stream = s
        }
        guard let expectedData = fm.contents(atPath: url.appendingPathComponent("in.json").path) else { return nil }
        let got = "[" + stream.documents.map { stream.tree.canonicalJSON($0) }.joined(separator: ",") + "]"
        let expected =
            "[" + JSONValues.split(String(decoding: expectedData, as: UTF8.self)).joined(separator: ",") + "]"
        guard let a = JSONValues.object(got), let b = JSONValues.object(expected) else {
            return "unreadable JSON: \(got) vs \(expected)"
        }
        return a.isEqual(b) ? nil : "gave \(got), expected \(expected)"
    }

    @Test(
        "the yaml-test-suite passes but for the known failures",
        .enabled(if: directory != nil, "../shared/conformance is not beside this clone"))
    func suite() {
        let cases = Self.cases
        #expect(cases.count == 402)
        var passed = 0
        for (id, url) in cases {
            let failure = Self.failure(url)
            if failure == nil { passed += 1 }
            switch (failure, YAMLKnownFailures.cases[id]) {
            case (let f?, nil): Issue.record("\(id): \(f)")
            case (nil, _?): Issue.record("\(id) passes now: remove it from YAMLKnownFailures")
            default: break
            }
        }
        #expect(passed == cases.count - YAMLKnownFailures.cases.count, "passed \(passed) / \(cases.count)")
    }
}

/// Reading the suite's `in.json`: several JSON values one after another.
enum JSONValues {
    /// The top-level values of `text`, each as its text.
    static func split(_ text: String) -> [String] {
        let b = Array(text.utf8)
        var values: [String] = []
        var i = 0
        while i < b.count {
            if b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 {
                i += 1
                continue
            }
            let start = i
            var depth = 0
            var inString = false
            scan: while i < b.count {
                let c = b[i]
                i += 1
                if inString {
                    if c == UInt8(ascii: "\\") {
                        i += 1
                    } else if c == UInt8(ascii: "\"") {
                        inString = false
                        if depth == 0 { break scan }
                    }
                    continue
                }
                switch c {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                    if depth == 0 { break scan }
                case 0x20, 0x0A, 0x0D, 0x09:
                    if depth == 0 {
                        i -= 1
                        break scan
                    }
                default: break
                }
            }
            values.append(String(decoding: b[start..<i], as: UTF8.self))
        }
        return values
    }

    /// `text` read by Foundation, for comparing values whatever their layout.
    static func object(_ text: String) -> NSObject? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) as? NSObject
    }
}
