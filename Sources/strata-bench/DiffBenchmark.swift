import Foundation
import Strata

/// The diff benchmark: two generated JSON documents of `--size` MB (default 50) that differ in a few hundred
/// numbers, compared structurally by Strata (read, parse both, diff, write the change lines) against
/// `jq -S . A > x; jq -S . B > y; diff x y` measured in the same run.
///
/// `swift run -c release strata-bench diff [--size MB] [--runs R]`
enum DiffBenchmark {
    static func run(_ args: [String]) throws {
        let options = BenchArguments(args)
        let size = options.int("--size", default: 50)
        let runs = options.int("--runs", default: 3, minimum: 1)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-bench-diff-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let a = BenchJSONGenerator(targetBytes: size * 1_000_000).bytes
        var b = a
        // Bump one digit every 200 000 bytes: the same shape, a few hundred changed values.
        var edited = 0
        var k = 100_000
        while k < b.count {
            if let j = (k..<min(k + 1000, b.count)).first(where: { b[$0] >= 0x30 && b[$0] <= 0x38 }) {
                b[j] += 1
                edited += 1
            }
            k += 200_000
        }
        let pathA = dir.appendingPathComponent("a.json").path
        let pathB = dir.appendingPathComponent("b.json").path
        try BenchFiles.writeFile(pathA, a)
        try BenchFiles.writeFile(pathB, b)

        var changeCount = 0
        let strata = try BenchTiming.measure(runs: runs) { () throws -> Int in
            let ta = try JSONParser().parse(try BenchFiles.readFile(pathA))
            let tb = try JSONParser().parse(try BenchFiles.readFile(pathB))
            let diff = TreeDiff(ta, tb)
            changeCount = diff.changes.count
            return diff.text().utf8.count
        }
        guard changeCount > 0 else {
            throw BenchError("the diff found no changes in documents edited in \(edited) places")
        }
        print("## diff: two \(size) MB JSON documents, \(edited) digits edited, \(changeCount) changes found")
        print("")
        print("| Task | Best wall | Median wall | Best CPU | Peer / Strata (wall) | Peer / Strata (CPU) |")
        print("|---|---:|---:|---:|---:|---:|")
        func s(_ t: Double) -> String { String(format: "%.2f s", t) }
        print(
            "| Strata: read + parse both + TreeDiff + change lines | \(s(strata.best)) | \(s(strata.median)) | "
                + "\(s(strata.bestCPU)) | — | — |")
        guard let jq = BenchJQ.locate() else {
            print("| jq -S + diff | (jq not installed) | | |")
            return
        }
        let x = dir.appendingPathComponent("x.json").path
        let y = dir.appendingPathComponent("y.json").path
        let script =
            "'\(jq)' -S . '\(pathA)' > '\(x)' && '\(jq)' -S . '\(pathB)' > '\(y)'; "
            + "diff '\(x)' '\(y)' > /dev/null"
        let peer = try BenchTiming.measure(runs: runs) { () throws -> Int32 in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script]
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 1 else {
                throw BenchError("jq + diff exited with \(process.terminationStatus), expected 1 (different)")
            }
            return process.terminationStatus
        }
        print(
            "| \(BenchJQ.version(jq)) -S . A > x; -S . B > y; diff x y | \(s(peer.best)) | \(s(peer.median)) | "
                + "\(s(peer.bestCPU)) | " + String(format: "%.1f×", peer.best / strata.best) + " | "
                + String(format: "%.1f×", peer.bestCPU / strata.bestCPU) + " |")
        print("")
        print("CPU is user + system time (the peer's children included): what each costs on a machine nobody shares.")
    }
}
