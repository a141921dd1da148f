import Foundation
import Strata
import StrataTestSupport
import Testing

/// `strata serve --source live` on loopback, sent hostile request targets by hand: the session's credentials only
/// ever go to its own base URL, never to a host a target or a header names.
@Suite(.needsLibmicrohttpd) struct ServeProxyTargetTests {
    static func sessionJSON(basePath: String) -> String {
        """
        { "name": "proxy", "baseURL": "${env:UP_URL}\(basePath)",
          "headers": { "Authorization": "Bearer ${env:UP_TOKEN}" }, "routes": [ { "name": "items", "path": "/items" } ] }
        """
    }

    @Test(
        "hostile targets get 400 or reach the base URL; the host they name gets nothing",
        arguments: ["", "/v1"])
    func credentialsStayWithTheBaseURL(basePath: String) throws {
        let upstream = try LoopbackServer { r in .text("upstream \(r.path)") }
        defer { upstream.stop() }
        let elsewhere = try LoopbackServer { _ in .text("stolen") }
        defer { elsewhere.stop() }
        let served = try ServedSession(
            fixtures: [:], sessionJSON: Self.sessionJSON(basePath: basePath), upstream: { _ in .live(LiveSource()) },
            environment: ["UP_URL": upstream.baseURL, "UP_TOKEN": "t0ken"])
        let other = "127.0.0.1:\(elsewhere.port)"
        let refused = [
            "@\(other)/stolen", "http://\(other)/stolen", other, "[::1]:\(elsewhere.port)/x", "\\\\\(other)/x", "*",
            "@\(other)", "%40\(other)/stolen", "/..%2F..%2F\(other)", "/..;/\(other)", "/%252e%252e/\(other)",
        ]
        let forwarded = [
            "//\(other)/stolen", "/%40\(other)/stolen", "/%2f%2f\(other)/x", "/../../\(other)", "/x@\(other)",
        ]
        for target in refused + forwarded {
            let connection = try RawConnection(port: served.server.port)
            connection.send(
                "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(served.server.port)\r\nX-Forwarded-Host: \(other)\r\n"
                    + "X-Forwarded-Proto: http\r\nConnection: close\r\n\r\n")
            let answer = try #require(connection.readToEnd(), "\(target)")
            if refused.contains(target) {
                #expect(answer.hasPrefix("HTTP/1.1 400"), "\(target): \(answer.prefix(80))")
            } else {
                #expect(
                    answer.hasPrefix("HTTP/1.1 200") && answer.contains("upstream \(basePath)/"), "\(target): \(answer)"
                )
            }
        }
        #expect(elsewhere.requests.isEmpty, "\(elsewhere.requests.map(\.target))")
        #expect(upstream.requests.count == forwarded.count)
        for request in upstream.requests {
            #expect(request.path.hasPrefix(basePath + "/"), "\(request.target)")
            #expect(request.headers["Host"] == "127.0.0.1:\(upstream.port)")
            #expect(request.headers["Authorization"] == "Bearer t0ken")
        }
    }
}
