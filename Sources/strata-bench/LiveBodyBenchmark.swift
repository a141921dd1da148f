import Foundation
import Strata
import StrataServe

/// `strata run --source live` of a large body, as users run it: the `strata` binary in a child process, its
/// output going to /dev/null, for every view and `--json`, on a 100 MB JSON body kept whole and on a 150 MB one cut
/// at `--max-body 100M`; peak RSS against the goal (2 × the kept body + 40 MB), with `curl -o /dev/null` of the
/// same body in the same run. The bodies are served by `strata serve`'s server in this process over loopback.
enum LiveBodyBenchmark {
    static func run(_ args: [String]) throws {
        let options = BenchArguments(args)
        let megabytes = options.int("--size", default: 100, minimum: 1)
        let runs = options.int("--runs", default: 1, minimum: 1)
        let scratch = NSTemporaryDirectory() + "strata-bench-live-\(getpid())"
        try FileManager.default.createDirectory(atPath: scratch + "/server/fixtures", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let whole = try RecordBenchmark.writeBody(scratch + "/server/whole.json", megabytes: megabytes).size
        let long = try RecordBenchmark.writeBody(scratch + "/server/long.json", megabytes: megabytes * 3 / 2).size
        try #"{ "name": "server", "routes": [] }"#.write(
            toFile: scratch + "/server/session.json", atomically: true, encoding: .utf8)
        try """
        { "/whole": [ { "response": { "headers": { "Content-Type": "application/json" }, "bodyFile": "../whole.json" } } ],
          "/long": [ { "response": { "headers": { "Content-Type": "application/json" }, "bodyFile": "../long.json" } } ] }
        """.write(toFile: scratch + "/server/fixtures/pairs.json", atomically: true, encoding: .utf8)
        let served = try Session.load(from: scratch + "/server")
        let responder = ServeResponder(
            session: served, upstream: .mock(MockSource(session: served)), journal: try ServeJournal(), loopback: true)
        let server = try HTTPServer(responder: responder, host: "127.0.0.1", port: 0)
        defer { server.stop() }
        let limit = megabytes * 1_048_576
        try """
        { "name": "live", "baseURL": "\(server.url)", "maxBodyBytes": \(limit),
          "routes": [ { "name": "whole", "path": "/whole" }, { "name": "long", "path": "/long" } ] }
        """.write(toFile: scratch + "/session.json", atomically: true, encoding: .utf8)

        let strata = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("strata").path
        guard FileManager.default.isExecutableFile(atPath: strata) else {
            throw BenchError("\(strata) is missing: build it with `swift build -c release` (all products)")
        }
        print("## Live bodies in bounded memory: `strata-bench live`\n")
        print("- Machine: \(BenchMachine.summary())")
        print(
            "- `strata run SESSION ROUTE --source live [--show VIEW | --json] > /dev/null`, the release binary in a "
                + "child process; peak RSS is the child's own `ru_maxrss`; best of \(runs)")
        print(
            "- whole: \(whole) bytes of JSON kept whole; cut: \(long) bytes cut at maxBodyBytes \(limit) (the kept "
                + "body); goal: peak ≤ 2 × kept + 40 MB\n")
        var table = BenchTable(
            ["body", "command", "wall (s)", "peak RSS (MB)", "peak / kept", "goal (MB)", "verdict"],
            rightAligned: [2, 3, 4, 5])
        let views: [[String]] = [[], ["--show", "parsed"], ["--show", "all"], ["--json"]]
        for (route, kept) in [("whole", whole), ("cut", limit)] {
            let path = route == "whole" ? "whole" : "long"
            let goal = 2 * kept + 40_000_000
            for view in views {
                var best: ChildPeak.Result? = nil
                for _ in 0..<runs {
                    let r = try ChildPeak.run(
                        strata, ["run", scratch, path, "--source", "live"] + view, output: "/dev/null",
                        errors: scratch + "/stderr")
                    guard r.status == 0 else {
                        let said = (try? String(contentsOfFile: scratch + "/stderr", encoding: .utf8)) ?? ""
                        throw BenchError("strata run \(path) \(view.joined(separator: " ")) failed: \(said)")
                    }
                    if best == nil || r.peakKB < best!.peakKB { best = r }
                }
                let peak = best!.peakKB * 1024
                table.add([
                    route, (["strata run"] + (view.isEmpty ? ["(raw)"] : view)).joined(separator: " "),
                    String(format: "%.2f", best!.seconds), mb(peak),
                    String(format: "%.2f×", Double(peak) / Double(kept)),
                    mb(goal), peak <= goal ? "met" : "over by \(mb(peak - goal)) MB",
                ])
            }
            let curl = try ChildPeak.run(
                "/usr/bin/curl", ["-s", "-o", "/dev/null", server.url + "/" + path], output: "/dev/null")
            table.add([
                route, "curl -s -o /dev/null (the whole body, streamed)", String(format: "%.2f", curl.seconds),
                mb(curl.peakKB * 1024), "–", "–", "–",
            ])
        }
        print(table.markdown)
    }

    static func mb(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1e6) }
}
