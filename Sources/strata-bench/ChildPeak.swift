import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A program run to its end with its output going to a file, and what it took: wall time and its own peak
/// resident memory (`ru_maxrss` from `wait4`, for that child alone).
///
/// Linux counts the spawning process's resident size at the spawn in the child's `ru_maxrss` (the child starts
/// in the parent's address space until it execs), so the figure is only the child's own while the parent is
/// smaller than it; a parent holding a big document has the child report its own `VmHWM` instead.
enum ChildPeak {
    /// What one run took.
    struct Result {
        var status: Int32
        var seconds: Double
        var peakKB: Int
        /// User and system CPU time of the child, in seconds.
        var cpuSeconds: Double = 0
    }

    /// Runs `program` with `arguments`, stdout to `output` and stderr to `errors` (files, or `/dev/null`).
    static func run(_ program: String, _ arguments: [String], output: String, errors: String = "/dev/null") throws
        -> Result
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        let start = Date()
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchError("cannot start \(program): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        let cpu =
            Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return Result(
            status: exit, seconds: Date().timeIntervalSince(start), peakKB: usage.ru_maxrss, cpuSeconds: cpu)
    }
}
