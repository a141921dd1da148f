import Foundation

/// Repeated timings of one task, wall-clock and CPU, summarised as best and median.
struct BenchTiming {
    /// Every measured wall-clock duration in seconds, in the order they ran.
    var seconds: [Double] = []
    /// The CPU time (user + system, this process and waited-for children) of each run, in seconds.
    var cpuSeconds: [Double] = []

    /// The fastest run.
    var best: Double { seconds.min() ?? .nan }

    /// The least CPU time of any run: what the work costs when no other process competes for the cores.
    var bestCPU: Double { cpuSeconds.min() ?? .nan }

    /// The median run (the mean of the middle two for an even count).
    var median: Double {
        guard !seconds.isEmpty else { return .nan }
        let s = seconds.sorted()
        let m = s.count / 2
        return s.count % 2 == 1 ? s[m] : (s[m - 1] + s[m]) / 2
    }

    /// Runs `body` `runs` times and records each duration; `body` returns something to keep the work alive.
    static func measure<T>(runs: Int, _ body: () throws -> T) rethrows -> BenchTiming {
        var timing = BenchTiming()
        for _ in 0..<max(runs, 1) { try timing.record(body) }
        return timing
    }

    /// Runs `body` once and records its wall-clock and CPU time; its result is released after the clock stops.
    mutating func record<T>(_ body: () throws -> T) rethrows {
        var result: T? = nil
        let cpuBefore = BenchTiming.cpuTime()
        let elapsed = try ContinuousClock().measure { result = try body() }
        cpuSeconds.append(BenchTiming.cpuTime() - cpuBefore)
        seconds.append(elapsed.seconds)
        blackHole(result)
    }

    /// User + system CPU seconds used so far by this process and its finished children.
    static func cpuTime() -> Double {
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        var me = rusage()
        var children = rusage()
        getrusage(RUSAGE_SELF.rawValue, &me)
        getrusage(RUSAGE_CHILDREN.rawValue, &children)
        return seconds(me.ru_utime) + seconds(me.ru_stime) + seconds(children.ru_utime) + seconds(children.ru_stime)
    }

    /// Megabytes (10^6 bytes) per second for `bytes` processed in `seconds`.
    static func megabytesPerSecond(_ bytes: Int, _ seconds: Double) -> Double {
        Double(bytes) / 1_000_000 / seconds
    }
}

extension Duration {
    /// The duration in seconds as a Double.
    var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) / 1e18
    }
}

/// Keeps a value observable so the optimiser cannot drop the work that produced it.
@inline(never) func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
