import Foundation
import Strata
import StrataServe
import StrataTestSupport
import Testing

/// What one client can make `strata serve` hold: bodies in flight over every connection, and the admin list.
@Suite(.needsLibmicrohttpd) struct ServeBoundsTests {
    static let fixtures = [
        "up.json": #"{ "/up": [ { "request": { "method": "POST" }, "response": { "body": "ok" } } ] }"#
    ]

    @Test("a body that would pass the bytes held over every request gets 503 with Retry-After; then bodies go on")
    func bodiesInFlight() async throws {
        let served = try ServedSession(
            fixtures: Self.fixtures, limits: ServeLimits(maxBodyBytes: 1 << 20, maxBodyBytesInFlight: 1000))
        let big = try await served.fetch("/up", method: "POST", body: Data(repeating: 0x61, count: 2000))
        #expect(big.status == 503)
        #expect(big.header("Retry-After") == "1")
        #expect(big.text.contains("request bodies"))
        for _ in 0..<5 {
            let small = try await served.fetch("/up", method: "POST", body: Data(repeating: 0x61, count: 900))
            #expect(small.status == 200 && small.text == "ok")
        }
    }

    @Test("/__strata/requests pages with after and limit; bad parameters are a 400 naming them")
    func requestsPages() async throws {
        let served = try ServedSession(fixtures: Self.fixtures)
        for _ in 0..<5 { _ = try await served.fetch("/up", method: "POST", body: Data("x".utf8)) }
        func object(_ reply: ServedSession.Reply) throws -> [String: Any] {
            try #require(try JSONSerialization.jsonObject(with: reply.body) as? [String: Any])
        }
        let page = try object(try await served.fetch("/__strata/requests?limit=2"))
        #expect((page["requests"] as? [Any])?.count == 2)
        #expect(page["next"] as? Int == 2)
        #expect(page["more"] as? Bool == true)
        let rest = try object(try await served.fetch("/__strata/requests?after=2"))
        #expect((rest["requests"] as? [Any])?.count == 3)
        #expect(rest["more"] as? Bool == false)
        #expect(try await served.fetch("/__strata/requests?limit=0").status == 400)
        #expect(try await served.fetch("/__strata/requests?after=x").text.contains("after must be"))
        #expect(try await served.fetch("/__strata/requests?page=2").text.contains("unknown parameter 'page'"))
    }
}
