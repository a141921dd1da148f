import Foundation

/// A one-line description of the machine a benchmark ran on, for the report.
enum BenchMachine {
    /// CPU model, core count, memory and OS, e.g. `AMD EPYC, 2 cores, 23.5 GiB RAM, Debian GNU/Linux 12`.
    static func summary() -> String {
        let info = ProcessInfo.processInfo
        let cpu = firstValue(file: "/proc/cpuinfo", key: "model name") ?? "unknown CPU"
        let os =
            firstValue(file: "/etc/os-release", key: "PRETTY_NAME", separator: "=")?
            .trimmingCharacters(in: CharacterSet(charactersIn: "\"")) ?? "Linux"
        let memory = String(format: "%.1f GiB RAM", Double(info.physicalMemory) / 1_073_741_824)
        return "\(cpu), \(info.activeProcessorCount) cores, \(memory), \(os), kernel \(kernel())"
    }

    private static func kernel() -> String {
        var names = utsname()
        uname(&names)
        return withUnsafeBytes(of: &names.release) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    private static func firstValue(file: String, key: String, separator: Character = ":") -> String? {
        guard let bytes = try? BenchFiles.readFile(file) else { return nil }
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: separator, maxSplits: 1)
            if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == key {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }
}
