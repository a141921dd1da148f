import Foundation
import Strata

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program to completion and captures what it printed, for end-to-end tests of the command line.
///
/// Children are started with `posix_spawn` and waited for with `waitpid` on their own id, not with Foundation's
/// `Process`. `Process` learns of a child's exit when a socket the child inherits is closed, so any long-lived
/// process that inherits that socket by accident (a tmux server started by another test at the same moment) makes
/// it wait for that process instead. Here every child inherits standard input, output and error only, and its exit
/// is seen directly.
public struct ChildProcess: Sendable {
    /// The exit status (or 128 + signal when the process was killed).
    public var status: Int32
    /// Standard output as text.
    public var stdout: String
    /// Standard error as text.
    public var stderr: String

    /// How long a test waits for a program (or a screen) before it fails: far longer than a passing test needs,
    /// even sanitized on a busy machine, so only a real hang reaches it.
    public static let patience: TimeInterval = 300

    /// The `XDG_CONFIG_HOME` every child gets unless a test gives its own: a folder of this test process that is
    /// never created, so no child reads or writes the user's own `~/.config/strata/trusted` and none trusts a
    /// session the test did not trust itself (a test that trusts one gives a ``ScratchDirectory`` of its own).
    public static let configHome = FileManager.default.temporaryDirectory.appendingPathComponent(
        "strata-test-config-\(UUID().uuidString)"
    ).path

    /// The path of the executable `name` on PATH, or nil when there is none (a test that needs it is skipped).
    public static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

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
        directory: String? = nil, timeout: TimeInterval = patience
    ) throws -> ChildProcess {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strata-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let inURL = scratch.appendingPathComponent("stdin")
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        try stdin.write(to: inURL)
        let pid = try spawn(
            executable, arguments, stdin: inURL.path, stdout: outURL.path, stderr: errURL.path,
            environment: environment, directory: directory)
        guard let status = wait(for: pid, timeout: timeout) else {
            let name = (executable as NSString).lastPathComponent
            throw Failure(description: "\(name) \(arguments.joined(separator: " ")) ran longer than \(timeout) s")
        }
        return ChildProcess(
            status: status,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// Starts `executable` (a path, or a name looked up on PATH) with `arguments` and returns its process id.
    ///
    /// Standard input is read from the file `stdin`; output and error are written to the files `stdout` and
    /// `stderr` (created or truncated); each defaults to `/dev/null`. The child inherits no other descriptor, has
    /// an empty signal mask and default signal actions (test threads block signals, and a program started with
    /// that mask would never see SIGWINCH or SIGHUP), and runs in `directory` when one is given.
    public static func spawn(
        _ executable: String, _ arguments: [String], stdin: String = "/dev/null", stdout: String = "/dev/null",
        stderr: String = "/dev/null", environment: [String: String?] = [:], directory: String? = nil
    ) throws -> pid_t {
        try spawn(
            executable, arguments, streams: [.file(stdin), .file(stdout), .file(stderr)], environment: environment,
            directory: directory)
    }

    /// Where one of a child's standard streams comes from or goes to.
    enum Stream {
        /// A file opened for the child: read for standard input, created or truncated for output and error.
        case file(String)
        /// A descriptor of this process (a pipe's end), duplicated onto the stream.
        case descriptor(Int32)
    }

    /// Starts `executable` with its standard input, output and error taken from `streams` (in that order); the
    /// child inherits nothing else. See the public `spawn` for the rest.
    static func spawn(
        _ executable: String, _ arguments: [String], streams: [Stream], environment: [String: String?],
        directory: String?
    ) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let directory {
            try check(addChdir(&actions, directory), "cannot run \(executable) in \(directory)")
        }
        for (number, stream) in zip(Int32(0)..., streams) {
            switch stream {
            case .file(let path):
                let flags = number == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC
                try check(posix_spawn_file_actions_addopen(&actions, number, path, flags, 0o600), "cannot open \(path)")
            case .descriptor(let descriptor):
                try check(posix_spawn_file_actions_adddup2(&actions, descriptor, number), "cannot pass \(descriptor)")
            }
        }
        try check(addCloseFrom(&actions, 3), "cannot close descriptors")
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var variables = ProcessInfo.processInfo.environment
        variables["XDG_CONFIG_HOME"] = configHome
        for (name, value) in environment { variables[name] = value }
        var envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in envp { free(p) } }
        var pid: pid_t = 0
        try check(posix_spawnp(&pid, executable, &actions, &attributes, &argv, &envp), "cannot run \(executable)")
        return pid
    }

    /// Waits up to `timeout` seconds for the child `pid` to exit and returns its status (128 + signal when it was
    /// killed); when it is still running then, kills it and returns nil.
    ///
    /// A thread of its own blocks in `waitpid`, so the exit is seen the moment it happens, with no polling.
    public static func wait(for pid: pid_t, timeout: TimeInterval) -> Int32? {
        let exited = DispatchSemaphore(value: 0)
        let status = Locked<Int32?>(nil)
        Thread.detachNewThread {
            var raw: Int32 = 0
            var result: pid_t
            repeat { result = waitpid(pid, &raw, 0) } while result < 0 && errno == EINTR
            if result == pid { status.withLock { $0 = exitStatus(raw) } }
            exited.signal()
        }
        if exited.wait(timeout: .now() + timeout) == .timedOut {
            kill(pid, SIGKILL)
            exited.wait()
            return nil
        }
        return status.withLock { $0 }
    }

    /// The exit code in a `waitpid` status, or 128 + the signal that ended the process.
    static func exitStatus(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// Throws `message` with the error number when a spawn call returned one.
    private static func check(_ result: Int32, _ message: String) throws {
        guard result == 0 else { throw Failure(description: "\(message): \(String(cString: strerror(result)))") }
    }

    /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29), which Swift's Glibc module does not import.
    private static let addChdir = unsafeBitCast(
        glibcFunction("posix_spawn_file_actions_addchdir_np"),
        to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32).self)

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34), which Swift's Glibc module does not import.
    private static let addCloseFrom = unsafeBitCast(
        glibcFunction("posix_spawn_file_actions_addclosefrom_np"),
        to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)

    /// The address of the C library function `name`; a C library without it cannot run these tests.
    private static func glibcFunction(_ name: String) -> UnsafeMutableRawPointer {
        guard let symbol = dlsym(nil, name) else { fatalError("the C library has no \(name) (glibc 2.34 or later)") }
        return symbol
    }
}
