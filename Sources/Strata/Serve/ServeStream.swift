import Foundation

/// A live body `strata serve` relays while it arrives: the transfer's thread hands over each piece (``arrived(_:)``),
/// the server takes them as soon as they are there (``take(into:count:)``, woken by ``whenReady(_:)``: no thread
/// waits for a client's bytes), and the reply to
/// log (the journal line, the Traffic entry) is known once the transfer has ended (``waitForEnd()``).
///
/// Whether a response is relayed is decided by its head (``StreamingBody/isRelayed(method:status:headers:)``): one
/// that is not is waited for whole, as every answer was before, and ``waitForHead()`` hands it over complete.
///
/// The waits end: the transfer always finishes, by its end, its failure, the request's timeout, or ``cancel()``
/// (the client gone, the server stopping), and ``finish(_:)`` is called then.
public final class ServeStream: @unchecked Sendable {
    /// The status and headers a relayed body is answered with (the hop-by-hop ones left out).
    public struct Head: Sendable {
        /// The status.
        public var status: Int
        /// The headers, in wire order.
        public var headers: HTTPHeaders
    }

    /// What ``waitForHead()`` found first.
    public enum Answer: Sendable {
        /// The head of a body that is relayed as it arrives.
        case head(Head)
        /// The whole reply: the transfer ended before a relayed head came (not a stream, or a failure).
        case whole(ServeReply)
    }

    /// What the transfer ended with: the reply to log, and whether the relayed body ended cleanly (a body cut
    /// short, or past `maxBodyBytes`, ends the client's response with an error instead).
    public struct Ending: Sendable {
        /// The reply to log (for a relayed body: the head's status and headers, the whole body, the outcome).
        public var reply: ServeReply
        /// True when the body arrived whole.
        public var clean: Bool

        /// Creates an ending.
        public init(reply: ServeReply, clean: Bool) {
            self.reply = reply
            self.clean = clean
        }
    }

    private let condition = NSCondition()
    private let method: String
    private var head: Head?
    /// The hop whose body is relayed (a redirect before it is not).
    private var hop = 0
    /// Bytes arrived and not yet read.
    private var pending: [UInt8] = []
    private var taken = 0
    private var relayedBytes = 0
    private var ending: Ending?
    private var cancelled = false
    private var task: Task<Void, Never>?
    /// Who waits for the next bytes or the end (``whenReady(_:)``).
    private var waker: (@Sendable () -> Void)?

    /// A stream for a request with `method` (a `HEAD` is never relayed).
    public init(method: String) {
        self.method = method
    }

    /// Body bytes relayed so far.
    public var relayed: Int { condition.withLock { relayedBytes } }

    /// The head, once a relayed one has arrived.
    public var relayedHead: Head? { condition.withLock { head } }

    /// Takes a report from the transfer (on its thread): a head that is relayed, then each piece of its body.
    public func arrived(_ progress: TransferProgress) {
        let wake: (@Sendable () -> Void)? = condition.withLock {
            guard ending == nil else { return nil }
            if head == nil {
                guard progress.chunk.isEmpty,
                    StreamingBody.isRelayed(method: method, status: progress.status, headers: progress.headers)
                else { return nil }
                head = Head(status: progress.status, headers: ServeStream.forwarded(progress.headers))
                hop = progress.hop
            } else {
                guard progress.hop == hop, !progress.chunk.isEmpty else { return nil }
                // What the client has been sent is dropped once it is most of what is held.
                if taken > 0, taken == pending.count || (taken >= 64 << 10 && taken * 2 >= pending.count) {
                    pending.removeFirst(taken)
                    taken = 0
                }
                pending += progress.chunk
                relayedBytes += progress.chunk.count
                condition.broadcast()
                return takeWaker()
            }
            condition.broadcast()
            return nil
        }
        wake?()
    }

    /// Ends the stream (on the transfer's side, once): `make` gets the relayed head (nil when none came) and returns
    /// the ending.
    public func finish(_ make: (Head?) -> Ending) {
        let wake: (@Sendable () -> Void)? = condition.withLock {
            guard ending == nil else { return nil }
            ending = make(head)
            condition.broadcast()
            return takeWaker()
        }
        wake?()
    }

    /// Runs the transfer as `task`, which ``cancel()`` cancels.
    public func run(_ task: Task<Void, Never>) {
        let cancelNow = condition.withLock {
            self.task = task
            return cancelled
        }
        if cancelNow { task.cancel() }
    }

    /// Stops the transfer (the client went away, or the server stops); the stream ends as the transfer does.
    public func cancel() {
        let task = condition.withLock {
            cancelled = true
            return self.task
        }
        task?.cancel()
    }

    /// Waits for a relayed head, or for the whole reply when the transfer ends first.
    public func waitForHead() -> Answer {
        condition.withLock {
            while head == nil && ending == nil { condition.wait() }
            if let head { return .head(head) }
            return .whole(ending!.reply)
        }
    }

    /// Copies at most `count` relayed bytes to `buffer` without waiting: the number copied, 0 at a clean end, -1
    /// when the body was cut short, or nil when no bytes are there yet (``whenReady(_:)`` says when they are).
    public func take(into buffer: UnsafeMutableRawPointer, count: Int) -> Int? {
        condition.withLock {
            if taken < pending.count {
                let n = min(count, pending.count - taken)
                pending.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress! + taken, byteCount: n) }
                taken += n
                return n
            }
            guard let ending else { return nil }
            return ending.clean ? 0 : -1
        }
    }

    /// Calls `wake` once, when ``take(into:count:)`` has something to give (bytes or the end): at once when it has
    /// now, else on the transfer's thread when they arrive. A newer `wake` replaces one not yet called.
    public func whenReady(_ wake: @escaping @Sendable () -> Void) {
        let now = condition.withLock {
            if taken < pending.count || ending != nil { return true }
            waker = wake
            return false
        }
        if now { wake() }
    }

    /// The waker kept by ``whenReady(_:)``, if any, taken under the lock (to be called after it).
    private func takeWaker() -> (@Sendable () -> Void)? {
        defer { waker = nil }
        return waker
    }

    /// Waits until the transfer has ended, and returns the reply to log.
    public func waitForEnd() -> ServeReply {
        condition.withLock {
            while ending == nil { condition.wait() }
            return ending!.reply
        }
    }

    /// The headers of an upstream answer that are passed on: the per-connection ones and the body's encoding (the
    /// live source decodes it) are left out.
    static func forwarded(_ headers: HTTPHeaders) -> HTTPHeaders {
        headers.endToEnd(droppingAlso: ["content-encoding"])
    }
}
