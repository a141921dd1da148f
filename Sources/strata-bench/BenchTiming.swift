/// Repeated wall-clock timings of one task, summarised as best and median.
struct BenchTiming {
    /// Every measured duration in seconds, in the order they ran.
    var seconds: [Double] = []

    /// The fastest run.
    var best: Double { seconds.min() ?? .nan }

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
        let clock = ContinuousClock()
        for _ in 0..<max(runs, 1) {
            var result: T? = nil
            let elapsed = try clock.measure { result = try body() }
            blackHole(result)
            timing.seconds.append(elapsed.seconds)
        }
        return timing
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
