import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A plain TCP connection to a loopback port, for requests URLSession will not send (half requests, chunked
/// bodies written by hand, a body held back while the test does something else).
public final class RawConnection {
    let fd: Int32

    /// Connects to `port` on 127.0.0.1; reads give up after 60 s, so a broken server fails a test instead of
    /// hanging it.
    public init(port: Int) throws {
        fd = try LoopbackSocket.stream()
        var addr = LoopbackSocket.address(port: port)
        let rc = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard rc == 0 else {
            close(fd)
            throw LoopbackError("connect to 127.0.0.1:\(port) failed: errno \(errno)")
        }
        var limit = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    /// Sends `text` as UTF-8 (a closed connection is ignored: the read that follows says what happened).
    public func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// What the server sends up to and including the first `marker` (nil when the connection closed or the read
    /// timed out first). Reads one byte at a time, so nothing after the marker is taken.
    public func read(through marker: String) -> String? {
        let wanted = Array(marker.utf8)
        var out: [UInt8] = []
        var byte: UInt8 = 0
        while !out.ends(with: wanted) {
            guard recv(fd, &byte, 1, 0) == 1 else { return nil }
            out.append(byte)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Exactly the next `count` bytes the server sends (nil when the connection closed or the read timed out
    /// first): a chunk of a chunked body, whatever bytes it holds.
    public func read(count: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let n = out.withUnsafeMutableBytes { recv(fd, $0.baseAddress! + got, count - got, 0) }
            guard n > 0 else { return nil }
            got += n
        }
        return out
    }

    /// The next chunk of a chunked body, read by its size line (nil when the connection ended or the chunked
    /// framing broke first): `[]` for the last chunk, whose trailer (an empty line) is read too.
    public func readChunk() -> [UInt8]? {
        guard let line = read(through: "\r\n"),
            let size = Int(line.trimmingCharacters(in: .whitespacesAndNewlines), radix: 16)
        else { return nil }
        guard let data = size > 0 ? read(count: size) : [], read(count: 2) == Array("\r\n".utf8) else {
            return nil
        }
        return data
    }

    /// How many bytes the server has sent that are not read yet, without waiting for any (0 when none have come).
    public var unreadCount: Int {
        var buffer = [UInt8](repeating: 0, count: 65536)
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_PEEK | MSG_DONTWAIT)) }
        return max(0, n)
    }

    /// Everything the server sends until it closes the connection (nil when the read timed out instead).
    public func readToEnd() -> String? {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { return String(decoding: out, as: UTF8.self) }
            if n < 0 { return errno == ECONNRESET ? String(decoding: out, as: UTF8.self) : nil }
            out += buffer[0..<n]
        }
    }
}

extension Array where Element == UInt8 {
    /// Whether the last bytes are `suffix`.
    func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
    }
}
