import Foundation
import Strata
import StrataServe
import StrataTestSupport
import Testing

/// What waits in `strata serve` (a fixture's delay, a paced body, a relayed stream, the live API) sets its connection
/// aside instead of holding an event-loop thread: on a server with one thread, another request is answered
/// meanwhile. Every step waits for a handshake, never for time.
@Suite(.needsLibmicrohttpd) struct ServeSuspensionTests {
    static let fixtures = [
        "waits.json": #"""
        {
          "/slow": [ { "response": { "body": "late", "delay": 600000 } } ],
          "/paced": [ { "response": { "headers": { "Content-Type": "text/event-stream" }, "chunkDelay": 60000,
                                      "body": "data: 1\n\ndata: 2\n\n" } } ],
          "/fast": [ { "response": { "body": "now" } } ]
        }
        """#
    ]

    /// Sends `GET path` on a new connection that closes after the answer.
    static func send(_ path: String, to served: ServedSession) throws -> RawConnection {
        let client = try RawConnection(port: served.server.port)
        client.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(served.server.port)\r\nConnection: close\r\n\r\n")
        return client
    }

    /// Waits until `count` requests are in flight (begun, not answered).
    static func waitUntilInFlight(_ count: Int, _ served: ServedSession) -> Bool {
        served.responder.inFlight.waitUntil(before: Date().addingTimeInterval(60)) { $0 == count }
    }

    /// The `inFlight` count of a health answer (its head and JSON body).
    static func inFlight(in answer: String) -> Int? {
        guard let start = answer.range(of: "\r\n\r\n")?.upperBound,
            let object = try? JSONSerialization.jsonObject(with: Data(answer[start...].utf8)) as? [String: Any]
        else { return nil }
        return object["inFlight"] as? Int
    }

    /// A session answered live from `upstream`, served on one event-loop thread.
    static func live(_ upstream: LoopbackServer) throws -> ServedSession {
        try ServedSession(
            fixtures: [:], sessionJSON: #"{ "name": "up", "baseURL": "${env:UP_URL}", "routes": [] }"#, threads: 1,
            upstream: { _ in .live(LiveSource()) }, environment: ["UP_URL": upstream.baseURL])
    }

    /// Stops the server on a thread of its own (stopping waits for the requests in flight).
    static func stopInBackground(_ served: ServedSession) {
        let server = served.server
        Thread.detachNewThread { server.stop() }
    }

    @Test("a fixture's delay holds only its own connection, and stopping the server answers it at once")
    func delayDoesNotHoldTheThread() throws {
        let served = try ServedSession(fixtures: Self.fixtures, threads: 1)
        let slow = try Self.send("/slow", to: served)
        #expect(Self.waitUntilInFlight(1, served))
        let fast = try #require(try Self.send("/fast", to: served).readToEnd())
        #expect(fast.hasPrefix("HTTP/1.1 200") && fast.hasSuffix("now"))
        #expect(slow.unreadCount == 0, "the delayed answer waits for its ten minutes")
        Self.stopInBackground(served)
        // Read within the connection's minute: the delay is cut short, not waited out.
        let late = try #require(slow.readToEnd())
        #expect(late.hasPrefix("HTTP/1.1 200") && late.hasSuffix("late"))
        #expect(served.responder.journal.all.map(\.path) == ["/fast", "/slow"])
    }

    @Test("a paced body's pauses hold only its own connection, and stopping the server sends the rest at once")
    func pacedBodyDoesNotHoldTheThread() throws {
        let served = try ServedSession(fixtures: Self.fixtures, threads: 1)
        let paced = try Self.send("/paced", to: served)
        #expect(paced.read(through: "\r\n\r\n")?.hasPrefix("HTTP/1.1 200") == true)
        #expect(paced.readChunk() == Array("data: 1\n\n".utf8))
        let fast = try #require(try Self.send("/fast", to: served).readToEnd())
        #expect(fast.hasSuffix("now"))
        #expect(paced.unreadCount == 0, "the next piece waits for its minute")
        Self.stopInBackground(served)
        #expect(paced.readChunk() == Array("data: 2\n\n".utf8))
        #expect(paced.readChunk() == [], "the body ends with its last chunk")
    }

    @Test("a relayed stream waiting for its next bytes holds only its own connection")
    func relayedStreamDoesNotHoldTheThread() throws {
        let gate = StreamGate()
        defer { gate.finish() }
        let upstream = try LoopbackServer { _ in .events(["data: 1\n\n", "data: 2\n\n"], gate: gate) }
        defer { upstream.stop() }
        let served = try Self.live(upstream)
        let stream = try Self.send("/ticker", to: served)
        #expect(stream.read(through: "\r\n\r\n")?.hasPrefix("HTTP/1.1 200") == true)
        #expect(stream.readChunk() == Array("data: 1\n\n".utf8))
        let health = try #require(try Self.send("/__strata/health", to: served).readToEnd())
        #expect(health.hasPrefix("HTTP/1.1 200"))
        #expect(Self.inFlight(in: health) == 1, "the stream is in flight while the health check is answered")
        gate.open()
        #expect(stream.readChunk() == Array("data: 2\n\n".utf8))
        #expect(stream.readChunk() == [])
    }

    @Test("a request waiting for the live API holds only its own connection")
    func liveAnswerDoesNotHoldTheThread() throws {
        let release = DispatchSemaphore(value: 0)
        defer { release.signal() }
        let upstream = try LoopbackServer { _ in
            release.wait()
            return LoopbackServer.Reply(status: 200, body: Array("upstream".utf8))
        }
        defer { upstream.stop() }
        let served = try Self.live(upstream)
        let held = try Self.send("/held", to: served)
        #expect(Self.waitUntilInFlight(1, served))
        let health = try #require(try Self.send("/__strata/health", to: served).readToEnd())
        #expect(health.hasPrefix("HTTP/1.1 200"))
        #expect(held.unreadCount == 0)
        release.signal()
        let answer = try #require(held.readToEnd())
        #expect(answer.hasPrefix("HTTP/1.1 200") && answer.hasSuffix("upstream"))
    }
}
