/// A benchmark's options, read the same way by every benchmark: `--name VALUE` pairs and bare flags.
struct BenchArguments {
    private let args: [String]

    /// Reads `args`, the words after the benchmark's name.
    init(_ args: [String]) { self.args = args }

    /// The whole number after `name`, raised to `minimum`; `fallback` when `name` is absent or not followed by a
    /// number.
    func int(_ name: String, default fallback: Int, minimum: Int = .min) -> Int {
        guard let i = args.firstIndex(of: name), i + 1 < args.count, let n = Int(args[i + 1]) else { return fallback }
        return max(minimum, n)
    }

    /// True when the bare flag `name` is given.
    func flag(_ name: String) -> Bool { args.contains(name) }
}
