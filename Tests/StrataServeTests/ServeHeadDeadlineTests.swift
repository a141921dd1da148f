import Foundation
import StrataTestSupport
import Testing

@testable import StrataServe

/// The time a connection has for a whole request head: what stops a slowloris client holding connections.
@Suite struct HeadDeadlineTests {
    /// Stand-ins for two connections (only compared, never followed).
    let a = OpaquePointer(bitPattern: 0x1000)!
    let b = OpaquePointer(bitPattern: 0x2000)!

    @Test("a connection whose head is not complete in time is shut down; one whose head came is not")
    func deadlines() {
        let deadlines = HeadDeadlines(seconds: 30)
        deadlines.opened(a, fd: 7, at: 100)
        deadlines.opened(b, fd: 8, at: 100)
        deadlines.headComplete(b)
        var shut: [Int32] = []
        #expect(deadlines.sweep(at: 129.9, shutDown: { shut.append($0) }).isEmpty)
        #expect(deadlines.sweep(at: 130, shutDown: { shut.append($0) }) == [7])
        #expect(shut == [7])
        #expect(deadlines.sweep(at: 1000, shutDown: { shut.append($0) }).isEmpty, "each is shut down once")
    }

    @Test("after an answer the clock starts again for the next head; a closed connection is forgotten")
    func keepAlive() {
        let deadlines = HeadDeadlines(seconds: 30)
        deadlines.opened(a, fd: 7, at: 0)
        deadlines.headComplete(a)
        deadlines.answered(a, at: 50)
        #expect(deadlines.sweep(at: 79, shutDown: { _ in }).isEmpty)
        #expect(deadlines.sweep(at: 80, shutDown: { _ in }) == [7])
        deadlines.opened(b, fd: 9, at: 0)
        deadlines.closed(b)
        deadlines.answered(b, at: 0)
        #expect(deadlines.sweep(at: 1000, shutDown: { _ in }).isEmpty)
    }
}

@Suite(.needsLibmicrohttpd) struct ServeSlowHeadTests {
    @Test("a client sending a header line every 200 ms is cut off at the timeout though it is never idle for it")
    func slowloris() throws {
        let fixtures = ["up.json": #"{ "/up": [ { "response": { "body": "ok" } } ] }"#]
        let served = try ServedSession(fixtures: fixtures, limits: ServeLimits(connectionTimeout: 1))
        let slow = try RawConnection(port: served.server.port)
        slow.send("GET /up HTTP/1.1\r\nHost: x\r\n")
        let sent = SentCount()
        // The client's pace, not a wait for the server: it sends a line every 200 ms until the connection ends
        // (or 150 lines, 30 s: the head deadline of 1 s must come long before).
        let pacer = Thread {
            while sent.value < 150, !sent.stopped {
                usleep(200_000)
                slow.send("X-Line-\(sent.value): x\r\n")
                sent.add()
            }
        }
        pacer.start()
        let answer = slow.readToEnd()
        sent.stop()
        #expect(answer == "", "closed without an answer")
        #expect(sent.value < 150, "cut off before the client finished its head")
        // The server goes on answering.
        let fresh = try RawConnection(port: served.server.port)
        fresh.send("GET /up HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(fresh.readToEnd()?.hasPrefix("HTTP/1.1 200") == true)
    }
}

/// Lines the pacing thread sent, and whether to stop.
final class SentCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var done = false
    var value: Int { lock.withLock { count } }
    var stopped: Bool { lock.withLock { done } }
    func add() { lock.withLock { count += 1 } }
    func stop() { lock.withLock { done = true } }
}
