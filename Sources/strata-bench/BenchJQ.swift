import Foundation

/// Running `jq -c .` on a file with its output thrown away.
enum BenchJQ {
    /// The path of `jq` on `PATH`, or nil when it is not installed.
    static func locate() -> String? { BenchFiles.program("jq") }

    /// jq's version string (`jq-1.7.1`), or `jq` when it cannot be read.
    static func version(_ jq: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: jq)
        process.arguments = ["--version"]
        let pipe = Pipe()
        process.standardOutput = pipe
        guard (try? process.run()) != nil else { return "jq" }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs `jq -c . FILE > /dev/null` and waits for it; throws when jq fails.
    static func run(_ jq: String, file: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: jq)
        process.arguments = ["-c", ".", file]
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchError("jq exited with \(process.terminationStatus)") }
    }
}

extension BenchJQ {
    /// Runs `jq -c FILTER FILE` and returns its output, trimmed; throws when jq fails.
    static func output(_ jq: String, filter: String, file: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: jq)
        process.arguments = ["-c", filter, file]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchError("jq exited with \(process.terminationStatus)") }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
