import Foundation

/// A command of `strata-bench cli` run as a child process through `/usr/bin/time`, so its peak RSS is its own.
///
/// A child spawned from this (large) process would count this process's resident size in its `ru_maxrss`;
/// `/usr/bin/time` is small, and reports the peak of the program it starts itself.
enum CLIBenchProcess {
    /// One command line of the benchmark.
    struct Command {
        /// What the report calls it.
        let label: String
        /// The program's path.
        let program: String
        /// Its arguments.
        let arguments: [String]
        /// The label of the strata row this peer stands beside, or nil for a strata row.
        let peerOf: String?

        init(_ label: String, _ program: String, _ arguments: [String], peerOf: String? = nil) {
            self.label = label
            self.program = program
            self.arguments = arguments
            self.peerOf = peerOf
        }

        /// Runs the command once, its output to `output` and its errors to `errors`; throws when it fails.
        func run(output: String, errors: String) throws -> Result {
            let report = errors + ".time"
            let run = try ChildPeak.run(
                "/usr/bin/time", ["-f", "%M", "-o", report, program] + arguments, output: output, errors: errors)
            guard run.status == 0 else {
                let said = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
                throw BenchError("\(label) failed (exit \(run.status)): \(said.prefix(500))")
            }
            let peak = Int(
                ((try? String(contentsOfFile: report, encoding: .utf8)) ?? "").split(separator: "\n").last ?? "")
            let size = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
            return Result(
                seconds: run.seconds, cpuSeconds: run.cpuSeconds, peakKB: peak ?? run.peakKB, outputBytes: size)
        }
    }

    /// What one run took.
    struct Result {
        var seconds: Double
        var cpuSeconds: Double
        var peakKB: Int
        var outputBytes: Int

        /// The same figures as ``ChildPeak`` reports them.
        var asChildPeak: ChildPeak.Result {
            ChildPeak.Result(status: 0, seconds: seconds, peakKB: peakKB, cpuSeconds: cpuSeconds)
        }
    }

    /// The path of the release binary `name` beside this one; throws when it is not built.
    static func sibling(_ name: String) throws -> String {
        let path = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw BenchError("\(path) is missing: build it with `swift build -c release` (all products)")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else {
            throw BenchError("/usr/bin/time is missing: install Debian's `time` package")
        }
        return path
    }
}
