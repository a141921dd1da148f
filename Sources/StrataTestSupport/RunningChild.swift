import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program a test starts and talks to while it runs (a server, a streaming command): its standard output is read
/// as it arrives, its standard error is kept in a file.
///
/// Started like `ChildProcess.run` (`posix_spawn`, nothing inherited beyond the three standard streams, default
/// signal handling). Every read and the wait for the exit give up after `ChildProcess.patience`, so a hung child
/// fails its test instead of hanging the run; a child still running when this is released is killed.
public final class RunningChild {
    /// The child's process id.
    public let pid: pid_t
    /// The read end of the pipe the child writes its standard output to.
    private let output: Int32
    /// A folder of our own holding the child's standard error.
    private let scratch: URL
    /// True once the child's exit has been waited for (it is reaped and its id may be reused).
    private var reaped = false

    /// Starts `executable` (a path, or a name looked up on PATH) with `arguments`; `environment` entries are added
    /// to (or, when nil, removed from) this process's environment.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String?] = [:], directory: String? = nil
    ) throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strata-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw ChildProcess.Failure(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        // (Swift's Glibc has no `pipe2`.) Close-on-exec keeps the ends out of programs other tests start meanwhile.
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        do {
            pid = try ChildProcess.spawn(
                executable, arguments,
                streams: [
                    .file("/dev/null"), .descriptor(ends[1]), .file(scratch.appendingPathComponent("stderr").path),
                ],
                environment: environment, directory: directory)
        } catch {
            close(ends[0])
            close(ends[1])
            try? FileManager.default.removeItem(at: scratch)
            throw error
        }
        close(ends[1])
        output = ends[0]
    }

    deinit {
        if !reaped {
            kill(pid, SIGKILL)
            _ = ChildProcess.wait(for: pid, timeout: ChildProcess.patience)
        }
        close(output)
        try? FileManager.default.removeItem(at: scratch)
    }

    /// Standard output up to and including the first `marker`; nil when the output ends (or the patience runs
    /// out) first. Reads one byte at a time, so nothing after the marker is taken.
    public func read(through marker: String) -> String? {
        let wanted = Array(marker.utf8)
        let deadline = Date().addingTimeInterval(ChildProcess.patience)
        var out: [UInt8] = []
        while !out.ends(with: wanted) {
            guard let bytes = next(upTo: 1, before: deadline) else { return nil }
            out += bytes
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The next line of standard output, without its line break; nil when the output ends first.
    public func readLine() -> String? {
        read(through: "\n").map { String($0.dropLast()) }
    }

    /// The rest of standard output, up to its end (or as much as arrived within the patience).
    public func readToEnd() -> String {
        let deadline = Date().addingTimeInterval(ChildProcess.patience)
        var out: [UInt8] = []
        while let bytes = next(upTo: 65536, before: deadline) { out += bytes }
        return String(decoding: out, as: UTF8.self)
    }

    /// Sends `signal` (SIGTERM by default) to the child, unless it was already waited for.
    public func send(_ signal: Int32 = SIGTERM) {
        if !reaped { kill(pid, signal) }
    }

    /// Waits for the child to exit and returns its status (128 + signal when killed); nil when it ran out the
    /// patience, in which case it was killed. Read its output first: a child blocked on a full pipe never exits.
    public func wait() -> Int32? {
        guard !reaped else { return nil }
        reaped = true
        return ChildProcess.wait(for: pid, timeout: ChildProcess.patience)
    }

    /// Kills the child (SIGKILL: nothing to wait for) and waits for it.
    public func stop() {
        send(SIGKILL)
        _ = wait()
    }

    /// What the child wrote to standard error so far.
    public var errors: String {
        (try? String(contentsOf: scratch.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
    }

    /// Up to `limit` bytes of standard output, waiting for them until `deadline`; nil at its end or the deadline.
    private func next(upTo limit: Int, before deadline: Date) -> [UInt8]? {
        var ready = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return nil }
            let polled = poll(&ready, 1, Int32(min(left * 1000, Double(Int32.max - 1))) + 1)
            if polled < 0 && errno == EINTR { continue }
            guard polled > 0 else { return nil }
            break
        }
        var buffer = [UInt8](repeating: 0, count: limit)
        var count: Int
        repeat { count = Glibc.read(output, &buffer, limit) } while count < 0 && errno == EINTR
        return count > 0 ? Array(buffer[..<count]) : nil
    }
}
