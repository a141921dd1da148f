import Foundation
import Strata
import StrataTestSupport
import Testing

/// TLS against a loopback HTTPS server whose self-signed certificate the test makes.
@Suite(.enabled(if: TLSTestServer.isAvailable, "needs openssl and python3"))
struct LiveTLSTests {
    static func send(_ server: TLSTestServer, tls: String?, in dir: ScratchDirectory) async throws -> Response {
        try dir.write("certs/dev-ca.pem", server.certificatePEM)
        try dir.write(
            "session.json",
            """
            { "baseURL": "\(server.baseURL)", "timeout": 300 \(tls.map { #", "tls": \#($0)"# } ?? ""),
              "routes": [ { "name": "r", "path": "/r" } ] }
            """)
        let s = try Session.load(from: dir.path)
        return try await LiveSource().send(try RequestBuilder(session: s).build(s.route(named: "r")!))
    }

    @Test("a self-signed certificate is refused by default, with a message saying how to trust it")
    func refusedByDefault() async throws {
        let server = try TLSTestServer()
        defer { server.stop() }
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        do {
            _ = try await Self.send(server, tls: nil, in: dir)
            Issue.record("answered")
        } catch let e as TransportError {
            try #require(e.isTLS, "expected a TLS error, got \(e)")
            #expect(e.description.contains("certificate is not trusted"))
            #expect(e.description.contains("caFile"))
            #expect(!e.description.contains("\n"))
        }
    }

    @Test("\"tls\": { \"insecure\": true } accepts the self-signed certificate")
    func insecure() async throws {
        let server = try TLSTestServer()
        defer { server.stop() }
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        let response = try await Self.send(server, tls: #"{ "insecure": true }"#, in: dir)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"tls":true}"#)
        #expect(try #require(response.timing).tls > .zero)
    }

    @Test("\"tls\": { \"caFile\": … } trusts the certificate it names")
    func caFile() async throws {
        let server = try TLSTestServer()
        defer { server.stop() }
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        let response = try await Self.send(server, tls: #"{ "caFile": "certs/dev-ca.pem" }"#, in: dir)
        #expect(response.status == 200)
    }
}
