import Foundation
import Strata

/// `strata-bench json`: Strata's JSON parser against JSONSerialization, JSONDecoder and jq on one document.
///
/// Generates a realistic API document (or reads `--input FILE`), times every parser on the same bytes in the
/// same run (best and median of `--runs`), measures peak RSS of each parse in a fresh child process, and prints
/// markdown tables plus a verdict for each goal.
enum JSONBenchmark {
    static let usage = """
        usage: strata-bench json [--size MB] [--runs N] [--input FILE] [--only LIST]
          --size MB      size of the generated document in megabytes (default 100)
          --runs N       timed runs per parser; best and median are reported (default 3)
          --input FILE   benchmark an existing JSON file instead (JSONDecoder is skipped: no matching structs)
          --only LIST    comma-separated subset of: \(Part.allCases.map(\.rawValue).joined(separator: ","))
                         (default: all; Strata's parse always runs, it is what the others are compared with)
        """

    /// The parts of the benchmark that `--only` can select.
    enum Part: String, CaseIterable {
        case walk, serialization, decoder, jq, memory
    }

    /// The goals from the issue, checked against the best run.
    enum Goal {
        static let megabytesPerSecond = 300.0
        static let timesJQ = 20.0
        static let timesJSONSerialization = 50.0
        static let peakOverInput = 2.0
    }

    /// Parsed command-line options.
    struct Options {
        var sizeMB = 100.0
        var runs = 3
        var input: String? = nil
        var parts = Set(Part.allCases)

        init(_ args: [String]) throws {
            var i = 0
            func value(_ name: String) throws -> String {
                guard i + 1 < args.count else { throw BenchError("\(name) needs a value\n\(JSONBenchmark.usage)") }
                i += 1
                return args[i]
            }
            while i < args.count {
                switch args[i] {
                case "--size":
                    let v = try value("--size")
                    guard let mb = Double(v), mb > 0, mb <= 2000 else {
                        throw BenchError("--size: expected megabytes between 0 and 2000, got '\(v)'")
                    }
                    sizeMB = mb
                case "--runs":
                    let v = try value("--runs")
                    guard let n = Int(v), n >= 1, n <= 1000 else {
                        throw BenchError("--runs: expected a whole number from 1 to 1000, got '\(v)'")
                    }
                    runs = n
                case "--input":
                    input = try value("--input")
                case "--only":
                    let v = try value("--only")
                    parts = []
                    for name in v.split(separator: ",") where name != "strata" {
                        guard let part = Part(rawValue: String(name)) else {
                            throw BenchError("--only: unknown part '\(name)'\n\(JSONBenchmark.usage)")
                        }
                        parts.insert(part)
                    }
                default:
                    throw BenchError("unknown option '\(args[i])'\n\(JSONBenchmark.usage)")
                }
                i += 1
            }
        }
    }

    static func run(_ args: [String]) throws {
        if args.first == BenchPeakMemory.childFlag {
            try BenchPeakMemory.runChild(Array(args.dropFirst()))
            return
        }
        if args.contains("--help") || args.contains("-h") {
            print(usage)
            return
        }
        let options = try Options(args)
        let document = try Document.prepare(options)
        defer { document.removeTemporaryFile() }
        let report = try measure(document, runs: options.runs, parts: options.parts)
        print(report.markdown(document: document, runs: options.runs))
    }

    /// Times every parser on `document` and measures their peak memory.
    static func measure(_ document: Document, runs: Int, parts: Set<Part>) throws -> Report {
        let bytes = document.bytes
        let data = Data(bytes)
        var report = Report()

        // Check once, untimed, that Strata sees the document the generator wrote.
        let tree = try JSONParser().parse(bytes)
        report.nodes = tree.count
        if let expected = document.expectedNodes, expected != tree.count {
            throw BenchError("Strata parsed \(tree.count) nodes but the generator wrote \(expected) values")
        }
        let jq = parts.contains(.jq) ? BenchJQ.locate() : nil
        if let jq { report.jqVersion = BenchJQ.version(jq) }
        let decode = parts.contains(.decoder) && document.expectedRecords != nil

        var strata = BenchTiming()
        var walking = BenchTiming()
        var serialization = BenchTiming()
        var decoder = BenchTiming()
        var jqTiming = BenchTiming()
        // Round robin: every parser's run r happens before anyone's run r + 1, so a change in machine load
        // during the benchmark (other processes on a shared machine) falls on all parsers alike.
        for run in 1...max(runs, 1) {
            progress("run \(run) of \(runs)")
            // Each result (a tree, an object graph) is released after its run's clock stops.
            try strata.record { try JSONParser().parse(bytes) }
            if parts.contains(.walk) { walking.record { walk(tree) } }
            if parts.contains(.serialization) {
                try serialization.record { () throws -> Int in
                    let object = try JSONSerialization.jsonObject(with: data)
                    let records = ((object as? [String: Any])?["data"] as? [Any])?.count
                    if let expected = document.expectedRecords, records != expected {
                        throw BenchError("JSONSerialization returned \(records ?? -1) records, expected \(expected)")
                    }
                    return records ?? 0
                }
            }
            if decode {
                try decoder.record { () throws -> Int in
                    let response = try JSONDecoder().decode(BenchResponse.self, from: data)
                    if response.data.count != document.expectedRecords {
                        throw BenchError("JSONDecoder returned \(response.data.count) records")
                    }
                    return response.data.count
                }
            }
            if let jq { try jqTiming.record { try BenchJQ.run(jq, file: document.path) } }
        }
        report.strataParse = strata
        if parts.contains(.walk) { report.strataWalk = walking }
        if parts.contains(.serialization) { report.serialization = serialization }
        if decode { report.decoder = decoder }
        if jq != nil { report.jq = jqTiming }

        for parser in BenchPeakMemory.Parser.allCases where parts.contains(.memory) {
            if parser == .serialization && report.serialization == nil { continue }
            if parser == .decoder && report.decoder == nil { continue }
            if parser == .jq && report.jq == nil { continue }
            progress("peak memory: \(parser.rawValue)")
            report.memory[parser] = try BenchPeakMemory.measure(parser, file: document.path, jq: jq)
        }
        if let m = report.memory[.strata], m.nodes != tree.count {
            throw BenchError("the memory child parsed \(m.nodes) nodes, expected \(tree.count)")
        }
        return report
    }

    /// Visits every node through the public API: decodes every key and string, converts every number to Double.
    static func walk(_ tree: Tree) -> Int {
        var checksum = 0
        for i in tree.indices {
            if let key = tree.key(i) { checksum &+= key.utf8.count }
            switch tree.kind(i) {
            case .string: checksum &+= tree.string(i)?.utf8.count ?? 0
            case .number: checksum &+= tree.double(i).map { Int($0.bitPattern & 0xFF) } ?? 0
            case .bool: checksum &+= tree.bool(i) == true ? 1 : 0
            case .object, .array, .null: checksum &+= 1
            }
        }
        return checksum
    }

    static func progress(_ message: String) {
        FileHandle.standardError.write(Data("strata-bench json: \(message)…\n".utf8))
    }
}
