import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// TCP sockets on 127.0.0.1 for the test servers: one place for the socket calls they share.
enum LoopbackSocket {
    /// A new TCP socket.
    static func stream() throws -> Int32 {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw LoopbackError("socket() failed: errno \(errno)") }
        return fd
    }

    /// The address of `port` on 127.0.0.1 (0: any free port, when binding).
    static func address(port: Int) -> sockaddr_in {
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = UInt16(port).bigEndian
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        return addr
    }

    /// A socket listening on a free port of 127.0.0.1 with `backlog`, and that port.
    static func listen(backlog: Int32, reuseAddress: Bool = false) throws -> (fd: Int32, port: Int) {
        let fd = try stream()
        if reuseAddress {
            var yes: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        }
        var addr = address(port: 0)
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        #if canImport(Glibc)
            let listening = Glibc.listen(fd, backlog)
        #else
            let listening = Darwin.listen(fd, backlog)
        #endif
        guard bound == 0, listening == 0 else {
            close(fd)
            throw LoopbackError("bind/listen on 127.0.0.1 failed: errno \(errno)")
        }
        var len = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) }
        }
        return (fd, Int(UInt16(bigEndian: addr.sin_port)))
    }
}
