import Foundation
import Strata

/// Whole-file reads and writes with plain system calls, so big inputs are never copied twice.
enum BenchFiles {
    /// The path of the program `name` on `PATH`, or nil when it is not installed.
    static func program(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Reads a whole file into one exactly-sized array (Strata's ``FileBytes``, which `strata parse` uses too).
    static func readFile(_ path: String) throws -> [UInt8] {
        do {
            return try FileBytes.read(path)
        } catch {
            throw BenchError(error.description)
        }
    }

    /// Writes `bytes` to `path`, replacing any file there.
    static func writeFile(_ path: String, _ bytes: [UInt8]) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { throw BenchError("cannot create \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        try bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = write(fd, raw.baseAddress! + done, raw.count - done)
                guard n > 0 else { throw BenchError("cannot write \(path): \(String(cString: strerror(errno)))") }
                done += n
            }
        }
    }
}
