import Foundation
import Strata

/// YAML parse speed: Strata (libyaml events → `Tree`) against PyYAML's `CSafeLoader` (libyaml's C parser with
/// PyYAML's construction into Python objects), measured in the same run on the same generated file. The peer times
/// itself inside Python (`time.perf_counter` around `yaml.load`), so interpreter start-up is not counted. Skipped,
/// and said so, when `python3` or PyYAML with its C loader is not installed.
enum YAMLBenchmark {
    static func run(_ args: [String]) throws {
        var megabytes = 5
        if let i = args.firstIndex(of: "--size"), i + 1 < args.count, let n = Int(args[i + 1]), n > 0 { megabytes = n }
        let runs = 3
        let bytes = document(bytes: megabytes * 1_000_000)
        let path = NSTemporaryDirectory() + "strata-bench-\(getpid()).yaml"
        try BenchFiles.writeFile(path, bytes)
        defer { unlink(path) }

        var nodes = 0
        let strata = try BenchTiming.measure(runs: runs) { () throws -> Tree in
            let tree = try YAMLFormat().parse(bytes)
            nodes = tree.count
            return tree
        }
        print("yaml: parse a generated \(bytes.count / 1_000_000) MB YAML document (\(nodes) nodes), best of \(runs)")
        var table = BenchTable(["parser", "best", "MB/s", "Strata is"], rightAligned: [1, 2, 3])
        let mbps = BenchTiming.megabytesPerSecond(bytes.count, strata.best)
        table.add(["Strata YAMLFormat (libyaml)", ms(strata.best), String(format: "%.1f", mbps), ""])
        if let peer = peerSeconds(path: path, runs: runs) {
            table.add([
                "PyYAML CSafeLoader (libyaml)", ms(peer),
                String(format: "%.1f", BenchTiming.megabytesPerSecond(bytes.count, peer)),
                String(format: "%.2f× faster", peer / strata.best),
            ])
        } else {
            table.add(["PyYAML CSafeLoader", "skipped", "", "python3 with PyYAML's C loader is not installed"])
        }
        let laughs = billionLaughs()
        var rejected = true
        let hostile = BenchTiming.measure(runs: runs) {
            rejected = (try? YAMLFormat().parse(laughs)) == nil && rejected
        }
        table.add(["billion laughs (rejected)", ms(hostile.best), "", ""])
        print(table.markdown)
        if !rejected { throw BenchError("the billion-laughs document was accepted") }
    }

    static func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }

    /// A block-style YAML list of small records, about `bytes` long: the shape of API payloads and OpenAPI files
    /// (nested mappings, sequences, quoted and plain strings, numbers, bools, nulls).
    static func document(bytes: Int) -> [UInt8] {
        var out = "items:\n"
        var i = 0
        while out.utf8.count < bytes {
            out += """
                  - id: \(i)
                    name: "item \(i)"
                    price: \(Double(i % 1000) / 4)
                    active: \(i % 3 == 0 ? "true" : "false")
                    note: ~
                    tags: [alpha, beta, "gamma \(i % 7)"]
                    owner:
                      login: user\(i % 97)
                      url: https://example.org/users/\(i % 97)

                """
            i += 1
        }
        return Array(out.utf8)
    }

    /// Nine levels of ten aliases each: 10^9 nodes if expanded.
    static func billionLaughs() -> [UInt8] {
        var text = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
            text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
            previous = name
        }
        return Array(text.utf8)
    }

    /// PyYAML's best time loading `path` with `CSafeLoader`, timed inside Python; nil when it cannot run.
    static func peerSeconds(path: String, runs: Int) -> Double? {
        let script = """
            import sys, time, yaml
            data = open(sys.argv[1], 'rb').read()
            best = None
            for _ in range(int(sys.argv[2])):
                start = time.perf_counter()
                yaml.load(data, Loader=yaml.CSafeLoader)
                took = time.perf_counter() - start
                best = took if best is None else min(best, took)
            print(best)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, path, String(runs)]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
