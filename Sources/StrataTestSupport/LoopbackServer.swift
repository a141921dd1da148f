import Foundation
import Strata

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 for tests: POSIX sockets, one thread per connection, one request per
/// connection (`Connection: close`).
///
/// ```swift
/// let server = try LoopbackServer { request in .json(#"{"ok":true}"#) }
/// defer { server.stop() }
/// // send to server.baseURL ...
/// ```
public final class LoopbackServer: @unchecked Sendable {
    /// A request as the server received it.
    public struct Request: Sendable {
        /// The method (`GET`).
        public var method: String
        /// The request target as sent: path and query (`/get?a=1`).
        public var target: String
        /// The path part of the target, still percent-encoded.
        public var path: String
        /// The query params in order, decoded (`+` as space).
        public var query: [(name: String, value: String)]
        /// The header fields in order.
        public var headers: HTTPHeaders
        /// The body bytes.
        public var body: [UInt8]

        /// The body as UTF-8 text.
        public var bodyText: String { String(decoding: body, as: UTF8.self) }

        /// The first value of query param `name`.
        public func query(_ name: String) -> String? { query.first { $0.name == name }?.value }
    }

    /// What the server answers.
    public struct Reply: Sendable {
        /// The status code.
        public var status: Int
        /// Header fields (Content-Length and Connection are added).
        public var headers: [(String, String)]
        /// The body.
        public var body: [UInt8]
        /// Seconds to wait before answering.
        public var delay: Double
        /// Seconds to hold the connection after sending the head and the first half of the body (a body that
        /// stalls on its way).
        public var stall: Double = 0
        /// A body sent in parts by handshake instead of ``body`` (see ``events(_:gate:contentType:)``).
        public var stream: StreamedBody? = nil

        /// Creates a reply.
        public init(
            status: Int = 200, headers: [(String, String)] = [], body: [UInt8] = [], delay: Double = 0,
            stall: Double = 0
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
            self.stall = stall
        }

        /// A JSON reply.
        public static func json(_ text: String, status: Int = 200, delay: Double = 0) -> Reply {
            Reply(status: status, headers: [("Content-Type", "application/json")], body: Array(text.utf8), delay: delay)
        }

        /// A text reply with the given content type.
        public static func text(_ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8")
            -> Reply
        {
            Reply(status: status, headers: [("Content-Type", contentType)], body: Array(text.utf8))
        }

        /// A redirect to `location`.
        public static func redirect(_ location: String, status: Int = 302) -> Reply {
            Reply(status: status, headers: [("Location", location)])
        }
    }

    /// The port the server listens on.
    public let port: Int
    private let listener: Int32
    private let handler: @Sendable (Request) -> Reply
    private let lock = NSLock()
    private var received: [Request] = []
    private var stopped = false

    /// `http://127.0.0.1:PORT`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Every request received so far, in order.
    public var requests: [Request] { lock.withLock { received } }

    /// Starts listening on an ephemeral port of 127.0.0.1; `handler` answers each request on its own thread.
    public init(handler: @escaping @Sendable (Request) -> Reply) throws {
        self.handler = handler
        let (fd, port) = try LoopbackSocket.listen(backlog: 64, reuseAddress: true)
        self.port = port
        listener = fd
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "LoopbackServer:\(port)"
        thread.start()
    }

    deinit { stop() }

    /// Stops accepting connections; connections being answered finish on their own.
    public func stop() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        // Only shut down here: that wakes the accept loop, which closes the socket itself. Closing it here would
        // free its number while the loop may still call accept() with it, on the next server's socket.
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private func acceptLoop() {
        defer { close(listener) }
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            if lock.withLock({ stopped }) {
                close(client)
                return
            }
            let thread = Thread { [self] in serve(client) }
            thread.start()
        }
    }

    private func serve(_ fd: Int32) {
        defer { close(fd) }
        guard let request = LoopbackServer.readRequest(fd) else {
            // Not HTTP (a TLS handshake, say): answer in plain text, as a plain HTTP server does.
            let bytes = Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
            _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            return
        }
        lock.withLock { received.append(request) }
        let reply = handler(request)
        if let stream = reply.stream {
            LoopbackServer.sendStream(reply, stream, method: request.method, to: fd)
            return
        }
        if reply.delay > 0 { Thread.sleep(forTimeInterval: reply.delay) }
        var head =
            "HTTP/1.1 \(reply.status) \(Response.reason(reply.status).isEmpty ? "Status" : Response.reason(reply.status))\r\n"
        for (name, value) in reply.headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(reply.body.count)\r\nConnection: close\r\n\r\n"
        var bytes = Array(head.utf8)
        if request.method != "HEAD" { bytes += reply.body }
        let pause = reply.stall > 0 ? bytes.count - reply.body.count / 2 : bytes.count
        guard LoopbackServer.sendAll(bytes[..<pause], to: fd) else { return }
        if reply.stall > 0 { Thread.sleep(forTimeInterval: reply.stall) }
        _ = LoopbackServer.sendAll(bytes[pause...], to: fd)
    }

    /// Sends all of `bytes`; false when the peer is gone.
    static func sendAll(_ bytes: ArraySlice<UInt8>, to fd: Int32) -> Bool {
        var sent = bytes.startIndex
        while sent < bytes.endIndex {
            let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            sent += n
        }
        return true
    }

    /// Reads one request: head up to the blank line, then Content-Length bytes of body.
    static func readRequest(_ fd: Int32) -> Request? {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var headEnd: Int? = nil
        while headEnd == nil {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { return nil }
            data += buffer[0..<n]
            if let first = data.first, !(0x41...0x5A).contains(first) { return nil }
            headEnd = find([13, 10, 13, 10], in: data)
            if data.count > 1 << 20 { return nil }
        }
        let head = String(decoding: data[0..<headEnd!], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.append(
                name: String(line[..<colon]),
                value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var body = Array(data[(headEnd! + 4)...])
        let length = Int(headers["Content-Length"] ?? "0") ?? 0
        while body.count < length {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { break }
            body += buffer[0..<n]
        }
        let target = String(requestLine[1])
        let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
        var query: [(String, String)] = []
        if let q = target.firstIndex(of: "?") {
            for item in target[target.index(after: q)...].split(separator: "&") {
                let kv = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                query.append(
                    (
                        PercentEncoding.decode(String(kv[0]), plusAsSpace: true),
                        kv.count > 1 ? PercentEncoding.decode(String(kv[1]), plusAsSpace: true) : ""
                    ))
            }
        }
        return Request(
            method: String(requestLine[0]), target: target, path: path, query: query, headers: headers, body: body)
    }

    static func find(_ needle: [UInt8], in hay: [UInt8]) -> Int? {
        guard hay.count >= needle.count else { return nil }
        for i in 0...(hay.count - needle.count)
        where hay[i] == needle[0] && Array(hay[i..<(i + needle.count)]) == needle {
            return i
        }
        return nil
    }
}

/// The loopback server could not start.
public struct LoopbackError: Error, CustomStringConvertible {
    /// What failed.
    public var description: String
    init(_ description: String) { self.description = description }
}
