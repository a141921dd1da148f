import Foundation

/// Runs a program to completion and captures what it printed, for end-to-end tests of the command line.
public struct ChildProcess: Sendable {
    /// The exit status.
    public var status: Int32
    /// Standard output as text.
    public var stdout: String
    /// Standard error as text.
    public var stderr: String

    /// Runs `executable` with `arguments`; `environment` entries are added to (or, when nil, removed from) this
    /// process's environment. Output goes through temporary files, so large output cannot block the child.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String?] = [:],
        directory: String? = nil
    ) throws -> ChildProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (k, v) in environment { env[k] = v }
        process.environment = env
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let tmp = FileManager.default.temporaryDirectory.path + "/strata-child-" + UUID().uuidString
        _ = FileManager.default.createFile(atPath: tmp + ".out", contents: nil)
        _ = FileManager.default.createFile(atPath: tmp + ".err", contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: tmp + ".out")
            try? FileManager.default.removeItem(atPath: tmp + ".err")
        }
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: tmp + ".out"))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: tmp + ".err"))
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        let o = FileManager.default.contents(atPath: tmp + ".out") ?? Data()
        let e = FileManager.default.contents(atPath: tmp + ".err") ?? Data()
        return ChildProcess(
            status: process.terminationStatus, stdout: String(decoding: o, as: UTF8.self),
            stderr: String(decoding: e, as: UTF8.self))
    }
}
