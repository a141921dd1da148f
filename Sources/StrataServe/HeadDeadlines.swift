import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The time each connection has to send a whole request head, however slowly its bytes come (libmicrohttpd's
/// timeout only bounds the silence between them, so a client sending a header line every few seconds held a
/// connection for ever).
///
/// A connection's clock starts when it opens and again when a request on it is answered; it stops when its next
/// request head is complete. ``sweep(at:)`` shuts down the socket of every connection past its deadline, which
/// libmicrohttpd then closes as a client that went away.
final class HeadDeadlines: @unchecked Sendable {
    /// Seconds a connection has for each request head.
    let seconds: Double
    private let lock = NSLock()
    /// Connections waiting for a head: their socket and when their time is up.
    private var waiting: [OpaquePointer: (fd: Int32, deadline: Double)] = [:]
    /// Sockets of open connections not waiting (a request in progress), so a re-armed clock knows the socket.
    private var sockets: [OpaquePointer: Int32] = [:]

    /// Creates deadlines of `seconds` per head.
    init(seconds: Double) { self.seconds = seconds }

    /// A connection on socket `fd` opened at `now`: its clock starts.
    func opened(_ connection: OpaquePointer, fd: Int32, at now: Double) {
        lock.withLock {
            sockets[connection] = fd
            waiting[connection] = (fd, now + seconds)
        }
    }

    /// `connection`'s request head is complete: its clock stops.
    func headComplete(_ connection: OpaquePointer) {
        lock.withLock { _ = waiting.removeValue(forKey: connection) }
    }

    /// A request on `connection` was answered at `now`: the clock starts again for the next head.
    func answered(_ connection: OpaquePointer, at now: Double) {
        lock.withLock {
            if let fd = sockets[connection] { waiting[connection] = (fd, now + seconds) }
        }
    }

    /// `connection` closed (its socket is still open: libmicrohttpd tells before closing it).
    func closed(_ connection: OpaquePointer) {
        lock.withLock {
            waiting.removeValue(forKey: connection)
            sockets.removeValue(forKey: connection)
        }
    }

    /// Shuts down every connection whose time is up at `now` and returns their sockets. Under the lock, so a
    /// socket is never shut down after its connection closed (when its number may name another one).
    @discardableResult
    func sweep(at now: Double, shutDown: (Int32) -> Void = { _ = shutdown($0, Int32(SHUT_RDWR)) }) -> [Int32] {
        lock.withLock {
            let late = waiting.filter { $0.value.deadline <= now }
            for (connection, entry) in late {
                shutDown(entry.fd)
                waiting.removeValue(forKey: connection)
            }
            return late.map(\.value.fd).sorted()
        }
    }

    /// Seconds on the monotonic clock.
    static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
