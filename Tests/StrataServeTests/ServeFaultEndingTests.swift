import Foundation
import StrataTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// How a fault ends the connection, as a client's socket sees it: a reset is a TCP RST (the read fails with
/// ECONNRESET), the other faults a clean close.
@Suite(.needsLibmicrohttpd) struct ServeFaultEndingTests {
    /// How a raw exchange ended.
    enum Ending: Equatable {
        case closed(bytes: Int)
        case reset(bytes: Int)
        case other(String)
    }

    /// Sends `GET path` over a plain socket to `port` on 127.0.0.1 and reads until the server closes or resets.
    static func exchange(port: Int, path: String) -> Ending {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return .other("socket: errno \(errno)") }
        defer { close(fd) }
        var wait = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return .other("connect: errno \(errno)") }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count
        else { return .other("send: errno \(errno)") }
        var total = 0
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                total += n
            } else if n == 0 {
                return .closed(bytes: total)
            } else if errno == ECONNRESET {
                return .reset(bytes: total)
            } else if errno != EINTR {
                return .other("recv: errno \(errno)")
            }
        }
    }

    @Test("a reset fault resets the connection; empty closes it without a byte")
    func resetIsARealReset() throws {
        let served = try ServedSession(fixtures: ServeFaultTests.fixtures)
        #expect(Self.exchange(port: served.server.port, path: "/reset") == .reset(bytes: 0))
        #expect(Self.exchange(port: served.server.port, path: "/empty") == .closed(bytes: 0))
    }
}
