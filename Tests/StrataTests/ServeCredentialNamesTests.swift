import Foundation
import Strata
import StrataTestSupport
import Testing

/// Credential-looking names are kept out of the `serve` journal and near-miss reports though `redact` names none.
@Suite struct ServeCredentialNamesTests {
    @Test("the journal redacts X-Session-Token and access_token; a near miss hides what a secret param must be")
    func scrubbedByDefault() throws {
        let dir = try ScratchDirectory([
            "session.json": #"{ "routes": [ { "name": "me", "path": "/me" } ] }"#,
            "fixtures/me.json":
                #"{ "/me": [ { "request": { "params": { "api_key": "k-expected-1" } }, "response": { "body": 1 } } ] }"#,
        ])
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        let responder = ServeResponder(
            session: session, upstream: .mock(MockSource(session: session)), journal: try ServeJournal(),
            loopback: true)
        let request = ServeRequest(
            method: "GET", path: "/me", query: "access_token=q-sent-2&page=3",
            headers: ["X-Session-Token": "h-sent-3", "Accept": "text/plain"])
        let reply = responder.respond(request)
        let entry = responder.log(request, reply, durationMs: 1)
        let json = entry.json.text(pretty: false)
        #expect(!json.contains("q-sent-2") && !json.contains("h-sent-3"), "\(json)")
        #expect(entry.headers["X-Session-Token"] == ResolvedParam.redacted)
        #expect(entry.path.contains("page=3"))
        #expect(reply.status == 404)
        guard case .bytes(let body) = reply.body else { return #expect(Bool(false)) }
        let report = String(decoding: body, as: UTF8.self)
        #expect(report.contains("api_key"), "\(report)")
        #expect(!report.contains("k-expected-1"), "\(report)")
        #expect(!(reply.headers["Strata-Near-Miss"] ?? "").contains("k-expected-1"))
    }
}
