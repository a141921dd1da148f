import Foundation
import Strata

/// Peak resident memory of one parse, measured in a fresh child process so nothing else inflates it.
///
/// The parent spawns `strata-bench json --peak-rss-child PARSER FILE`; the child records its high-water mark
/// (`VmHWM` in /proc/self/status) before and after reading and parsing the file, and prints one line
/// `baseline=KB peak=KB nodes=N`. For jq the child runs jq and reports jq's own peak (`ru_maxrss`).
enum BenchPeakMemory {
    /// The hidden option that turns `strata-bench json` into the measuring child.
    static let childFlag = "--peak-rss-child"

    /// What the child reports, in bytes.
    struct Report {
        /// Peak RSS before the file was read (the runtime's own footprint); 0 for jq.
        var baseline: Int
        /// Peak RSS after parsing.
        var peak: Int
        /// Nodes or top-level values produced, as a sanity check (0 when not applicable).
        var nodes: Int
    }

    /// Which parser the child runs.
    enum Parser: String, CaseIterable {
        case strata, serialization, decoder, jq
    }

    /// Spawns this executable as a child measuring `parser` on `file`.
    static func measure(_ parser: Parser, file: String, jq: String?) throws -> Report {
        let exe = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var arguments = ["json", childFlag, parser.rawValue, file]
        if let jq { arguments += ["--jq", jq] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: exe)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: output, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw BenchError("peak-memory child for \(parser.rawValue) failed (exit \(process.terminationStatus))")
        }
        var fields: [String: Int] = [:]
        for part in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let kv = part.split(separator: "=", maxSplits: 1)
            if kv.count == 2, let v = Int(kv[1]) { fields[String(kv[0])] = v }
        }
        guard let baseline = fields["baseline"], let peak = fields["peak"] else {
            throw BenchError("peak-memory child for \(parser.rawValue) printed an unexpected line: \(text)")
        }
        return Report(baseline: baseline * 1024, peak: peak * 1024, nodes: fields["nodes"] ?? 0)
    }

    /// The child side: measures one parser on one file and prints the report line.
    static func runChild(_ args: [String]) throws {
        guard args.count >= 2, let parser = Parser(rawValue: args[0]) else {
            throw BenchError("usage: strata-bench json \(childFlag) strata|serialization|decoder|jq FILE")
        }
        let file = args[1]
        let baseline = try highWaterMark()
        var nodes = 0
        switch parser {
        case .strata:
            let bytes = try BenchFiles.readFile(file)
            let tree = try JSONParser().parse(bytes)
            nodes = tree.count
            blackHole(tree)
        case .serialization:
            let data = try Data(contentsOf: URL(fileURLWithPath: file))
            let object = try JSONSerialization.jsonObject(with: data)
            nodes = (object as? [String: Any])?.count ?? 0
            blackHole(object)
        case .decoder:
            let data = try Data(contentsOf: URL(fileURLWithPath: file))
            let response = try JSONDecoder().decode(BenchResponse.self, from: data)
            nodes = response.data.count
            blackHole(response)
        case .jq:
            guard let i = args.firstIndex(of: "--jq"), i + 1 < args.count else { throw BenchError("--jq PATH missing") }
            try BenchJQ.run(args[i + 1], file: file)
            var usage = rusage()
            getrusage(RUSAGE_CHILDREN.rawValue, &usage)
            print("baseline=0 peak=\(usage.ru_maxrss) nodes=0")
            return
        }
        print("baseline=\(baseline) peak=\(try highWaterMark()) nodes=\(nodes)")
    }

    /// This process's peak resident set size in kB (`VmHWM`).
    static func highWaterMark() throws -> Int {
        let status = String(decoding: try BenchFiles.readFile("/proc/self/status"), as: UTF8.self)
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            if let v = Int(line.dropFirst(6).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "") {
                return v
            }
        }
        throw BenchError("no VmHWM line in /proc/self/status")
    }
}
