import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A thread-safe way to interrupt a blocked ``TerminalBackend/nextEvent(timeout:)``: the self-pipe trick.
///
/// The waiting thread sleeps in `poll()` on the pipe's read end (and the terminal's input), so an idle program uses
/// no CPU. Any thread may call ``wake()``: it writes a byte, `poll()` returns, and the backend reports
/// ``Event/wake``. Share the pipe with background work; it is `Sendable`.
public final class WakePipe: Sendable {
    /// The end to poll for readability.
    public let readDescriptor: Int32
    /// The end ``wake()`` writes to; a signal handler may write a byte here too (`write` is async-signal-safe).
    public let writeDescriptor: Int32
    /// Whether ``wake()`` was called since the last ``takeWake()``.
    private let pending = Atomic<Bool>(false)

    /// Opens the pipe (non-blocking, close-on-exec).
    public init() throws(TerminalError) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else {
            throw TerminalError("cannot create the wake pipe: \(String(cString: strerror(errno)))")
        }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        readDescriptor = fds[0]
        writeDescriptor = fds[1]
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// Interrupts the current or next wait; safe from any thread. Several wakes before a wait count as one.
    public func wake() {
        pending.store(true, ordering: .sequentiallyConsistent)
        nudge()
    }

    /// Makes the current or next wait return without reporting a wake (for queued events).
    public func nudge() {
        var byte: UInt8 = 1
        // A full pipe (EAGAIN) already guarantees the waiter will see it.
        _ = write(writeDescriptor, &byte, 1)
    }

    /// Empties the pipe and reports whether ``wake()`` was called since the last time, clearing that.
    public func takeWake() -> Bool {
        var scratch = [UInt8](repeating: 0, count: 64)
        while read(readDescriptor, &scratch, scratch.count) > 0 {}
        return pending.exchange(false, ordering: .sequentiallyConsistent)
    }

    /// What ended a ``wait(input:timeout:)``.
    public struct WaitResult: Hashable, Sendable {
        /// The input descriptor has data (or hit end of file / an error, which a read will report).
        public var inputReady: Bool
        /// The pipe has bytes: call ``WakePipe/takeWake()``.
        public var pipeReady: Bool
        /// A signal interrupted the wait (for example SIGWINCH on resize).
        public var interrupted: Bool

        /// Nothing happened before the timeout.
        public var timedOut: Bool { !inputReady && !pipeReady && !interrupted }
    }

    /// Sleeps until `input` (if any) is readable, the pipe is written to, a signal arrives, or `timeout` passes
    /// (nil waits indefinitely). Uses `poll()`, so waiting takes no CPU.
    public func wait(input: Int32?, timeout: Duration?) -> WaitResult {
        var fds = [pollfd(fd: readDescriptor, events: Int16(POLLIN), revents: 0)]
        if let input { fds.append(pollfd(fd: input, events: Int16(POLLIN), revents: 0)) }
        var milliseconds: Int32 = -1
        if let timeout {
            let (seconds, attoseconds) = timeout.components
            let total = max(seconds, 0) * 1000 + max(attoseconds, 0) / 1_000_000_000_000_000
            milliseconds = Int32(clamping: total)
        }
        let count = poll(&fds, nfds_t(fds.count), milliseconds)
        if count < 0 {
            return WaitResult(inputReady: false, pipeReady: false, interrupted: errno == EINTR)
        }
        let readyMask = Int16(POLLIN | POLLHUP | POLLERR | POLLNVAL)
        return WaitResult(
            inputReady: fds.count > 1 && fds[1].revents & readyMask != 0,
            pipeReady: fds[0].revents & readyMask != 0,
            interrupted: false)
    }
}

/// A terminal backend failure, phrased for a person.
public struct TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong and, where possible, what to do.
    public var message: String

    /// Creates an error.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
