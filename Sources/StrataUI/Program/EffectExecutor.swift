import Strata

/// The executor effect tasks run on: their own Dispatch queue instead of Swift's shared cooperative pool.
///
/// The program loop blocks its thread while it waits for input (and `settle()` blocks while effects finish). When
/// that thread is one of the pool's few threads (in tests, in async callers), effects queued on the same pool could
/// wait forever for a free thread; on their own queue they always make progress.
enum EffectExecutor {
    /// The executor all programs share.
    static let shared = DispatchTaskExecutor(label: "strata.effects")
}
