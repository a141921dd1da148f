import Foundation
import Strata

extension QueryBenchmark {
    /// The patterns that make a backtracking engine take exponential time (issue 35), and jq running them too.
    static let backtrackingPairs: [(query: String, jq: String)] = [
        ("$[?search(@, '(a*)*b')]", #"[.[] | select(test("(a*)*b"))] | length"#),
        ("$[?match(@, '(a|a)*b')]", #"[.[] | select(test("^(a|a)*b$"))] | length"#),
        ("$[?search(@, '(a+)+$')]", #"[.[] | select(test("(a+)+$"))] | length"#),
        ("$[?match(@, '(a|aa)+')]", #"[.[] | select(test("^(a|aa)+$"))] | length"#),
        ("$[?search(@, '(x+x+)+y')]", #"[.[] | select(test("(x+x+)+y"))] | length"#),
        // Near the size limit: 8 000 states, thousands of them live at every scalar, the matcher's worst case
        // (Oniguruma answers at once: it sees that no string holds the `b` every match needs).
        ("$[?search(@, '(a{0,1000}){4}b')]", #"[.[] | select(test("(a{0,1000}){4}b"))] | length"#),
    ]

    /// Times the backtracking patterns over 100 strings of 5 001 `a`s and 100 of 5 001 `a`s and a `!` (issue 35's
    /// length), against jq's Oniguruma on the same file, which reports its own retry limit as an error.
    static func backtracking(jq: String?, runs: Int) throws {
        let long = String(repeating: "a", count: 5_001)
        let strings = Array(repeating: "\"\(long)\"", count: 100) + Array(repeating: "\"\(long)!\"", count: 100)
        let bytes = Array(("[" + strings.joined(separator: ",") + "]").utf8)
        let path = NSTemporaryDirectory() + "strata-bench-backtracking-\(getpid()).json"
        try BenchFiles.writeFile(path, bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tree = try JSONParser().parse(bytes)
        var table = BenchTable(["query", "matches", "Strata query", "jq test()"], rightAligned: [1, 2])
        for pair in backtrackingPairs {
            let query = try JSONPathQuery(pair.query)
            var timing = BenchTiming()
            var matches = 0
            for _ in 1...runs { timing.record { matches = query.select(in: tree).count } }
            var peer = "–"
            if let jq {
                var jqTiming = BenchTiming()
                var outcome: Result<String, BenchError> = .success("")
                jqTiming.record { outcome = BenchJQ.attempt(jq, filter: pair.jq, file: path) }
                switch outcome {
                case .success(let count) where count == String(matches):
                    peer = seconds(jqTiming.best) + String(format: " (%.2g×)", jqTiming.best / timing.best)
                case .success(let count): throw BenchError("\(pair.query): Strata selected \(matches), jq \(count)")
                case .failure(let error): peer = "\(error.description) after \(seconds(jqTiming.best))"
                }
            }
            table.add([
                "`" + pair.query.replacingOccurrences(of: "|", with: "\\|") + "`", "\(matches)",
                seconds(timing.best), peer,
            ])
        }
        print("## Patterns that backtrack, over 200 strings of 5 001 characters\n")
        print(
            "100 strings of `a`s and 100 ending in `!`; \(bytes.count) bytes; Strata best of \(runs) runs, jq one run")
        print("(its process start and parse included).\n")
        print(table.markdown)
    }
}

extension BenchJQ {
    /// Runs `jq -c FILTER FILE`: its output, trimmed, or its first line of standard error when it fails.
    static func attempt(_ jq: String, filter: String, file: String) -> Result<String, BenchError> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: jq)
        process.arguments = ["-c", filter, file]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        do { try process.run() } catch { return .failure(BenchError("jq did not start: \(error)")) }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let problem = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            // "jq: error (at FILE:0): Regex failure: …": the part after the place.
            let line = String(decoding: problem, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
            let message = line.range(of: "): ").map { String(line[$0.upperBound...]) } ?? line
            return .failure(BenchError("exit \(process.terminationStatus), \(message)"))
        }
        return .success(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
