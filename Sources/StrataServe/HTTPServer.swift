import CMicroHTTPD
import Foundation
import Strata

#if canImport(Glibc)
    import Glibc
#endif

/// `strata serve`'s HTTP server: libmicrohttpd (a few event-loop threads sharing the connections) answering with a
/// ``ServeResponder``; an answer that waits suspends its connection instead of holding a thread (``Suspensions``).
///
/// ```swift
/// let server = try HTTPServer(responder: responder, host: "127.0.0.1", port: 0)
/// print(server.url)   // http://127.0.0.1:41234
/// server.stop()       // after the requests in flight are answered
/// ```
public final class HTTPServer: @unchecked Sendable {
    /// What answers requests.
    public let responder: ServeResponder
    /// The limits applied.
    public let limits: ServeLimits
    /// The host listened on.
    public let host: String
    /// The port listened on (the one chosen when 0 was asked for).
    public let port: Int
    /// The event-loop threads that share the connections.
    public let threads: Int
    /// As many event-loop threads as the machine has cores, and at least two.
    public static var defaultThreads: Int { max(2, ProcessInfo.processInfo.activeProcessorCount) }
    private var daemon: OpaquePointer?
    private let lock = NSLock()
    private var listenFD: Int32
    /// Told, one line each, of a request libmicrohttpd dropped without an answer (one too large for the
    /// connection's memory), so no request goes unmentioned.
    let problems: (@Sendable (String) -> Void)?
    /// The time each connection has for a whole request head, and the thread that enforces it.
    let deadlines: HeadDeadlines
    private let sweeper = NSCondition()
    private var sweeping = true
    private let sweeperDone = DispatchSemaphore(value: 0)
    /// Bytes of request bodies held now, over every request (``ServeLimits/maxBodyBytesInFlight``).
    private let heldLock = NSLock()
    private var heldBytes = 0
    /// The live bodies being relayed now, cut when the server stops (a stream may never end by itself).
    let streams = Locked<[ObjectIdentifier: ServeStream]>([:])
    /// The connections whose answer waits.
    let suspensions = Suspensions()
    /// False once ``stop()`` has begun: a relay that starts later is cut at once.
    private var accepting: Bool { lock.withLock { daemon != nil } }

    /// `http://HOST:PORT`.
    public var url: String { "http://\(host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host):\(port)" }

    /// Why this machine cannot serve, or nil: libmicrohttpd, loaded the first time this is read, could not be
    /// (the line says how to install it). Nothing else depends on it.
    public static let unavailableReason: String? =
        strata_mhd_load() == 0 ? nil : SystemLibrary.libmicrohttpd.missing(String(cString: strata_mhd_load_error()))

    /// Starts serving on `host:port` (port 0 picks a free port) with `threads` event-loop threads; throws a one-line
    /// error when libmicrohttpd is missing (``unavailableReason``), the port is in use or the host is not an address
    /// of this machine.
    public init(
        responder: ServeResponder, host: String, port: Int, limits: ServeLimits = ServeLimits(),
        threads: Int = HTTPServer.defaultThreads, problems: (@Sendable (String) -> Void)? = nil
    ) throws(ServeError) {
        self.problems = problems
        if let reason = HTTPServer.unavailableReason { throw ServeError(reason) }
        self.responder = responder
        self.limits = limits
        self.host = host
        self.threads = max(1, threads)
        self.deadlines = HeadDeadlines(seconds: Double(limits.requestHeadTimeout))
        let socket = try ListenSocket(host: host, port: port)
        self.port = socket.port
        self.listenFD = socket.fd
        let me = Unmanaged.passUnretained(self).toOpaque()
        daemon = strata_mhd_start(
            socket.fd, HTTPServer.access, me, HTTPServer.completed, me, HTTPServer.notify, me, HTTPServer.logLine, me,
            UInt32(self.threads), UInt32(max(limits.maxConnections, self.threads)),
            UInt32(max(0, limits.maxConnectionsPerClient)), UInt32(limits.connectionTimeout), limits.connectionMemory)
        if daemon == nil {
            close(socket.fd)
            throw ServeError("libmicrohttpd could not start on \(host):\(port)")
        }
        let thread = Thread { [unowned self] in self.sweepUntilStopped() }
        thread.name = "strata.serve.heads"
        thread.start()
    }

