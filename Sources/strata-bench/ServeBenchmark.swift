import Foundation
import Strata
import StrataServe

#if canImport(Glibc)
    import Glibc
#endif

/// `strata serve` under load: wrk (50 keep-alive connections, 10 s) against a 2 KB JSON fixture served in this
/// process, and against httpbin under gunicorn (4 workers) in the same run; then RSS before and after 1 000 000
/// requests.
enum ServeBenchmark {
    /// What wrk reported.
    struct WrkResult {
        var requests: Int = 0
        var perSecond: Double = 0
        var p99: String = "?"
        var socketErrors: Int = 0
        var non2xx: Int = 0
    }

    static func run(_ args: [String]) throws {
        let options = BenchArguments(args)
        let seconds = options.int("--seconds", default: 10)
        let total = options.int("--requests", default: 1_000_000)
        print("## strata serve under load (\(BenchMachine.summary()))\n")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-bench-serve-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir + "/fixtures", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{ "name": "bench", "routes": [ { "name": "items", "path": "/items" } ] }"#.write(
            toFile: dir + "/session.json", atomically: true, encoding: .utf8)
        let body = twoKilobyteBody()
        try "{ \"/items\": [ { \"response\": { \"body\": \(body) } } ] }".write(
            toFile: dir + "/fixtures/items.json", atomically: true, encoding: .utf8)
        let session = try Session.load(from: dir)
        let responder = ServeResponder(
            session: session, upstream: .mock(MockSource(session: session)), journal: try ServeJournal(),
            loopback: true)
        let server = try HTTPServer(responder: responder, host: "127.0.0.1", port: 0)
        defer { server.stop() }
        let url = server.url + "/items"
        // The peer (and wrk) are installed and started by the benchmark's script.
        let peerPort = 18_765
        let script = try peerScript()
        let peerStarted = shell(script, ["start", String(peerPort)]) == 0
        defer { _ = shell(script, ["stop", String(peerPort)]) }
        guard let wrk = which("wrk") else { throw BenchError("wrk is not installed (Debian package wrk)") }
        print("fixture body: \(body.utf8.count) bytes of JSON; wrk -t2 -c50 -d\(seconds)s --latency\n")

        _ = try wrkRun(wrk, url, seconds: 2)  // warm-up
        let strata = try wrkRun(wrk, url, seconds: seconds)

        var peer: WrkResult? = nil
        if peerStarted {
            _ = try wrkRun(wrk, "http://127.0.0.1:\(peerPort)/json", seconds: 2)
            peer = try wrkRun(wrk, "http://127.0.0.1:\(peerPort)/json", seconds: seconds)
        } else {
            print("(the httpbin peer could not be started; see the script's output)")
        }

        var table = BenchTable(
            ["server", "req/s", "p99", "errors", "non-2xx", "requests"], rightAligned: [1, 2, 3, 4, 5])
        table.add(row("strata serve (2 KB fixture)", strata))
        if let peer { table.add(row("httpbin /json, gunicorn 4 workers", peer)) }
        print(table.markdown)
        if let peer, peer.perSecond > 0 {
            print(String(format: "\nratio: strata serve / httpbin = %.1f×", strata.perSecond / peer.perSecond))
        }

        // Resident memory before and after a million requests.
        let before = rssKB()
        var done = 0
        while done < total {
            let remaining = Double(total - done) / max(strata.perSecond, 1000)
            let r = try wrkRun(wrk, url, seconds: max(2, Int(remaining.rounded(.up)) + 1))
            done += r.requests
        }
        let after = rssKB()
        print(
            String(
                format: "\nRSS: %d KB before, %d KB after %d requests (%+.1f%%)", before, after, done,
                Double(after - before) * 100 / Double(max(before, 1))))
    }

    static func row(_ name: String, _ r: WrkResult) -> [String] {
        [
            name, String(format: "%.0f", r.perSecond), r.p99, String(r.socketErrors), String(r.non2xx),
            String(r.requests),
        ]
    }

    /// A JSON array of products, about 2 KB.
    static func twoKilobyteBody() -> String {
        var items: [String] = []
        var i = 0
        while items.joined(separator: ",").utf8.count < 1950 {
            i += 1
            items.append(#"{"id":\#(i),"name":"Product \#(i)","price":\#(i * 3).50,"in_stock":true,"tags":["a","b"]}"#)
        }
        return "[" + items.joined(separator: ",") + "]"
    }

    static func wrkRun(_ wrk: String, _ url: String, seconds: Int) throws -> WrkResult {
        let out = try capture(wrk, ["-t2", "-c50", "-d\(seconds)s", "--latency", url])
        var r = WrkResult()
        for line in out.split(separator: "\n") {
            let t = line.trimmingCharacters(in: .whitespaces)
            let words = t.split(separator: " ", omittingEmptySubsequences: true)
            if t.hasPrefix("Requests/sec:"), let v = words.last.flatMap({ Double($0) }) { r.perSecond = v }
            if t.hasPrefix("99%"), words.count > 1 { r.p99 = String(words[1]) }
            if t.contains("requests in"), let n = words.first.flatMap({ Int($0) }) { r.requests = n }
            if t.hasPrefix("Non-2xx"), let n = words.last.flatMap({ Int($0) }) { r.non2xx = n }
            if t.hasPrefix("Socket errors:") {
                r.socketErrors = t.split(separator: ",").compactMap {
                    $0.split(separator: " ").last.flatMap { Int($0) }
                }
                .reduce(0, +)
            }
        }
        return r
    }

    static func rssKB() -> Int {
        guard let s = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in s.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "0") ?? 0
        }
        return 0
    }

    static func peerScript() throws -> String {
        var dir = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("scripts/bench-serve-peer.sh").path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            dir.deleteLastPathComponent()
        }
        throw BenchError("scripts/bench-serve-peer.sh not found: run from the package folder")
    }

    static func which(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let p = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return nil
    }

    static func capture(_ exe: String, _ args: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: exe)
        p.arguments = args
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Runs `bash script args` through `system`, which waits for the script alone: Foundation's `Process` would
    /// also wait for the daemon it starts, which inherits Process's pipe.
    static func shell(_ script: String, _ args: [String]) -> Int32 {
        let quoted = ([script] + args).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let status = system("bash " + quoted.joined(separator: " ") + " </dev/null")
        return status == 0 ? 0 : 1
    }
}
