import Foundation
import Strata

/// The triage benchmark: grouping the issues of N objects that each carry one unmapped field (N issues, one
/// group), at N and 10 N, to show grouping is linear (the time ratio stays near 10, far from 100).
///
/// `swift run -c release strata-bench triage [--count N] [--runs R]`
enum TriageBenchmark {
    static func run(_ args: [String]) throws {
        let options = BenchArguments(args)
        let count = options.int("--count", default: 200_000)
        let runs = options.int("--runs", default: 5, minimum: 1)
        let small = try mapped(count / 10)
        let large = try mapped(count)
        func time(_ result: MappingResult) throws -> BenchTiming {
            var groups = 0
            let timing = BenchTiming.measure(runs: runs) { () -> Int in
                let g = result.issueGroups()
                groups = g.count
                return g.count
            }
            guard groups == 1 else { throw BenchError("expected one group, got \(groups)") }
            return timing
        }
        let t1 = try time(small)
        let t2 = try time(large)
        func ms(_ t: Double) -> String { String(format: "%.1f ms", t * 1000) }
        print("## triage: group the issues of N objects with one unmapped field each (one group), best of \(runs)")
        print("")
        print("| Objects | Issues | Groups | Time |")
        print("|---:|---:|---:|---:|")
        print("| \(count / 10) | \(small.issues.count) | 1 | \(ms(t1.best)) |")
        print("| \(count) | \(large.issues.count) | 1 | \(ms(t2.best)) |")
        print("")
        print(String(format: "10× the issues took %.1f× the time (linear: about 10×).", t2.best / t1.best))
    }

    /// `n` objects `{"id": k, "extra": true}` mapped to a class without `extra`.
    static func mapped(_ n: Int) throws -> MappingResult {
        var text = "["
        text.reserveCapacity(n * 24)
        for k in 0..<n { text += (k == 0 ? "" : ",") + "{\"id\":\(k),\"extra\":true}" }
        text += "]"
        let tree = try JSONParser().parse(Array(text.utf8))
        let config = try JSONParser().parse(Array(#"{"Item": {"properties": {"id": "int"}}}"#.utf8))
        let (mappings, problems) = MappingSet.load(from: config, at: Tree.root, file: "bench")
        guard problems.isEmpty else { throw BenchError("bench mapping: \(problems)") }
        let result = Mapper(mappings: mappings).map(tree, with: RouteMapping(className: "Item", keyPath: nil))
        guard result.issues.count == n else { throw BenchError("expected \(n) issues, got \(result.issues.count)") }
        return result
    }
}
