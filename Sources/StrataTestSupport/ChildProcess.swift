import Foundation

/// Runs a program to completion and captures what it printed, for end-to-end tests of the command line.
public struct ChildProcess: Sendable {
    /// The exit status (or 128 + signal when the process was killed).
    public var status: Int32
    /// Standard output as text.
    public var stdout: String
    /// Standard error as text.
    public var stderr: String

    /// A failure to start or finish the program.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public var description: String
    }

    /// Runs `executable` with `arguments`, feeding it `stdin`, in `directory` (the current one by default);
    /// `environment` entries are added to (or, when nil, removed from) this process's environment. Gives up after
    /// `timeout` seconds. Input and output go through temporary files, so large output cannot block the child.
    public static func run(
        _ executable: String, _ arguments: [String], stdin: Data = Data(), environment: [String: String?] = [:],
        directory: String? = nil, timeout: TimeInterval = 60
    ) throws -> ChildProcess {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strata-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inURL = scratch.appendingPathComponent("stdin")
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        try stdin.write(to: inURL)
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let input = try FileHandle(forReadingFrom: inURL)
        let output = try FileHandle(forWritingTo: outURL)
        let errors = try FileHandle(forWritingTo: errURL)
        defer {
            try? input.close()
            try? output.close()
            try? errors.close()
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if !environment.isEmpty {
            var env = ProcessInfo.processInfo.environment
            for (k, v) in environment { env[k] = v }
            process.environment = env
        }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline {
                process.terminate()
                process.waitUntilExit()
                let name = (executable as NSString).lastPathComponent
                throw Failure(description: "\(name) \(arguments.joined(separator: " ")) ran longer than \(timeout) s")
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        let status =
            process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return ChildProcess(
            status: status,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}
