import Foundation
import Strata
import StrataTestSupport
import Testing

/// What the libcurl transport delivers: headers as sent, decoded bodies, bounded bodies and time, timing.
@Suite struct LiveTransportTests {
    static func session(_ baseURL: String, extra: String = "", routes: String) throws -> Session {
        try Session.parse(
            Array(
                """
                { "name": "T", "baseURL": "\(baseURL)", "timeout": 60 \(extra), "routes": [ \(routes) ] }
                """.utf8), file: "session.json", directory: ".")
    }

    static func send(_ s: Session, _ route: String, source: LiveSource = LiveSource()) async throws -> Response {
        let r = try RequestBuilder(session: s, environment: [:]).build(s.route(named: route)!)
        return try await source.send(r)
    }

    @Test("response headers keep the server's order and letter case, repeated Set-Cookie included")
    func wireOrder() async throws {
        let server = try LoopbackServer { _ in
            LoopbackServer.Reply(
                headers: [("X-Zeta", "1"), ("Set-Cookie", "a=1"), ("x-alpha", "2"), ("Set-Cookie", "b=2")],
                body: Array("{}".utf8))
        }
        defer { server.stop() }
        let s = try Self.session(server.baseURL, routes: #"{ "name": "h", "path": "/h" }"#)
        let response = try await Self.send(s, "h")
        #expect(
            response.headers.fields.map { "\($0.name): \($0.value)" }
                == [
                    "X-Zeta: 1", "Set-Cookie: a=1", "x-alpha: 2", "Set-Cookie: b=2", "Content-Length: 2",
                    "Connection: close",
                ])
    }

    @Test("the request carries exactly its own headers: no Accept, Expect or form Content-Type added")
    func noDefaultHeaders() async throws {
        let server = try LoopbackServer { .echo($0) }
        defer { server.stop() }
        let s = try Self.session(
            server.baseURL,
            routes: #"{ "name": "p", "method": "PUT", "path": "/p", "body": "json", "params": { "a": "1" } }"#)
        _ = try await Self.send(s, "p")
        let seen = try #require(server.requests.first)
        #expect(seen.method == "PUT")
        #expect(seen.headers["Accept"] == nil)
        #expect(seen.headers["Expect"] == nil)
        #expect(seen.headers["Content-Type"] == "application/json")
        #expect(seen.bodyText == #"{"a":"1"}"#)
    }

    static let gzipped: [UInt8] = [
        31, 139, 8, 0, 0, 0, 0, 0, 2, 255, 171, 86, 202, 72, 205, 201, 201, 87, 178, 82, 74, 175, 202, 44, 80, 210, 81,
        202, 83, 178, 138, 54, 212, 49, 210, 49, 142, 173, 5, 0, 133, 96, 154, 98, 28, 0, 0, 0,
    ]

    @Test("a gzip body is decoded, and the request said it accepts compressed bodies")
    func gzip() async throws {
        let server = try LoopbackServer { _ in
            LoopbackServer.Reply(
                headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")], body: Self.gzipped)
        }
        defer { server.stop() }
        let s = try Self.session(server.baseURL, routes: #"{ "name": "z", "path": "/z" }"#)
        let response = try await Self.send(s, "z")
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"hello":"gzip","n":[1,2,3]}"#)
        #expect(server.requests.first?.headers["Accept-Encoding"]?.contains("gzip") == true)
    }

    @Test("a body over maxBodyBytes stops at the limit, keeps what arrived and is marked truncated")
    func maxBody() async throws {
        let body = (0..<100_000).map { UInt8(truncatingIfNeeded: $0) }
        let server = try LoopbackServer { _ in LoopbackServer.Reply(body: body) }
        defer { server.stop() }
        let s = try Self.session(
            server.baseURL, extra: #", "maxBodyBytes": 1000"#, routes: #"{ "name": "b", "path": "/b" }"#)
        let response = try await Self.send(s, "b")
        #expect(response.truncated)
        #expect(response.body == Array(body.prefix(1000)))
        let whole = try Self.session(server.baseURL, routes: #"{ "name": "b", "path": "/b" }"#)
        let full = try await Self.send(whole, "b")
        #expect(!full.truncated)
        #expect(full.body == body)
    }

    @Test("the timeout bounds the whole exchange: a body that stalls after its first half times out")
    func stalledBody() async throws {
        let server = try LoopbackServer { _ in LoopbackServer.Reply(body: Array(repeating: 65, count: 64), stall: 30) }
        defer { server.stop() }
        let s = try Session.parse(
            Array(
                #"{ "baseURL": "\#(server.baseURL)", "timeout": 1, "routes": [ { "name": "s", "path": "/s" } ] }"#.utf8),
            file: "session.json", directory: ".")
        do {
            _ = try await Self.send(s, "s")
            Issue.record("answered")
        } catch let e as TransportError {
            #expect(e == .timedOut(url: server.baseURL + "/s", seconds: 1))
        }
    }

    @Test("a live response has a timing breakdown whose phases add up to its total; a fixture has none")
    func timing() async throws {
        let server = try LoopbackServer { _ in .json("{}") }
        defer { server.stop() }
        let s = try Self.session(server.baseURL, routes: #"{ "name": "t", "path": "/t" }"#)
        let timing = try #require(try await Self.send(s, "t").timing)
        let sum = timing.dns + timing.connect + timing.tls + timing.firstByte + timing.download
        #expect(timing.total > .zero)
        #expect(sum <= timing.total)
        #expect(timing.tls == .zero)
        #expect(timing.summary.hasPrefix("dns "))
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let shop = try Session.load(from: dir.path)
        let mocked = try await MockSource(session: shop).send(try RequestBuilder(session: shop).build(shop.routes[0]))
        #expect(mocked.timing == nil)
    }

    @Test("cancelling while the body is on its way returns cancelled")
    func cancelMidBody() async throws {
        let (arrived, signal) = AsyncStream<Void>.makeStream()
        // The second half of the body waits for a gate the test never opens: the exchange stays open until the
        // cancel, however slowly the test gets to it (the session's timeout is the longest allowed, a day).
        let gate = StreamGate()
        defer { gate.finish() }
        let server = try LoopbackServer { _ in
            signal.yield()
            var reply = LoopbackServer.Reply(status: 200)
            let half = [UInt8](repeating: 66, count: 32)
            reply.stream = LoopbackServer.StreamedBody(parts: [half, half], gate: gate, announcedLength: 64)
            return reply
        }
        defer { server.stop() }
        let s = try Session.parse(
            Array(
                #"{ "baseURL": "\#(server.baseURL)", "timeout": 86400, "routes": [ { "name": "s", "path": "/s" } ] }"#
                    .utf8),
            file: "session.json", directory: ".")
        let task = Task { try await Self.send(s, "s") }
        var waiting = arrived.makeAsyncIterator()
        _ = await waiting.next()
        task.cancel()
        let result = await task.result
        #expect(throws: TransportError.cancelled) { try result.get() }
    }
}
