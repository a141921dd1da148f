import Foundation
import Strata

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A handshake between a test and a streaming reply: the server waits at the gate before each part after the
/// first, and the test lets one part through with ``open()`` once it has seen the previous one arrive. No sleeps,
/// no timing: the test decides when the next part goes.
public final class StreamGate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let finished = Locked(false)

    /// Creates a closed gate.
    public init() {}

    /// Lets the next part through.
    public func open() { semaphore.signal() }

    /// Lets every part through from now on (call when the test ends, so no server thread waits forever).
    public func finish() {
        finished.withLock { $0 = true }
        semaphore.signal()
    }

    /// Waits until the gate opens (or has finished).
    func wait() {
        if finished.withLock({ $0 }) { return }
        semaphore.wait()
        if finished.withLock({ $0 }) { semaphore.signal() }
    }
}

extension LoopbackServer {
    /// A body sent in parts: the first at once, each later one when the gate opens; the connection closes after
    /// the last, which ends the body (no Content-Length unless `announcedLength` gives one).
    public struct StreamedBody: Sendable {
        /// The parts in order.
        public var parts: [[UInt8]]
        /// What each part after the first waits for.
        public var gate: StreamGate
        /// The Content-Length to send, or nil to end the body by closing the connection.
        public var announcedLength: Int?

        /// Creates a streamed body.
        public init(parts: [[UInt8]], gate: StreamGate, announcedLength: Int? = nil) {
            self.parts = parts
            self.gate = gate
            self.announcedLength = announcedLength
        }
    }

    /// Sends a streamed reply's head and parts on `fd`.
    static func sendStream(_ reply: LoopbackServer.Reply, _ stream: StreamedBody, method: String, to fd: Int32) {
        var head = "HTTP/1.1 \(reply.status) \(Response.reason(reply.status))\r\n"
        for (name, value) in reply.headers { head += "\(name): \(value)\r\n" }
        if let length = stream.announcedLength { head += "Content-Length: \(length)\r\n" }
        head += "Connection: close\r\n\r\n"
        guard sendAll(ArraySlice(Array(head.utf8)), to: fd), method != "HEAD" else { return }
        for (k, part) in stream.parts.enumerated() {
            if k > 0 { stream.gate.wait() }
            guard sendAll(ArraySlice(part), to: fd) else { return }
        }
    }
}

extension LoopbackServer.Reply {
    /// Server-sent events sent one part at a time: `parts` (each one or more whole events, or a piece of one)
    /// with `Content-Type: text/event-stream`.
    public static func events(_ parts: [String], gate: StreamGate, contentType: String = "text/event-stream")
        -> LoopbackServer.Reply
    {
        var reply = LoopbackServer.Reply(
            status: 200, headers: [("Content-Type", contentType), ("Cache-Control", "no-cache")])
        reply.stream = LoopbackServer.StreamedBody(parts: parts.map { Array($0.utf8) }, gate: gate)
        return reply
    }
}
