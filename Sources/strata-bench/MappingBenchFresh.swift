import Foundation
import Strata

/// One parse + map (or one JSONDecoder decode) in a fresh child process: what a user's first run costs, with no
/// warm heap, measured with its wall time and peak RSS.
///
/// The parent writes the document to a file and spawns `strata-bench mapping --fresh-child strata|decoder FILE`;
/// the child reads the file, times the one run and prints `seconds=S peak=KB` (its own `VmHWM`).
enum MappingBenchFresh {
    /// The hidden option that turns `strata-bench mapping` into the measuring child.
    static let childFlag = "--fresh-child"

    /// What one fresh run took.
    struct Report {
        /// The parse + map (or decode) alone, in seconds.
        var run: Double
        /// The child process from start to exit, in seconds.
        var process: Double
        /// The child's peak RSS in bytes.
        var peak: Int
    }

    /// Runs `side` on `bytes` in a fresh child process.
    static func measure(_ side: String, _ bytes: [UInt8]) throws -> Report {
        let file = NSTemporaryDirectory() + "strata-bench-mapping-\(getpid()).json"
        try BenchFiles.writeFile(file, bytes)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let output = file + ".out"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let exe = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let run = try ChildPeak.run(exe, ["mapping", childFlag, side, file], output: output)
        let text = String(decoding: try BenchFiles.readFile(output), as: UTF8.self)
        var fields: [String: Double] = [:]
        for part in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let kv = part.split(separator: "=", maxSplits: 1)
            if kv.count == 2, let v = Double(kv[1]) { fields[String(kv[0])] = v }
        }
        guard run.status == 0, let seconds = fields["seconds"], let peak = fields["peak"] else {
            throw MappingBenchError("the fresh \(side) child failed (exit \(run.status)): \(text)")
        }
        // The child's own high-water mark: `ru_maxrss` from wait4 would include this (large) parent's at the spawn.
        return Report(run: seconds, process: run.seconds, peak: Int(peak) * 1024)
    }

    /// The child side: one run of `side` on the file, timed.
    static func runChild(_ args: [String]) throws {
        guard args.count == 2, ["strata", "decoder", "decoder-print"].contains(args[0]) else {
            throw MappingBenchError("usage: strata-bench mapping \(childFlag) strata|decoder|decoder-print FILE")
        }
        let bytes = try BenchFiles.readFile(args[1])
        if args[0] == "decoder-print" {
            // `strata-bench cli`'s peer for the mapped view: the decoded structs printed, as JSONEncoder prints them.
            let root = try MappingBenchData.decoder().decode(MappingBenchData.Root.self, from: Data(bytes))
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted]
            encoder.dateEncodingStrategy = .iso8601
            FileHandle.standardOutput.write(try encoder.encode(root))
            return
        }
        let start = DispatchTime.now().uptimeNanoseconds
        if args[0] == "strata" {
            let tree = try JSONParser().parse(bytes)
            let result = Mapper(mappings: MappingBenchData.mappings).map(
                tree, with: RouteMapping(className: "User", keyPath: "users"))
            precondition(result.values.count > 1 && !result.hasErrors)
        } else {
            let root = try MappingBenchData.decoder().decode(MappingBenchData.Root.self, from: Data(bytes))
            precondition(!root.users.isEmpty)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        print("seconds=\(seconds) peak=\(try BenchPeakMemory.highWaterMark())")
    }
}
