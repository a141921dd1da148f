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
    @Test("a connection whose head is not whole by the head deadline is cut off, though its idle timeout is a day")
    func slowloris() throws {
        let fixtures = ["up.json": #"{ "/up": [ { "response": { "body": "ok" } } ] }"#]
        // The idle timeout cannot fire within the test: only the head deadline can end this connection.
        let limits = ServeLimits(connectionTimeout: 86_400, requestHeadTimeout: 1)
        let served = try ServedSession(fixtures: fixtures, limits: limits)
        let slow = try RawConnection(port: served.server.port)
        slow.send("GET /up HTTP/1.1\r\nHost: x\r\nX-Line-1: x\r\n")
        #expect(slow.readToEnd() == "", "closed without an answer")
        // The server goes on answering.
        let fresh = try RawConnection(port: served.server.port)
        fresh.send("GET /up HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(fresh.readToEnd()?.hasPrefix("HTTP/1.1 200") == true)
    }
}
