import Dispatch

/// Runs tasks on their own concurrent Dispatch queue instead of Swift's shared cooperative pool.
///
/// Code that blocks a thread while tasks it started finish (the explorer's loop, `strata serve`'s connection
/// threads waiting for a live answer) would starve if those tasks waited for a free thread of the pool, whose
/// threads may all be blocked (in tests, in async callers); on their own queue they always make progress.
///
/// ```swift
/// Task.detached(executorPreference: DispatchTaskExecutor(label: "work")) { await work() }
/// ```
public final class DispatchTaskExecutor: TaskExecutor, @unchecked Sendable {
    /// The queue jobs run on (concurrent, so one slow job never holds up another).
    private let queue: DispatchQueue

    /// Creates an executor with its own queue named `label`.
    public init(label: String) {
        queue = DispatchQueue(label: label, qos: .userInitiated, attributes: .concurrent)
    }

    /// Runs `job` on the queue.
    public func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        queue.async { unowned.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
