import Foundation

/// Runs the built `strata` executable, for tests that check what a user sees: exit code, stdout, stderr.
public enum StrataBinary {
    /// What one run of the binary produced: exit status, stdout and stderr.
    public typealias Result = ChildProcess

    /// A failure to start or finish the binary.
    public typealias Failure = ChildProcess.Failure

    /// The `strata` executable next to the test bundle (`.build/debug`), or nil when it is not built.
    public static let url: URL? = {
        var candidates: [URL] = []
        if let bundle = Bundle.main.executableURL?.deletingLastPathComponent() {
            candidates.append(bundle)
            candidates.append(bundle.deletingLastPathComponent())
        }
        if let first = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        for bundle in Bundle.allBundles { candidates.append(bundle.bundleURL.deletingLastPathComponent()) }
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        candidates.append(package.appendingPathComponent(".build/debug"))
        for dir in candidates {
            let url = dir.appendingPathComponent("strata")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                FileManager.default.isExecutableFile(atPath: url.path)
            {
                return url
            }
        }
        return nil
    }()

    /// Runs `strata` with `arguments`, feeding it `stdin`, in `directory` (the current one by default), with
    /// `environment` entries added to (or, when nil, removed from) this process's environment (`XDG_CONFIG_HOME` is
    /// ``ChildProcess/configHome`` unless given, so no session is trusted that the test did not trust); gives up
    /// after `timeout` seconds.
    public static func run(
        _ arguments: [String], stdin: Data = Data(), in directory: URL? = nil, environment: [String: String?] = [:],
        timeout: TimeInterval = ChildProcess.patience
    ) throws -> Result {
        guard let url else {
            throw Failure(description: "the strata binary is not built next to the tests (run `swift build`)")
        }
        return try ChildProcess.run(
            url.path, arguments, stdin: stdin, environment: environment, directory: directory?.path, timeout: timeout)
    }
}
