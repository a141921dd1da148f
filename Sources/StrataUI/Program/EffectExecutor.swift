import Dispatch

/// Runs effect tasks on their own Dispatch queue instead of Swift's shared cooperative pool.
///
/// The program loop blocks its thread while it waits for input (and `settle()` blocks while effects finish). When
/// that thread is one of the pool's few threads (in tests, in async callers), effects queued on the same pool could
/// wait forever for a free thread; on their own queue they always make progress.
final class EffectExecutor: TaskExecutor, @unchecked Sendable {
    /// The queue effect jobs run on (concurrent, so a slow request never holds up parsing another response).
    private let queue = DispatchQueue(label: "strata.effects", qos: .userInitiated, attributes: .concurrent)

    /// The executor all programs share.
    static let shared = EffectExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        queue.async { unowned.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
