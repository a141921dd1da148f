import Foundation
import Strata

#if canImport(Glibc)
    import Glibc
#endif

/// A listening TCP socket on `host:port`, opened before the server starts so a port in use or a bad host is a
/// clear error.
struct ListenSocket {
    let fd: Int32
    let port: Int
    let host: String

    /// Opens and listens; `port` 0 picks a free port.
    init(host: String, port: Int) throws(ServeError) {
        guard (0...65535).contains(port) else { throw ServeError("port \(port) is not 0–65535") }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE
        var list: UnsafeMutablePointer<addrinfo>? = nil
        let rc = getaddrinfo(host, String(port), &hints, &list)
        guard rc == 0, let first = list else {
            let why = rc == 0 ? "no address" : String(cString: gai_strerror(rc))
            throw ServeError("cannot listen on host '\(host)': \(why)")
        }
        defer { freeaddrinfo(list) }
        let ai = first.pointee
        let fd = socket(ai.ai_family, ai.ai_socktype, ai.ai_protocol)
        guard fd >= 0 else { throw ServeError("cannot open a socket: \(String(cString: strerror(errno)))") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        if bind(fd, ai.ai_addr, ai.ai_addrlen) != 0 {
            let e = errno
            close(fd)
            if e == EADDRINUSE {
                throw ServeError("port \(port) on \(host) is already in use (try --port 0 for a free one)")
            }
            if e == EADDRNOTAVAIL {
                throw ServeError("cannot listen on host '\(host)': it is not an address of this machine")
            }
            throw ServeError("cannot listen on \(host):\(port): \(String(cString: strerror(e)))")
        }
        guard listen(fd, 1024) == 0 else {
            let e = errno
            close(fd)
            throw ServeError("cannot listen on \(host):\(port): \(String(cString: strerror(e)))")
        }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let bound = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        var chosen = port
        if bound == 0 {
            if Int32(storage.ss_family) == AF_INET {
                chosen = withUnsafePointer(to: &storage) {
                    $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                        Int(UInt16(bigEndian: $0.pointee.sin_port))
                    }
                }
            } else if Int32(storage.ss_family) == AF_INET6 {
                chosen = withUnsafePointer(to: &storage) {
                    $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                        Int(UInt16(bigEndian: $0.pointee.sin6_port))
                    }
                }
            }
        }
        self.fd = fd
        self.port = chosen
        self.host = host
    }

    /// True when `host` names a loopback address (127.0.0.0/8, ::1, localhost).
    static func isLoopback(_ host: String) -> Bool { ServeListener.isLoopback(host) }
}
