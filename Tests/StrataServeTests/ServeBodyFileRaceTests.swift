import Foundation
import Strata
import StrataServe
import StrataTestSupport
import Testing

/// `strata serve` answering from a body file while a folder on its path is swapped for a symlink out of the
/// session and back: what is served was opened where it was checked, so the file outside is never sent.
@Suite(.needsLibmicrohttpd) struct ServeBodyFileRaceTests {
    @Test("a body file whose folder flips to a symlink outside is served from inside or refused, never from outside")
    func flippedFolder() throws {
        let flipper = try FolderFlipper(files: [
            "session.json": #"{ "name": "race", "routes": [ { "name": "body", "path": "/body" } ] }"#,
            "fixtures/body.json": #"{ "/body": [ { "response": { "bodyFile": "../bodies/body.json" } } ] }"#,
        ])
        let session = try Session.load(from: flipper.dir.path)
        let responder = ServeResponder(
            session: session, upstream: .mock(MockSource(session: session)), journal: try ServeJournal(),
            loopback: true)
        let server = try HTTPServer(responder: responder, host: "127.0.0.1", port: 0)
        defer { server.stop() }
        flipper.start()
        defer { flipper.finish() }
        var served = 0
        var refused = 0
        for _ in 0..<1500 {
            let connection = try RawConnection(port: server.port)
            connection.send("GET /body HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            let answer = try #require(connection.readToEnd())
            #expect(!answer.contains("SECRET"))
            if answer.hasPrefix("HTTP/1.1 200") && answer.hasSuffix("\r\n\r\ninside") { served += 1 }
            if answer.hasPrefix("HTTP/1.1 500") { refused += 1 }
        }
        // Both states were seen: the flipping really raced the requests.
        #expect(served > 0 && refused > 0, "served \(served), refused \(refused)")
    }
}
