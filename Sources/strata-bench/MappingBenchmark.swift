import Foundation
import Strata

/// The mapping benchmark: parse + map N objects (strings, numbers, a date, a nested object) with Strata, against
/// JSONDecoder decoding the same bytes into equivalent Codable structs, measured in the same run.
///
/// The best of R warm runs in this process, all sides in turn, then the best of up to three runs of each in a fresh
/// process (a user's first run), the two sides in turn.
///
/// `swift run -c release strata-bench mapping [--count N] [--runs R] [--strata-only]`
enum MappingBenchmark {
    static func run(_ args: [String]) throws {
        if let i = args.firstIndex(of: MappingBenchFresh.childFlag) {
            return try MappingBenchFresh.runChild(Array(args[(i + 1)...]))
        }
        let options = BenchArguments(args)
        let count = options.int("--count", default: 100_000)
        let runs = options.int("--runs", default: 5, minimum: 1)
        let strataOnly = options.flag("--strata-only")
        let bytes = MappingBenchData.document(count: count)
        let mapper = Mapper(mappings: MappingBenchData.mappings)
        let route = RouteMapping(className: "User", keyPath: "users")

        // Check both sides agree before timing anything.
        let check = try JSONParser().parse(bytes)
        let mapped = mapper.map(check, with: route)
        guard mapped.children(of: 0).count == count, !mapped.hasErrors else {
            throw MappingBenchError("Strata did not map every object: \(mapped.issues.prefix(3))")
        }
        if !strataOnly {
            let decoded = try MappingBenchData.decoder().decode(MappingBenchData.Root.self, from: Data(bytes))
            guard decoded.users.count == count else { throw MappingBenchError("JSONDecoder lost objects") }
            try MappingBenchData.compare(mapped, decoded)
        }

        let mapStrata = {
            let tree = try! JSONParser().parse(bytes)
            let result = mapper.map(tree, with: route)
            precondition(result.values.count > count)
        }
        if strataOnly {
            print(String(format: "strata: %.1f ms", best(of: runs, mapStrata) * 1000))
            return
        }
        let parse = {
            let tree = try! JSONParser().parse(bytes)
            precondition(tree.count > count)
        }
        let data = Data(bytes)
        let decoder = MappingBenchData.decoder()
        let decode = {
            let root = try! decoder.decode(MappingBenchData.Root.self, from: data)
            precondition(root.users.count == count)
        }
        let formatted = MappingBenchData.decoder(formatter: true)
        let decodeFormatted = {
            let root = try! formatted.decode(MappingBenchData.Root.self, from: data)
            precondition(root.users.count == count)
        }
        // Round robin, so a noisy spell on the machine falls on every side alike.
        let bests = roundRobin(runs, [mapStrata, parse, decode, decodeFormatted])
        let (strata, parseOnly, codable, codableFormatter) = (bests[0], bests[1], bests[2], bests[3])
        func ms(_ t: Double) -> String { String(format: "%.1f ms", t * 1000) }
        func ratio(_ t: Double) -> String { String(format: "%.2f×", t / strata) }
        let mb = Double(bytes.count) / 1_000_000
        print("## mapping: parse + map \(count) objects (\(String(format: "%.1f", mb)) MB), best of \(runs)")
        print("")
        print("| Task | Time | Strata is faster by |")
        print("|---|---:|---:|")
        print("| Strata: JSONParser + Mapper (tree, typed values, issues, source links) | \(ms(strata)) | — |")
        print("| (of which JSONParser alone) | \(ms(parseOnly)) | |")
        print(
            "| JSONDecoder into Codable structs, dateDecodingStrategy .iso8601 | \(ms(codable)) | \(ratio(codable)) |")
        print(
            "| JSONDecoder into Codable structs, dateDecodingStrategy .formatted(DateFormatter) | \(ms(codableFormatter)) | \(ratio(codableFormatter)) |"
        )
        // The same in a fresh process each, as a user's first run (no warm heap for either side): the two in turn,
        // the best of three each.
        var freshStrata = try MappingBenchFresh.measure("strata", bytes)
        var freshDecoder = try MappingBenchFresh.measure("decoder", bytes)
        for _ in 1..<min(runs, 3) {
            let s = try MappingBenchFresh.measure("strata", bytes)
            if s.run < freshStrata.run { freshStrata = s }
            let d = try MappingBenchFresh.measure("decoder", bytes)
            if d.run < freshDecoder.run { freshDecoder = d }
        }
        func fresh(_ r: MappingBenchFresh.Report) -> String {
            String(
                format: "%.1f ms (process %.1f ms, peak RSS %.1f MB)", r.run * 1000, r.process * 1000,
                Double(r.peak) / 1e6)
        }
        print("| Fresh process, one run, best of \(min(runs, 3)): Strata | \(fresh(freshStrata)) | — |")
        print(
            "| Fresh process, one run, best of \(min(runs, 3)): JSONDecoder (.iso8601) | \(fresh(freshDecoder)) | "
                + String(format: "%.2f×", freshDecoder.run / freshStrata.run) + " |")
        print("")
        print("Goal: Strata ≥ 10× faster than JSONDecoder (.iso8601): \(codable / strata >= 10 ? "met" : "NOT met").")
    }

    /// The fastest of `runs` timings of each of `bodies`, timed in turn (each once, then each again), in seconds.
    static func roundRobin(_ runs: Int, _ bodies: [() -> Void]) -> [Double] {
        var bests = [Double](repeating: .infinity, count: bodies.count)
        for _ in 0..<runs {
            for (i, body) in bodies.enumerated() { bests[i] = min(bests[i], best(of: 1, body)) }
        }
        return bests
    }

    /// The fastest of `runs` timings of `body`, in seconds.
    static func best(of runs: Int, _ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            let t = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            best = min(best, t)
        }
        return best
    }
}

/// A benchmark failure with a message.
struct MappingBenchError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}