    /// Shuts down, four times a second, the connections that took too long for a request head, until ``stop()``.
    private func sweepUntilStopped() {
        sweeper.lock()
        while sweeping {
            _ = sweeper.wait(until: Date().addingTimeInterval(0.25))
            deadlines.sweep(at: HeadDeadlines.now())
        }
        sweeper.unlock()
        sweeperDone.signal()
    }

    /// True when `host` is a loopback name or address.
    public static func isLoopback(_ host: String) -> Bool { ListenSocket.isLoopback(host) }

    /// Stops accepting connections, lets the requests in flight be answered, then stops. Safe to call twice.
    public func stop() {
        lock.lock()
        let d = daemon
        daemon = nil
        lock.unlock()
        guard let d else { return }
        sweeper.withLock {
            sweeping = false
            sweeper.signal()
        }
        sweeperDone.wait()
        let fd = strata_mhd_quiesce_daemon(d)
        // The answers in flight are let finish, but a relayed stream may never end by itself: its transfer is
        // stopped and its client's response ends there.
        for stream in streams.withLock({ Array($0.values) }) { stream.cancel() }
        // A fixture's delay and a paced body's pauses end now: what is waiting is answered at once.
        suspensions.hurry()
        // New connections are refused now; let every request already begun be answered and sent (up to the
        // connection timeout plus ten minutes for an answer from the live API).
        responder.inFlight.waitUntilNone(before: Date().addingTimeInterval(Double(limits.connectionTimeout) + 600))
        suspensions.close()
        strata_mhd_stop_daemon(d)
        if fd >= 0 { close(fd) } else if listenFD >= 0 { close(listenFD) }
        listenFD = -1
    }

    deinit { stop() }

    // MARK: the callbacks (on libmicrohttpd's threads)

    /// One request's state between the calls libmicrohttpd makes for it.
    final class Pending: @unchecked Sendable {
        var body: [UInt8] = []
        var tooLarge = false
        /// True when the bodies held by every request would pass the limit with this one's.
        var overloaded = false
        /// Bytes of this request's body counted in the server's ``heldBytes``.
        var held = 0
        let start = ContinuousClock.now
        /// The request and reply whose body is being relayed or paced: logged when the request completes.
        var relaying: (served: ServedRequest, reply: ServeReply)?
        /// The answer made while the connection was suspended (a delay, the live API; set on any thread), sent when
        /// it is resumed.
        let answer = Locked<(served: ServedRequest, reply: ServeReply)?>(nil)
        /// True while the connection is suspended for its answer: resumed without one, the server is stopping.
        var awaitingAnswer = false
    }

    /// Counts `count` more body bytes for `pending`, or returns false when the bodies held would pass the limit.
    func hold(_ count: Int, for pending: Pending) -> Bool {
        heldLock.withLock {
            guard heldBytes + count <= limits.maxBodyBytesInFlight else { return false }
            heldBytes += count
            pending.held += count
            return true
        }
    }

    /// Stops counting `pending`'s body.
    func release(_ pending: Pending) {
        heldLock.withLock {
            heldBytes -= pending.held
            pending.held = 0
        }
    }

