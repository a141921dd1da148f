import Foundation
import Strata
import StrataServe

/// `strata record` of a large body from a loopback server: peak resident memory and wall time of recording it by
/// streaming (what `strata record` does), of recording it held in memory (what it did before, and what `strata
/// serve --source record` still does), and of `curl -o` as the peer, each in a fresh child process, round robin.
enum RecordBenchmark {
    /// The hidden option that turns `strata-bench record` into the measuring child.
    static let childFlag = "--peak-rss-child"
    /// The secret the session redacts; the body echoes it, so the copy scrubs as it goes.
    static let secret = "bench-secret-value"

    /// How a child records.
    enum Mode: String, CaseIterable {
        case streaming, memory, curl

        var label: String {
            switch self {
            case .streaming: "strata record (streams to the fixtures folder)"
            case .memory: "strata record with the body in memory (serve --source record)"
            case .curl: "curl -s -o FILE"
            }
        }
    }

    static func run(_ args: [String]) throws {
        if let i = args.firstIndex(of: childFlag) { return try runChild(Array(args[(i + 1)...])) }
        let options = BenchArguments(args)
        let megabytes = options.int("--size", default: 200)
        let runs = options.int("--runs", default: 3)
        let scratch = NSTemporaryDirectory() + "strata-bench-record-\(getpid())"
        try FileManager.default.createDirectory(
            atPath: scratch + "/server/fixtures/bodies", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }

        let (size, echoes) = try writeBody(scratch + "/server/fixtures/bodies/big.json", megabytes: megabytes)
        try #"{ "name": "server", "routes": [ { "name": "big", "path": "/big" } ] }"#.write(
            toFile: scratch + "/server/session.json", atomically: true, encoding: .utf8)
        try
            #"{ "/big": [ { "response": { "headers": { "Content-Type": "application/json" }, "bodyFile": "bodies/big.json" } } ] }"#
            .write(toFile: scratch + "/server/fixtures/pairs.json", atomically: true, encoding: .utf8)
        let served = try Session.load(from: scratch + "/server")
        let responder = ServeResponder(
            session: served, upstream: .mock(MockSource(session: served)), journal: try ServeJournal(), loopback: true)
        let server = try HTTPServer(responder: responder, host: "127.0.0.1", port: 0)
        defer { server.stop() }

        print("## Recording a large body: `strata-bench record`\n")
        print("- Machine: \(BenchMachine.summary())")
        print(
            "- Body: \(size) bytes of JSON (\(megabytes) MB) served by `strata serve` in the parent over loopback; it "
                + "echoes the session's redacted `api_key` \(echoes) times, so the copy scrubs as it goes")
        print(
            "- Each recording in a fresh child process (peak RSS: `VmHWM`, for curl its `ru_maxrss`); best of \(runs)\n"
        )

