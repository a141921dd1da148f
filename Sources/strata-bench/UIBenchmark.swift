import Foundation
import Strata
import StrataUI
import TermGrid

/// The ui benchmark: the explorer headless on a huge response. Time from "the response arrived" to the first
/// frame (parse, line index, mapping, render), then per-keystroke times (reducer + render + diff) for moving,
/// folding, searching and scrolling, the CPU an idle explorer uses, and its peak memory in a child process; then
/// the `strata` binary as users start it, in a terminal (``UIBenchBinary``, `--runs` times), beside `jq .` on the
/// same file.
///
/// `swift run -c release strata-bench ui [--size MB] [--runs N]`
enum UIBenchmark {
    static func run(_ args: [String]) throws {
        if let i = args.firstIndex(of: UIBenchPeak.childFlag) {
            guard i + 1 < args.count else { throw BenchError("usage: strata-bench ui \(UIBenchPeak.childFlag) FILE") }
            return try UIBenchPeak.runChild(args[i + 1])
        }
        let options = BenchArguments(args)
        let megabytes = options.int("--size", default: 100, minimum: 1)
        let runs = options.int("--runs", default: 3, minimum: 1)
        let session = try UIBenchSession.make()
        print("## strata-bench ui\n")
        print("Machine: \(BenchMachine.summary())\n")
        // Idle first, while the process holds no big document (freeing one later would show up as CPU here).
        let idle = try UIBenchIdle.measure(session: session, seconds: 1)
        // About 1 M nodes: scale from a small sample of the same generator.
        let sample = BenchJSONGenerator(targetBytes: 1_000_000)
        let millionBytes = 1_000_000 * sample.bytes.count / max(sample.valueCount, 1)
        let documents = [
            ("≈1 M nodes", BenchJSONGenerator(targetBytes: millionBytes).bytes),
            ("\(megabytes) MB", BenchJSONGenerator(targetBytes: megabytes * 1_000_000).bytes),
        ]
        var columns: [UIBenchResult] = []
        var spreads: [String] = []
        for (label, bytes) in documents {
            var result = try UIBenchResult.measure(label: label, bytes: bytes, session: session, runs: runs)
            result.peak = try UIBenchPeak.measure(bytes)
            // As users start it: the binary in a terminal, with jq on the same file beside it.
            // Best of `runs` as the in-process rows are (the peak: the highest), each run in a fresh process.
            if let tmux = BenchFiles.program("tmux"), let strata = try? CLIBenchProcess.sibling("strata") {
                let reports = try (0..<runs).map { _ in try UIBenchBinary.measure(bytes, strata: strata, tmux: tmux) }
                result.binary = UIBenchBinary.Report(
                    onScreen: reports.map(\.onScreen).min()!, mapped: reports.map(\.mapped).min()!,
                    peak: reports.map(\.peak).max()!)
                func range(_ seconds: [Double]) -> String {
                    String(format: "%.0f–%.0f ms", seconds.min()! * 1000, seconds.max()! * 1000)
                }
                spreads.append(
                    "\(label): the binary in \(runs) runs: `r` to `200 OK` \(range(reports.map(\.onScreen))), `r` to "
                        + "the Mapped pane \(range(reports.map(\.mapped))).")
            }
            if let jq = BenchJQ.locate() {
                let file = NSTemporaryDirectory() + "strata-bench-ui-jq-\(getpid()).json"
                try BenchFiles.writeFile(file, bytes)
                defer { try? FileManager.default.removeItem(atPath: file) }
                result.jq = try CLIBenchProcess.Command("jq", jq, [".", file]).run(
                    output: "/dev/null", errors: file + ".err"
                ).asChildPeak
            }
            columns.append(result)
        }
        print(UIBenchResult.table(columns).markdown)
        print()
        for spread in spreads { print(spread) }
        if !spreads.isEmpty { print() }
        print(
            String(
                format: "Idle: the program loop used %.2f ms of CPU in %.1f s with no input (%d frames drawn): it "
                    + "blocks in poll() until an event or a wake.", idle.cpuMilliseconds, idle.seconds, idle.frames))
    }
}