    static let access: MHD_AccessHandlerCallback = { cls, connection, url, method, _, uploadData, uploadSize, context in
        guard let cls, let connection, let context, let uploadSize else { return MHD_NO }
        let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
        guard let pendingPointer = context.pointee else {
            server.deadlines.headComplete(connection)
            let pending = Pending()
            context.pointee = Unmanaged.passRetained(pending).toOpaque()
            server.responder.inFlight.begin()
            // A declared body over the limit is refused before `100 Continue` is sent.
            if let length = header(connection, "Content-Length").flatMap({ Int($0) }),
                length > server.limits.maxBodyBytes
            {
                pending.tooLarge = true
                return server.queue(tooLarge(server.limits), connection, request: nil, pending: pending)
            }
            return MHD_YES
        }
        let pending = Unmanaged<Pending>.fromOpaque(pendingPointer).takeUnretainedValue()
        if pending.awaitingAnswer {
            pending.awaitingAnswer = false
            // Resumed: the answer was made while the connection was suspended, or the server is stopping without it.
            guard let (served, reply) = pending.answer.withLock({ $0 }) else { return MHD_NO }
            return server.queue(reply, connection, request: served, pending: pending)
        }
        if uploadSize.pointee > 0 {
            let count = uploadSize.pointee
            if !pending.tooLarge, !pending.overloaded, let uploadData {
                if pending.body.count + count > server.limits.maxBodyBytes {
                    pending.tooLarge = true
                    pending.body = []
                    server.release(pending)
                } else if !server.hold(count, for: pending) {
                    pending.overloaded = true
                    pending.body = []
                    server.release(pending)
                } else {
                    uploadData.withMemoryRebound(to: UInt8.self, capacity: count) {
                        pending.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
                    }
                }
            }
            uploadSize.pointee = 0
            return MHD_YES
        }
        if pending.tooLarge {
            return server.queue(tooLarge(server.limits), connection, request: nil, pending: pending)
        }
        if pending.overloaded {
            var reply = ServeReply.text(
                503,
                "the server holds \(server.limits.maxBodyBytesInFlight >> 20) MiB of request bodies now; try again",
                outcome: "refused (bodies in flight)")
            reply.headers["Retry-After"] = "1"
            return server.queue(reply, connection, request: nil, pending: pending)
        }
        let target = url.map { String(cString: $0) } ?? "/"
        var path = target
        var query = ""
        if let q = target.utf8.firstIndex(of: UInt8(ascii: "?")) {
            path = String(target[..<q])
            query = String(target[target.utf8.index(after: q)...])
        } else if let raw = rawQuery(connection) {
            query = raw
        }
        let request = ServeRequest(
            method: method.map { String(cString: $0) } ?? "GET", path: path, query: query,
            headers: headers(connection), body: pending.body,
            listener: ServeListener(host: server.host, port: server.port))
        pending.body = []
        let served = server.responder.arrived(request)
        guard case .mock = server.responder.upstream else {
            // The live API may take its time: answered on a thread of its own while the connection is set aside.
            guard let ticket = server.suspensions.suspend(connection) else { return MHD_NO }
            pending.awaitingAnswer = true
            Thread.detachNewThread {
                let reply = server.responder.respond(served)
                if reply.delay > 0 { usleep(useconds_t(min(reply.delay, 600_000)) * 1000) }
                pending.answer.withLock { $0 = (served, reply) }
                server.suspensions.resume(ticket)
            }
            return MHD_YES
        }
        let reply = server.responder.respond(served)
        // Paused unless the server is stopping, when the delay ends now. The pause's timer resumes the connection
        // on this thread, after this call returns, so the answer is kept in time.
        if reply.delay > 0, server.suspensions.pause(connection, milliseconds: min(reply.delay, 600_000)) {
            pending.answer.withLock { $0 = (served, reply) }
            pending.awaitingAnswer = true
            return MHD_YES
        }
        return server.queue(reply, connection, request: served, pending: pending)
    }

