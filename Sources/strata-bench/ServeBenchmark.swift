import Foundation
import Strata
import StrataServe

#if canImport(Glibc)
    import Glibc
#endif

/// `strata serve` under load, as users run it and in process: wrk (50 keep-alive connections) against the `strata`
/// binary started as a user starts it (a 1.6 KB body file, each request's journal line written to a file; and an
/// inline 2 KB body with the lines going to /dev/null), against the same server in this process, against nginx
/// serving the same 1.6 KB file (the ceiling) and httpbin under gunicorn (4 workers), all in the same run; then the
/// process's RSS before and after 1 000 000 requests.
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
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("strata-bench-serve-\(getpid())")
        let dir = temporary.appendingPathComponent("session").path
        let www = temporary.appendingPathComponent("www").path
        try FileManager.default.createDirectory(atPath: dir + "/fixtures", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: www, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temporary) }
        try
            #"{ "name": "bench", "routes": [ { "name": "items", "path": "/items" }, { "name": "product", "path": "/product.json" } ] }"#
            .write(toFile: dir + "/session.json", atomically: true, encoding: .utf8)
        let inline = twoKilobyteBody()
        let fileBody = Self.body(bytes: 1600)
        try fileBody.write(toFile: dir + "/product.json", atomically: true, encoding: .utf8)
        try fileBody.write(toFile: www + "/product.json", atomically: true, encoding: .utf8)
        try """
        { "/items": [ { "response": { "body": \(inline) } } ],
          "/product.json": [ { "response": { "headers": { "Content-Type": "application/json" }, "bodyFile": "../product.json" } } ] }
        """.write(toFile: dir + "/fixtures/items.json", atomically: true, encoding: .utf8)

        guard let wrk = BenchFiles.program("wrk") else { throw BenchError("wrk is not installed (Debian package wrk)") }
        print(
            "fixture bodies: \(fileBody.utf8.count) bytes from a body file, \(inline.utf8.count) bytes inline; "
                + "wrk -t2 -c50 -d\(seconds)s --latency, after 2 s of warm-up each\n")
        var table = BenchTable(
            ["server", "req/s", "p99", "errors", "non-2xx", "requests"], rightAligned: [1, 2, 3, 4, 5])
        func measure(_ name: String, _ url: String) throws -> WrkResult {
            _ = try wrkRun(wrk, url, seconds: 2)
            let result = try wrkRun(wrk, url, seconds: seconds)
            table.add(row(name, result))
            return result
        }

        // The binary as users run it: its journal line per request to a file, and to /dev/null.
        let journaled = try ServeProcesses.strataServe(
            session: dir, arguments: ["--journal", temporary.path + "/journal.jsonl"],
            output: temporary.path + "/serve.out")
        defer { journaled.stop() }
        let rssBefore = ServeProcesses.residentKB(journaled.process.processIdentifier)
        let process = try measure(
            "strata serve process: 1.6 KB body file, lines and journal to files", journaled.url + "/product.json")
        let quiet = try ServeProcesses.strataServe(session: dir, arguments: [], output: "/dev/null")
        let processInline = try measure("strata serve process: 2 KB inline, lines to /dev/null", quiet.url + "/items")
        quiet.stop()

        // The same server in this process, without journal lines.
        let session = try Session.load(from: dir)
        let responder = ServeResponder(
            session: session, upstream: .mock(MockSource(session: session)), journal: try ServeJournal(),
            loopback: true)
        let server = try HTTPServer(responder: responder, host: "127.0.0.1", port: 0)
        let inProcess = try measure("strata serve in process: 2 KB inline, no lines", server.url + "/items")
        let inProcessFile = try measure("strata serve in process: 1.6 KB body file", server.url + "/product.json")
        server.stop()

        // The ceiling: nginx serving the same file, its access log written to a file.
        var ceiling: WrkResult? = nil
        if let nginx = try ServeProcesses.nginx(
            root: www, accessLog: temporary.path + "/nginx-access.log", workDirectory: temporary.path + "/nginx")
        {
            ceiling = try measure("nginx: the same 1.6 KB file, access log to a file", nginx.url + "/product.json")
            nginx.stop()
        } else {
            print("(nginx is not installed: Debian package nginx)")
        }

        // The peer (and wrk) are installed and started by the benchmark's script.
        let peerPort = 18_765
        let script = try peerScript()
        var peer: WrkResult? = nil
        if shell(script, ["start", String(peerPort)]) == 0 {
            peer = try measure("httpbin /json, gunicorn 4 workers", "http://127.0.0.1:\(peerPort)/json")
            _ = shell(script, ["stop", String(peerPort)])
        } else {
            print("(the httpbin peer could not be started; see the script's output)")
        }
        print(table.markdown)
        print("")
        func ratio(_ what: String, _ a: WrkResult, _ b: WrkResult?) {
            guard let b, b.perSecond > 0 else { return }
            print(String(format: "%@ = %.2f×", what, a.perSecond / b.perSecond))
        }
        ratio("strata serve process (body file, journal) / httpbin", process, peer)
        ratio("strata serve process (body file, journal) / nginx", process, ceiling)
        ratio("strata serve process (body file, journal) / in process (body file)", process, inProcessFile)
        ratio("strata serve process (inline, /dev/null) / in process (inline)", processInline, inProcess)

        // Resident memory of the process users run, before and after a million requests.
        var done = 0
        while done < total {
            let remaining = Double(total - done) / max(process.perSecond, 1000)
            let r = try wrkRun(wrk, journaled.url + "/product.json", seconds: max(2, Int(remaining.rounded(.up)) + 1))
            done += r.requests
        }
        let rssAfter = ServeProcesses.residentKB(journaled.process.processIdentifier)
        print(
            String(
                format: "\nRSS of the strata serve process: %d KB before, %d KB after %d more requests (%+.1f%%)",
                rssBefore, rssAfter, done, Double(rssAfter - rssBefore) * 100 / Double(max(rssBefore, 1))))
    }

    static func row(_ name: String, _ r: WrkResult) -> [String] {
        [
            name, String(format: "%.0f", r.perSecond), r.p99, String(r.socketErrors), String(r.non2xx),
            String(r.requests),
        ]
    }

    /// A JSON array of products, about 2 KB.
    static func twoKilobyteBody() -> String { body(bytes: 1950) }

    /// A JSON array of products, just over `bytes` bytes.
    static func body(bytes: Int) -> String {
        var items: [String] = []
        var i = 0
        while items.joined(separator: ",").utf8.count < bytes {
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

    static func peerScript() throws -> String {
        var dir = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("scripts/bench-serve-peer.sh").path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            dir.deleteLastPathComponent()
        }
        throw BenchError("scripts/bench-serve-peer.sh not found: run from the package folder")
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
        let quoted = ([script] + args).map(ShellWords.quote)
        let status = system("bash " + quoted.joined(separator: " ") + " </dev/null")
        return status == 0 ? 0 : 1
    }
}
