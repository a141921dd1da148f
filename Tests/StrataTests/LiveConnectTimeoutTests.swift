import Foundation
import Strata
import StrataTestSupport
import Testing

/// `connectTimeout` bounds connecting: a server that never completes the handshake fails the send with an error
/// naming the setting, long before the exchange's own `timeout`.
@Suite struct LiveConnectTimeoutTests {
    @Test("a connect that never completes fails with the connectTimeout error, not the exchange timeout")
    func connectTimeoutFires() async throws {
        let listener = try SaturatedListener()
        let session = try Session.parse(
            Array(
                """
                { "name": "T", "baseURL": "\(listener.baseURL)", "timeout": 60, "connectTimeout": 1,
                  "routes": [ { "name": "slow", "path": "/slow" } ] }
                """.utf8), file: "session.json", directory: ".")
        let request = try RequestBuilder(session: session, environment: [:]).build(session.route(named: "slow")!)
        await #expect(
            throws: TransportError.connection(
                url: "\(listener.baseURL)/slow",
                detail: "could not connect within the connect timeout of 1 s (connectTimeout)")
        ) {
            try await LiveSource().send(request)
        }
    }
}