    static let completed: MHD_RequestCompletedCallback = { cls, connection, context, _ in
        guard let cls, let context, let pointer = context.pointee else { return }
        let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
        if let connection { server.deadlines.answered(connection, at: HeadDeadlines.now()) }
        let pending = Unmanaged<Pending>.fromOpaque(pointer).takeUnretainedValue()
        server.release(pending)
        if let (served, reply) = pending.relaying {
            // Sent whole, or the client went away: either way a relay's transfer is not needed any more
            // (cancelling one that has ended does nothing), and the exchange is logged as it ended.
            reply.stream?.cancel()
            server.log(served, reply.ended(), pending: pending)
            if let stream = reply.stream {
                server.streams.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(stream)) }
            }
        }
        Unmanaged<Pending>.fromOpaque(pointer).release()
        context.pointee = nil
        server.responder.inFlight.end()
    }

    static let logLine: strata_mhd_log_line = { cls, line in
        guard let cls, let line else { return }
        let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
        let text = String(cString: line)
        guard HTTPServer.isDroppedRequest(text) else { return }
        server.problems?(
            "a request was dropped without an answer (its request line and headers, query params included, need more "
                + "than the connection's \(server.limits.connectionMemory >> 10) KiB): libmicrohttpd: \(text)")
    }

    /// True for libmicrohttpd's messages about a request it dropped for want of the connection's memory (its
    /// other messages are about clients going away, which is theirs to tell).
    static func isDroppedRequest(_ message: String) -> Bool {
        let lower = message.lowercased()
        // An error answered with a status (431) reached its client, which reads why there.
        if lower.contains("response code is") { return false }
        return lower.contains("memory") || lower.contains("pool")
    }

    static let notify: MHD_NotifyConnectionCallback = { cls, connection, _, code in
        guard let cls, let connection else { return }
        let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
        if code == MHD_CONNECTION_NOTIFY_STARTED {
            let fd = strata_mhd_connection_fd(connection)
            if fd >= 0 { server.deadlines.opened(connection, fd: fd, at: HeadDeadlines.now()) }
        } else {
            server.deadlines.closed(connection)
        }
    }

    static func tooLarge(_ limits: ServeLimits) -> ServeReply {
        .text(
            413, "request body is over the limit of \(limits.maxBodyBytes) bytes", outcome: "refused (body too large)")
    }

    /// Sends `reply` (or produces its fault) and logs it; `request` is nil for one refused before it arrived whole.
    func queue(_ reply: ServeReply, _ connection: OpaquePointer, request: ServedRequest?, pending: Pending)
        -> MHD_Result
    {
        let logged = request ?? responder.arrived(ServeRequest(method: "?", path: "?"))
        func logNow() { log(logged, reply, pending: pending) }
        if let fault = reply.fault, fault != .close {
            // Logged before the fault is produced: a client that sees its connection fail finds the entry there.
            logNow()
            let fd = strata_mhd_connection_fd(connection)
            switch fault {
            case .reset: if fd >= 0 { strata_mhd_linger_reset(fd) }
            case .garbage:
                if fd >= 0 {
                    var junk = [UInt8](repeating: 0, count: 64)
                    for i in junk.indices { junk[i] = UInt8.random(in: 0...255) }
                    junk[0] = 0xFF  // never a valid start of a status line
                    _ = junk.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                }
            default: break
            }
            return MHD_NO
        }
        guard let response = makeResponse(reply, for: connection) else {
            logNow()
            return MHD_NO
        }
        for field in reply.headers {
            let lower = field.name.lowercased()
            // libmicrohttpd frames the reply and manages the connection itself.
            if HTTPHeaders.connectionNames.contains(lower) { continue }
            _ = strata_mhd_add_response_header(response, field.name, field.value)
        }
        let result = strata_mhd_queue_response(connection, UInt32(reply.status), response)
        strata_mhd_destroy_response(response)
        if let stream = reply.stream, result == MHD_YES {
            // Logged when the relayed body has ended (the completed callback), with what arrived.
            pending.relaying = (logged, reply)
            let stopping = streams.withLock { open in
                if !accepting { return true }
                open[ObjectIdentifier(stream)] = stream
                return false
            }
            if stopping { stream.cancel() }
            return result
        }
        if reply.chunkDelay > 0, result == MHD_YES {
            // A paced body takes a while: logged once it has been sent (or the client went away).
            pending.relaying = (logged, reply)
            return result
        }
        reply.stream?.cancel()
        log(logged, reply.ended(), pending: pending)
        return result
    }

    /// Logs the exchange, timed from when its request arrived.
    func log(_ request: ServedRequest, _ reply: ServeReply, pending: Pending) {
        let elapsed = ContinuousClock.now - pending.start
        let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        responder.log(request, reply, durationMs: ms)
    }

    /// The largest body file sent as a copy of its bytes (64 KiB); a larger one is streamed from its descriptor.
    static let copiedFileSize = 64 << 10

    /// The response for `reply`'s body: a copy of its bytes (or of a small file's), a larger file streamed, or
    /// paced / broken through a reader callback.
    func makeResponse(_ reply: ServeReply, for connection: OpaquePointer) -> OpaquePointer? {
        if let stream = reply.stream {
            return strata_mhd_response_from_callback(
                strata_mhd_size_unknown(), StreamReader.blockSize, StreamReader.read,
                Unmanaged.passRetained(StreamReader(stream, connection: connection, suspensions: suspensions))
                    .toOpaque(), StreamReader.free)
        }
        let paced = reply.chunkDelay > 0 || reply.fault == .close
        switch reply.body {
        case .bytes(let bytes) where !paced:
            return bytes.withUnsafeBytes { strata_mhd_response_copy($0.count, $0.baseAddress) }
        case .file(let file) where !paced && file.size <= HTTPServer.copiedFileSize:
            // A small file read once from the descriptor opened and checked (a copy goes out with the head in one
            // send), instead of a descriptor duplicated, sent with sendfile and closed: three system calls fewer.
            guard let bytes = try? file.bytes() else { return nil }
            return bytes.withUnsafeBytes { strata_mhd_response_copy($0.count, $0.baseAddress) }
        case .file(let file) where !paced:
            // The file as it was opened and checked, never opened again by path; the response closes its copy.
            let fd = file.duplicateDescriptor()
            guard fd >= 0 else { return nil }
            guard let response = strata_mhd_response_from_fd(UInt64(file.size), fd) else {
                close(fd)
                return nil
            }
            return response
        case .bytes, .file:
            guard let reader = BodyReader(reply, connection: connection, suspensions: suspensions) else { return nil }
            let size = reader.size
            let declared = reader.isChunked ? strata_mhd_size_unknown() : reply.fault == .close ? max(size, 1) : size
            return strata_mhd_response_from_callback(
                declared, ServeReply.chunkSize, BodyReader.read, Unmanaged.passRetained(reader).toOpaque(),
                BodyReader.free)
        }
    }

    static func header(_ connection: OpaquePointer, _ name: String) -> String? {
        strata_mhd_lookup_connection_value(connection, MHD_HEADER_KIND, name).map { String(cString: $0) }
    }

    /// The query string, rebuilt from the arguments libmicrohttpd split off (it passes the path alone).
    static func rawQuery(_ connection: OpaquePointer) -> String? {
        let box = PairBox()
        let me = Unmanaged.passUnretained(box).toOpaque()
        _ = strata_mhd_get_connection_values(connection, MHD_GET_ARGUMENT_KIND, PairBox.collect, me)
        guard !box.pairs.isEmpty else { return nil }
        return box.pairs.map { pair in pair.1.map { "\(pair.0)=\($0)" } ?? pair.0 }.joined(separator: "&")
    }

    static func headers(_ connection: OpaquePointer) -> HTTPHeaders {
        let box = PairBox()
        let me = Unmanaged.passUnretained(box).toOpaque()
        _ = strata_mhd_get_connection_values(connection, MHD_HEADER_KIND, PairBox.collect, me)
        return HTTPHeaders(box.pairs.map { ($0.0, $0.1 ?? "") })
    }
}

/// Name/value pairs collected by libmicrohttpd's iterator.
final class PairBox {
    var pairs: [(String, String?)] = []

    static let collect: MHD_KeyValueIterator = { cls, _, key, value in
        guard let cls, let key else { return MHD_YES }
        let box = Unmanaged<PairBox>.fromOpaque(cls).takeUnretainedValue()
        box.pairs.append((String(cString: key), value.map { String(cString: $0) }))
        return MHD_YES
    }
}
