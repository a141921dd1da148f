import Foundation
import StrataServe
import StrataTestSupport
import Testing

@Suite(.needsLibmicrohttpd) struct ServeLimitsTests {
    static let fixtures = [
        "up.json": #"{ "/up": [ { "request": { "method": "POST" }, "response": { "body": "ok" } } ] }"#
    ]

    @Test("a body over the limit is refused with 413 and a message")
    func bodyTooLarge() async throws {
        let served = try ServedSession(fixtures: Self.fixtures, limits: ServeLimits(maxBodyBytes: 100))
        let small = try await served.fetch("/up", method: "POST", body: Data(repeating: 0x61, count: 100))
        #expect(small.status == 200)
        let large = try await served.fetch("/up", method: "POST", body: Data(repeating: 0x61, count: 101))
        #expect(large.status == 413)
        #expect(large.text == "request body is over the limit of 100 bytes\n")
    }

    @Test("a chunked body over the limit is refused with 413; one under it is read whole, with 100-continue")
    func chunkedBody() throws {
        let served = try ServedSession(fixtures: Self.fixtures, limits: ServeLimits(maxBodyBytes: 100))
        let under = try RawConnection(port: served.server.port)
        under.send(
            "POST /up HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                + "5\r\nhello\r\n0\r\n\r\n")
        let ok = try #require(under.readToEnd())
        #expect(ok.hasPrefix("HTTP/1.1 200"))
        let over = try RawConnection(port: served.server.port)
        let chunk = String(repeating: "a", count: 80)
        over.send(
            "POST /up HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nExpect: 100-continue\r\n"
                + "Connection: close\r\n\r\n50\r\n\(chunk)\r\n50\r\n\(chunk)\r\n0\r\n\r\n")
        let refused = try #require(over.readToEnd())
        #expect(refused.contains("HTTP/1.1 100 Continue"))
        #expect(refused.contains("HTTP/1.1 413"))
        #expect(refused.hasSuffix("request body is over the limit of 100 bytes\n"))
    }

    @Test("headers over the connection's memory are refused with 431")
    func headersTooLarge() async throws {
        let served = try ServedSession(fixtures: Self.fixtures, limits: ServeLimits(connectionMemory: 8 << 10))
        let reply = try await served.fetch(
            "/up", method: "POST", headers: ["X-Big": String(repeating: "b", count: 20_000)])
        #expect(reply.status == 431)
        #expect(!reply.body.isEmpty)
    }

    @Test("a client that sends half a request is disconnected after the connection timeout")
    func slowClient() throws {
        let served = try ServedSession(fixtures: Self.fixtures, limits: ServeLimits(connectionTimeout: 1))
        let slow = try RawConnection(port: served.server.port)
        slow.send("GET /up HTTP/1.1\r\nHost: x\r\n")
        #expect(slow.readToEnd() == "")
    }
}
