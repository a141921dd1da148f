import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback port where a connect never completes: a socket listening with a backlog of 0 whose queue is
/// filled by connections nobody accepts, so the kernel drops every further SYN and a client waits in SYN-SENT
/// until its own connect timeout. Loopback only, no timing involved.
public final class SaturatedListener: @unchecked Sendable {
    /// The port listened on (127.0.0.1).
    public let port: Int
    private let listener: Int32
    private var fillers: [Int32] = []

    /// `http://127.0.0.1:PORT`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Listens with a backlog of 0 on an ephemeral port and fills its accept queue.
    public init() throws {
        (listener, port) = try LoopbackSocket.listen(backlog: 0)
        // The first connect completes into the queue (which a backlog of 0 lets hold one connection); a few more
        // without waiting cover kernels that let the queue hold another. None is ever accepted.
        try fill(blocking: true)
        for _ in 0..<3 { try fill(blocking: false) }
    }

    deinit {
        for fd in fillers { close(fd) }
        close(listener)
    }

    /// One client connection to the listener; a non-blocking one is left wherever its handshake got to.
    private func fill(blocking: Bool) throws {
        let fd = try LoopbackSocket.stream()
        fillers.append(fd)
        if !blocking { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        var addr = LoopbackSocket.address(port: port)
        let result = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        if result != 0 && !(errno == EINPROGRESS && !blocking) {
            throw LoopbackError("connect to 127.0.0.1:\(port) failed: errno \(errno)")
        }
    }
}
