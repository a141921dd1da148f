import Foundation

extension JSONBenchmark {
    /// Everything one run measured.
    struct Report {
        var nodes = 0
        var strataParse = BenchTiming()
        var strataWalk: BenchTiming? = nil
        var serialization: BenchTiming? = nil
        var decoder: BenchTiming? = nil
        var jq: BenchTiming? = nil
        var jqVersion = ""
        var memory: [BenchPeakMemory.Parser: BenchPeakMemory.Report] = [:]

        /// The full report: document, speed table, memory table and goal verdicts, as markdown.
        func markdown(document: Document, runs: Int) -> String {
            let size = document.bytes.count
            var out: [String] = []
            out.append("## strata-bench json")
            out.append("")
            out.append("- Date: \(ISO8601DateFormatter().string(from: Date()))")
            out.append("- Machine: \(BenchMachine.summary())")
            out.append(
                "- Input: \(document.description), \(String(format: "%.1f", document.megabytes)) MB "
                    + "(\(size) bytes), \(nodes) nodes (\(String(format: "%.1f", Double(size) / Double(max(nodes, 1)))) bytes/node)"
            )
            #if DEBUG
                out.append("- Build: DEBUG — these numbers are not representative; use `swift run -c release`")
            #endif
            out.append(
                "- Runs: \(runs) per parser, round robin (run r of every parser before run r + 1 of any); MB/s and "
                    + "ratios use the best run; MB = 10^6 bytes")
            out.append("")
            out.append(speedTable(size: size).markdown)
            out.append("")
            out.append(
                "Strata's parse builds the flat tree only: strings, keys and numbers stay as byte spans and are decoded "
                    + "when asked. The full-walk row visits every node through the public API after the parse, decoding "
                    + "every key and string into a Swift String and every number into a Double; parse + walk is the "
                    + "cost comparable to JSONSerialization, which builds all values up front.")
            out.append("")
            if !memory.isEmpty {
                out.append(memoryTable(size: size).markdown)
                out.append("")
                out.append(
                    "Peak RSS is VmHWM of a fresh child process that only reads the file and parses it (jq: its "
                        + "ru_maxrss). Baseline is the child's peak before reading, i.e. the Swift runtime and Foundation."
                )
                out.append("")
            }
            out.append(goalTable(size: size).markdown)
            return out.joined(separator: "\n")
        }

        private func speedTable(size: Int) -> BenchTable {
            var table = BenchTable(
                ["Parser", "Best (s)", "Median (s)", "MB/s (best)", "Time vs Strata parse", "CPU (s, best)"],
                rightAligned: [1, 2, 3, 4, 5])
            let strata = strataParse.best
            func row(_ name: String, _ t: BenchTiming) {
                table.add([
                    name, fmt(t.best, 3), fmt(t.median, 3), fmt(BenchTiming.megabytesPerSecond(size, t.best), 1),
                    fmt(t.best / strata, 1) + "×", fmt(t.bestCPU, 3),
                ])
            }
            row("Strata: parse to Tree", strataParse)
            if let strataWalk {
                var total = BenchTiming()
                total.seconds = zip(strataParse.seconds, strataWalk.seconds).map { $0 + $1 }
                total.cpuSeconds = zip(strataParse.cpuSeconds, strataWalk.cpuSeconds).map { $0 + $1 }
                row("Strata: full walk of the parsed Tree", strataWalk)
                row("Strata: parse + full walk", total)
            }
            if let serialization { row("JSONSerialization.jsonObject", serialization) }
            if let decoder { row("JSONDecoder into Codable structs", decoder) }
            if let jq { row("\(jqVersion) -c . > /dev/null (subprocess)", jq) }
            return table
        }

        private func memoryTable(size: Int) -> BenchTable {
            var table = BenchTable(
                ["Parser", "Peak RSS (MB)", "Peak / input", "Baseline (MB)", "(Peak − baseline) / input"],
                rightAligned: [1, 2, 3, 4])
            let names: [(BenchPeakMemory.Parser, String)] = [
                (.strata, "Strata: read + parse to Tree"), (.serialization, "JSONSerialization (Data + objects)"),
                (.decoder, "JSONDecoder (Data + structs)"), (.jq, "\(jqVersion) -c ."),
            ]
            for (parser, name) in names {
                guard let m = memory[parser] else { continue }
                table.add([
                    name, fmt(Double(m.peak) / 1e6, 1), fmt(Double(m.peak) / Double(size), 2) + "×",
                    parser == .jq ? "–" : fmt(Double(m.baseline) / 1e6, 1),
                    parser == .jq ? "–" : fmt(Double(m.peak - m.baseline) / Double(size), 2) + "×",
                ])
            }
            return table
        }

        private func goalTable(size: Int) -> BenchTable {
            var table = BenchTable(["Goal", "Measured (wall clock, best run)", "Verdict", "By CPU time instead"])
            let speed = BenchTiming.megabytesPerSecond(size, strataParse.best)
            let cpuSpeed = BenchTiming.megabytesPerSecond(size, strataParse.bestCPU)
            table.add([
                "≥ \(fmt(Goal.megabytesPerSecond, 0)) MB/s", fmt(speed, 1) + " MB/s",
                verdict(speed, Goal.megabytesPerSecond), fmt(cpuSpeed, 1) + " MB/s",
            ])
            if let jq {
                let ratio = jq.best / strataParse.best
                table.add([
                    "≥ \(fmt(Goal.timesJQ, 0))× jq", fmt(ratio, 1) + "×", verdict(ratio, Goal.timesJQ),
                    fmt(jq.bestCPU / strataParse.bestCPU, 1) + "×",
                ])
            }
            if let serialization {
                let ratio = serialization.best / strataParse.best
                table.add([
                    "≥ \(fmt(Goal.timesJSONSerialization, 0))× JSONSerialization", fmt(ratio, 1) + "×",
                    verdict(ratio, Goal.timesJSONSerialization),
                    fmt(serialization.bestCPU / strataParse.bestCPU, 1) + "×",
                ])
            }
            if let m = memory[.strata] {
                let over = Double(m.peak) / Double(size)
                let verdictText =
                    over <= Goal.peakOverInput
                    ? "met (\(fmt(Goal.peakOverInput / over, 2))× headroom)"
                    : "missed: \(fmt((over / Goal.peakOverInput - 1) * 100, 0))% over"
                table.add([
                    "peak RSS ≤ \(fmt(Goal.peakOverInput, 0))× input", fmt(over, 2) + "× input", verdictText, "–",
                ])
            }
            return table
        }

        /// `met (1.8× the goal)` or `missed: 38% short`, for higher-is-better measures.
        private func verdict(_ measured: Double, _ goal: Double) -> String {
            measured >= goal
                ? "met (\(fmt(measured / goal, 2))× the goal)"
                : "missed: \(fmt((1 - measured / goal) * 100, 0))% short (\(fmt(goal / measured, 2))× too slow)"
        }

        private func fmt(_ v: Double, _ decimals: Int) -> String { String(format: "%.\(decimals)f", v) }
    }
}
