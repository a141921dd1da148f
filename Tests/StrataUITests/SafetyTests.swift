import Foundation
import Strata
import StrataTestSupport
import StrataUI
import TermGrid
import Testing

@Suite("No byte from a response reaches the terminal raw")
struct SafetyTests {
    /// True when some cell holds a C0 or C1 control character or DEL.
    func hasControlCharacters(_ buffer: Buffer) -> Bool {
        buffer.cells.contains { cell in
            cell.symbol.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
        }
    }

    /// A session whose one fixture answers with `body` as `contentType`.
    func session(body: String, contentType: String) throws -> (ScratchDirectory, Session) {
        let scratch = try ScratchDirectory(ShopSession.files())
        let escaped = JSONString.quote(body)
        try scratch.write(
            "fixtures/products.json",
            """
            { "/products": [ { "response": { "status": 200, "headers": { "Content-Type": "\(contentType)",
              "X-Evil": "\\u001b[2J" }, "body": \(escaped) } } ] }
            """)
        return (scratch, try Session.load(from: scratch.path))
    }

    @Test("a text body with ESC ] 2 ; title BEL and ESC [ 2 J is drawn as visible escapes in every pane")
    func terminalEscapesInATextBody() async throws {
        let (scratch, session) = try session(
            body: "hi\u{1B}]2;title\u{07} and \u{1B}[2J done", contentType: "text/plain")
        defer { scratch.remove() }
        for keys in ["r", "r 1 H", "r 2", "r 2 j", "r i", "r y"] {
            let (screen, _) = try await ExplorerFixtures.capture(
                session, size: Size(width: 120, height: 40), keys: keys)
            #expect(!hasControlCharacters(screen), "control characters reached the screen after \(keys)")
            #expect(!screen.svg().contains("\u{1B}"))
        }
        let (screen, _) = try await ExplorerFixtures.capture(session, size: Size(width: 120, height: 40), keys: "r 1 H")
        let text = screen.text()
        #expect(text.contains("hi␛]2;title␇ and ␛[2J done"))
        #expect(text.contains("X-Evil: ␛[2J"))
    }

    @Test("a JSON string holding escapes shows them quoted in Parsed and Mapped, never raw")
    func escapesInsideJSONStrings() async throws {
        let body =
            #"{"products": [{"id": 1, "name": "\u001b]2;pwned\u0007\u001b[2J", "price": 1, "#
            + #""in_stock": true, "release_date": "2024-01-01", "tags": ["\u009b31m"], "maker": {"name": "x"}}]}"#
        let (scratch, session) = try session(body: body, contentType: "application/json")
        defer { scratch.remove() }
        for keys in ["r", "r 2 j j j j", "r 3 j j j"] {
            let (screen, _) = try await ExplorerFixtures.capture(
                session, size: Size(width: 120, height: 40), keys: keys)
            #expect(!hasControlCharacters(screen), "control characters reached the screen after \(keys)")
        }
        let (screen, _) = try await ExplorerFixtures.capture(
            session, size: Size(width: 120, height: 40), keys: "r 2 j j j j")
        #expect(screen.text().contains(#"name "\u001B]2;pwned\u0007\u0"#))
        #expect(screen.text().contains(#"[0] "<9B>31m""#))
    }
}

@Suite("Secrets stay hidden")
struct SecretTests {
    @Test("a transport error quoting the URL shows the secret as <redacted>, in the pane and the status bar")
    func transportErrorIsRedacted() throws {
        var state = try ExplorerFixtures.demoState()
        let (id, request, _) = try #require(try press(&state, "m r").first?.sent)
        #expect(request.url.contains("api_key=demo-key"))
        let error = TransportError.hostNotFound(url: request.url)
        _ = state.update(.responseArrived(id: id, request: request, result: .failure(error)))
        let screen = ExplorerView.render(state).text()
        #expect(!screen.contains("demo-key"))
        #expect(screen.contains("api_key=<redacted>"))
        #expect(state.notice?.text.contains("demo-key") == false)
    }

    @Test("a password in the base URL and a secret the response echoes never reach the screen or a screenshot")
    func screensAreScrubbed() async throws {
        let scratch = try ScratchDirectory([
            "session.json": ShopSession.sessionJSON(baseURL: "http://me:${env:SHOP_PW}@api.test/v1"),
            "fixtures/products.json":
                #"{ "/products": [ { "response": { "body": { "echo": "key=s3cretkey", "pw": "pa55word!" } } } ] }"#,
        ])
        defer { scratch.remove() }
        let session = try Session.load(from: scratch.path)
        let environment = ["SHOP_KEY": "s3cretkey", "SHOP_PW": "pa55word!"]
        let keys = try Key.parse(tmuxKeys: "r")
        let shot = try await offPool {
            Unchecked(
                try Screenshot.capture(
                    session: session, size: Size(width: 120, height: 40), keys: keys, environment: environment))
        }
        let text = shot.value.buffer.text()
        #expect(text.contains("me:<redacted>@api.test"))
        #expect(text.contains("key=<redacted>"))
        #expect(!text.contains("s3cretkey"))
        #expect(!text.contains("pa55word"))
        for file in try Screenshot.write(shot.value.buffer, to: scratch.url("shots/screen")) {
            let written = String(decoding: FileManager.default.contents(atPath: file) ?? Data(), as: UTF8.self)
            #expect(!written.contains("s3cretkey") && !written.contains("pa55word"), "\(file)")
        }
    }
}