        var best: [Mode: (wall: Double, peak: Int, baseline: Int)] = [:]
        for run in 0..<runs {
            for mode in Mode.allCases {
                let dir = "\(scratch)/record-\(mode.rawValue)-\(run)"
                try writeSession(dir, baseURL: server.url)
                let start = Date()
                let report = try measure(mode, dir: dir, url: server.url + "/big?api_key=" + secret)
                let wall = Date().timeIntervalSince(start)
                try verify(mode, dir: dir, size: size, echoes: echoes)
                try? FileManager.default.removeItem(atPath: dir)
                if let b = best[mode] {
                    best[mode] = (min(b.wall, wall), min(b.peak, report.peak), min(b.baseline, report.baseline))
                } else {
                    best[mode] = (wall, report.peak, report.baseline)
                }
            }
        }
        var table = BenchTable(
            ["recording", "best wall (s)", "peak RSS (MB)", "peak / body", "baseline (MB)"],
            rightAligned: [1, 2, 3, 4])
        for mode in Mode.allCases {
            guard let b = best[mode] else { continue }
            table.add([
                mode.label, String(format: "%.2f", b.wall), mb(b.peak),
                String(format: "%.2f×", Double(b.peak) / Double(size)),
                mode == .curl ? "–" : mb(b.baseline),
            ])
        }
        print(table.markdown)
        if let s = best[.streaming], let c = best[.curl] {
            print(
                String(
                    format: "\nstreaming record: %.1f MB above its runtime's baseline; curl: %.1f MB in all",
                    Double(s.peak - s.baseline) / 1e6, Double(c.peak) / 1e6))
        }
    }

    static func mb(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1e6) }

    /// A JSON array of records, `megabytes` MB, with the secret in one record of every 1000.
    static func writeBody(_ path: String, megabytes: Int) throws -> (size: Int, echoes: Int) {
        guard let handle = FileHandle(forWritingAtPath: path) ?? create(path) else {
            throw BenchError("cannot create \(path)")
        }
        defer { try? handle.close() }
        var size = 0
        var echoes = 0
        var i = 0
        try handle.write(contentsOf: Data("[".utf8))
        size += 1
        while size < megabytes * 1_000_000 {
            var chunk = ""
            for _ in 0..<1000 {
                let token = i % 1000 == 0 ? secret : "t\(i)"
                if i % 1000 == 0 { echoes += 1 }
                chunk +=
                    (i == 0 ? "" : ",") + #"{"id":\#(i),"name":"record \#(i)","token":"\#(token)","tags":["a","b"]}"#
                i += 1
            }
            try handle.write(contentsOf: Data(chunk.utf8))
            size += chunk.utf8.count
        }
        try handle.write(contentsOf: Data("]".utf8))
        return (size + 1, echoes)
    }

    static func create(_ path: String) -> FileHandle? {
        FileManager.default.createFile(atPath: path, contents: nil) ? FileHandle(forWritingAtPath: path) : nil
    }

    /// A session recording `/big` from `baseURL`, with `api_key` redacted.
    static func writeSession(_ dir: String, baseURL: String) throws {
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try """
        { "name": "record", "baseURL": "\(baseURL)", "redact": ["api_key"],
          "routes": [ { "name": "big", "path": "/big", "params": { "api_key": "\(secret)" } } ] }
        """.write(toFile: dir + "/session.json", atomically: true, encoding: .utf8)
    }

    /// Checks what a child left: the body file (secrets replaced) or curl's copy.
    static func verify(_ mode: Mode, dir: String, size: Int, echoes: Int) throws {
        let file = mode == .curl ? dir + "/curl.out" : dir + "/fixtures/big-1.json"
        let got = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? -1
        let expected = mode == .curl ? size : size + echoes * ("<redacted>".utf8.count - secret.utf8.count)
        guard got == expected else {
            throw BenchError("\(mode.rawValue): \(file) has \(got) bytes, expected \(expected)")
        }
    }

    /// Spawns this executable as a child recording with `mode` into session `dir`.
    static func measure(_ mode: Mode, dir: String, url: String) throws -> BenchPeakMemory.Report {
        let exe = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: exe)
        process.arguments = ["record", childFlag, mode.rawValue, dir, url]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchError("record child \(mode.rawValue) failed (exit \(process.terminationStatus)): \(output)")
        }
        var fields: [String: Int] = [:]
        for part in output.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let kv = part.split(separator: "=", maxSplits: 1)
            if kv.count == 2, let v = Int(kv[1]) { fields[String(kv[0])] = v }
        }
        guard let baseline = fields["baseline"], let peak = fields["peak"] else {
            throw BenchError("record child \(mode.rawValue) printed an unexpected line: \(output)")
        }
        return BenchPeakMemory.Report(baseline: baseline * 1024, peak: peak * 1024, nodes: 0)
    }

    /// The child side: records once and prints `baseline=KB peak=KB`.
    static func runChild(_ args: [String]) throws {
        guard args.count == 3, let mode = Mode(rawValue: args[0]) else {
            throw BenchError("usage: strata-bench record \(childFlag) streaming|memory|curl DIR URL")
        }
        let dir = args[1]
        if mode == .curl {
            let curl = Process()
            curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
            curl.arguments = ["-s", "-o", dir + "/curl.out", args[2]]
            try curl.run()
            curl.waitUntilExit()
            guard curl.terminationStatus == 0 else { throw BenchError("curl failed (exit \(curl.terminationStatus))") }
            var usage = rusage()
            getrusage(RUSAGE_CHILDREN.rawValue, &usage)
            print("baseline=0 peak=\(usage.ru_maxrss)")
            return
        }
        let session = try Session.load(from: dir)
        let request = try RequestBuilder(session: session, environment: [:]).build(session.route(named: "big")!)
        let baseline = try BenchPeakMemory.highWaterMark()
        let recorder = RecordingSource(session: session)
        let outcome = RecordBox()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do {
                _ = try await recorder.record(request, streaming: mode == .streaming)
            } catch {
                outcome.set("\(error)")
            }
            done.signal()
        }
        done.wait()
        if let failure = outcome.get() { throw BenchError("record failed: \(failure)") }
        print("baseline=\(baseline) peak=\(try BenchPeakMemory.highWaterMark())")
    }
}

/// The child's failure, handed from the recording task to the waiting thread.
final class RecordBox: @unchecked Sendable {
    private let lock = NSLock()
    private var failure: String? = nil
    func set(_ s: String) { lock.withLock { failure = s } }
    func get() -> String? { lock.withLock { failure } }
}
