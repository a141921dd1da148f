import Foundation
import Strata

/// `strata run` as users start it: the release `strata` binary in a child process, its output going to a file, on a
/// 100 000-object response answered by a fixture, for every view and `--json`, beside a peer for each measured in
/// the same run (round robin, best of R): `cat` for the raw body, `jq .` for the parsed tree, a Swift process
/// decoding the same bytes with JSONDecoder (and one that also prints the decoded structs with JSONEncoder) for the
/// mapping. The same views written by the library in this process are the in-process figures beside them.
///
/// `swift build -c release && .build/release/strata-bench cli [--count N] [--runs R]`
enum CLIBenchmark {
    static func run(_ args: [String]) throws {
        let options = BenchArguments(args)
        let count = options.int("--count", default: 100_000, minimum: 1)
        let runs = options.int("--runs", default: 5, minimum: 1)
        let strata = try CLIBenchProcess.sibling("strata")
        let bench = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let scratch = NSTemporaryDirectory() + "strata-bench-cli-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let body = try CLIBenchSession.write(count: count, in: scratch)
        let bodyFile = CLIBenchSession.bodyFile(in: scratch)
        let session = CLIBenchSession.folder(in: scratch)
        let jq = BenchJQ.locate()

        // What each row runs; a peer names the strata row it stands beside.
        var commands: [CLIBenchProcess.Command] = [
            .init("strata run --show raw", strata, ["run", session, "users", "--show", "raw"]),
            .init("strata run --show parsed", strata, ["run", session, "users", "--show", "parsed"]),
            .init("strata run --show mapped", strata, ["run", session, "users", "--show", "mapped"]),
            .init("strata run --show issues", strata, ["run", session, "users", "--show", "issues"]),
            .init("strata run --json", strata, ["run", session, "users", "--json"]),
            .init("strata parse FILE", strata, ["parse", bodyFile]),
            .init("cat FILE", "/bin/cat", [bodyFile], peerOf: "strata run --show raw"),
            .init(
                "JSONDecoder process (decode)", bench, ["mapping", MappingBenchFresh.childFlag, "decoder", bodyFile],
                peerOf: "strata run --show issues"),
            .init(
                "JSONDecoder process (decode + JSONEncoder pretty)", bench,
                ["mapping", MappingBenchFresh.childFlag, "decoder-print", bodyFile], peerOf: "strata run --show mapped"),
        ]
        if let jq {
            commands.append(.init("jq . FILE", jq, [".", bodyFile], peerOf: "strata run --show parsed"))
            commands.append(.init("jq . FILE (beside parse)", jq, [".", bodyFile], peerOf: "strata parse FILE"))
        }
        // The same views in this process: the library's stack and writers, output to a file.
        let inProcess = try CLIBenchInProcess(session: session, route: "users", output: scratch + "/in-process.out")

        var results: [String: [CLIBenchProcess.Result]] = [:]
        var inProcessBest: [String: Double] = [:]
        for _ in 0..<runs {
            for command in commands {
                let r = try command.run(output: scratch + "/out", errors: scratch + "/err")
                results[command.label, default: []].append(r)
            }
            for view in CLIBenchInProcess.views {
                let t = try inProcess.time(view)
                inProcessBest[view] = min(inProcessBest[view] ?? .infinity, t)
            }
        }

        print("## The `strata` binary as users start it: `strata-bench cli`\n")
        print("- Machine: \(BenchMachine.summary())")
        print(
            "- Response: \(count) objects, \(body) bytes of JSON answered by a fixture's body file "
                + "(the mapping benchmark's model: ints, strings, a double, a bool, an ISO 8601 date, a nested object)")
        print(
            "- Each command is a child process with its output going to a file; round robin, best of \(runs) "
                + "by wall clock; CPU is user + system; peak RSS is the child's own (`/usr/bin/time`'s %M)")
        print("- History is kept as by default (each `strata run` writes the body into the session's history)\n")
        var table = BenchTable(
            [
                "command", "wall best (s)", "wall median (s)", "CPU best (s)", "peak RSS (MB)", "output (MB)",
                "in process (s)",
            ],
            rightAligned: [1, 2, 3, 4, 5, 6])
        for command in commands {
            let rs = results[command.label] ?? []
            let walls = rs.map(\.seconds).sorted()
            let inside = CLIBenchInProcess.view(of: command.label).flatMap { inProcessBest[$0] }
            table.add([
                command.label, f3(walls.first ?? 0), f3(walls[walls.count / 2]), f3(rs.map(\.cpuSeconds).min() ?? 0),
                f1(Double(rs.map(\.peakKB).min() ?? 0) * 1024 / 1e6), f1(Double(rs.last?.outputBytes ?? 0) / 1e6),
                inside.map(f3) ?? "–",
            ])
        }
        print(table.markdown)
        print("")
        var ratios = BenchTable(
            ["strata", "peer", "peer ÷ strata (wall)", "peer ÷ strata (CPU)"], rightAligned: [2, 3])
        for peer in commands {
            guard let of = peer.peerOf, let s = results[of], let p = results[peer.label] else { continue }
            let sw = s.map(\.seconds).min() ?? 1
            let pw = p.map(\.seconds).min() ?? 1
            let sc = s.map(\.cpuSeconds).min() ?? 1
            let pc = p.map(\.cpuSeconds).min() ?? 1
            ratios.add([of, peer.label, String(format: "%.2f×", pw / sw), String(format: "%.2f×", pc / max(sc, 1e-3))])
        }
        print(ratios.markdown)
        if jq == nil { print("\n(jq is not on PATH: its rows are left out)") }
    }

    static func f3(_ x: Double) -> String { String(format: "%.3f", x) }
    static func f1(_ x: Double) -> String { String(format: "%.1f", x) }
}
