import Foundation

/// A value shared between threads behind a lock that ThreadSanitizer understands.
///
/// Swift's `Synchronization.Mutex` locks with a futex on Linux, which ThreadSanitizer cannot see, so every value
/// it guards shows up as a race; this lock is a pthread mutex (`NSLock`), which it does see. Use it wherever a
/// value is shared between the loop and effect or library threads.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A lock guarding `value`.
    package init(_ value: Value) { self.value = value }

    /// Runs `body` with the value while holding the lock.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
