import Foundation
import Strata
import StrataTestSupport
import Testing

@Suite(.needsLibmicrohttpd) struct ServeRecordTests {
    static let sessionJSON = """
        { "name": "rec", "baseURL": "${env:UP_URL}", "params": { "api_key": "${env:UP_KEY}" },
          "headers": { "X-Client": "strata" }, "redact": ["api_key"],
          "routes": [ { "name": "widget", "path": "/widgets/{id}", "params": { "id": "1" } } ] }
        """

    @Test("record mode proxies with the session's defaults and saves a redacted pair; mock mode then replays it")
    func recordsThenReplays() async throws {
        let upstream = try LoopbackServer { r in
            .json(#"{"id": "\#(r.path.split(separator: "/").last ?? "")", "key": "\#(r.query("api_key") ?? "")"}"#)
        }
        defer { upstream.stop() }
        let env = ["UP_URL": upstream.baseURL, "UP_KEY": "k3y-s3cret"]
        let served = try ServedSession(
            fixtures: [:], sessionJSON: Self.sessionJSON, upstream: { .record(RecordingSource(session: $0)) },
            environment: env)
        let reply = try await served.fetch("/widgets/7?color=red")
        #expect(reply.status == 200)
        #expect(reply.text == #"{"id": "7", "key": "k3y-s3cret"}"#)
        let sent = try #require(upstream.requests.first)
        #expect(sent.query("color") == "red" && sent.query("api_key") == "k3y-s3cret")
        #expect(sent.headers["X-Client"] == "strata")
        let fixture = try #require(served.dir.read("fixtures/widget.json"))
        #expect(fixture.contains(#""color": "red""#))
        #expect(fixture.contains(#""api_key": "<redacted>""#))
        #expect(!fixture.contains("k3y-s3cret"))
        // The same request again is proxied but not written twice.
        _ = try await served.fetch("/widgets/7?color=red")
        #expect(served.dir.read("fixtures/widget.json") == fixture)

        let mock = MockSource(session: served.session)
        let request = ServeRequest(method: "GET", path: "/widgets/7", query: "color=red").builtRequest(
            for: served.session)
        guard case .success(let pair) = mock.match(request) else {
            Issue.record("the recorded pair does not match")
            return
        }
        #expect(pair.status == 200)
    }
}
