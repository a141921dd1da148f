import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A serial queue whose thread runs at the lowest priority (nice 19, about 1.5 % of a core beside a busy thread):
/// the history writes a 100 MB body there, and the parse and mapping of that body, on every core, are not slowed by
/// it, while the write still goes on when the cores stay busy.
///
/// Jobs run one at a time in the order given, on a thread started for them that ends when none is left.
///
/// ```swift
/// let writes = IdleQueue(label: "strata.history.writes")
/// writes.async { write(body) }
/// writes.sync()   // every job given before has run
/// ```
final class IdleQueue: @unchecked Sendable {
    /// The thread's name.
    let label: String
    private let condition = NSCondition()
    private var jobs: [@Sendable () -> Void] = []
    /// Jobs given so far, and jobs run so far.
    private var given = 0
    private var done = 0
    private var threadRunning = false

    /// A queue whose thread is named `label`.
    init(label: String) { self.label = label }

    /// Runs `job` after every job given before, on the queue's thread.
    func async(_ job: @escaping @Sendable () -> Void) {
        let start = condition.withLock {
            jobs.append(job)
            given += 1
            defer { threadRunning = true }
            return !threadRunning
        }
        guard start else { return }
        let thread = Thread { [self] in run() }
        thread.name = label
        thread.start()
    }

    /// Waits until every job given before this call has run.
    func sync() {
        condition.withLock {
            let wanted = given
            while done < wanted { condition.wait() }
        }
    }

    /// Runs the jobs until none is left, at the lowest priority.
    private func run() {
        IdleQueue.lowerPriority()
        while true {
            let job: (@Sendable () -> Void)? = condition.withLock {
                if jobs.isEmpty {
                    threadRunning = false
                    return nil
                }
                return jobs.removeFirst()
            }
            guard let job else { return }
            job()
            condition.withLock {
                done += 1
                condition.broadcast()
            }
        }
    }

    /// The nice value of the queue's thread.
    static let niceness: Int32 = 19

    /// Lowers the calling thread's priority to ``niceness`` (on Linux the nice value is per thread, and `0` names
    /// the calling one; elsewhere it would be the process's, so it is left alone).
    static func lowerPriority() {
        #if os(Linux)
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
        #endif
    }
}
