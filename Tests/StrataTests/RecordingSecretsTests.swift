import Foundation
import Strata
import StrataTestSupport
import Testing

/// Secrets a server echoes back in a response body never reach a recorded fixture.
@Suite struct RecordingSecretsTests {
    @Test("a secret echoed in a JSON body is recorded as <redacted>, raw and percent-encoded, and the body stays JSON")
    func echoedSecretIsScrubbed() async throws {
        let server = try LoopbackServer { request in
            .json(#"{"args": {"api_key": "s3cret key"}, "url": "http://x/products/7?api_key=s3cret%20key", "n": 1}"#)
        }
        let dir = try ScratchDirectory(ShopSession.files(baseURL: server.baseURL))
        defer {
            server.stop()
            dir.remove()
        }
        let session = try Session.load(from: dir.path)
        let request = try RequestBuilder(session: session, environment: ["SHOP_KEY": "s3cret key"])
            .build(session.route(named: "product")!, edits: [.set(name: "id", value: "7")])
        let (live, _) = try await RecordingSource(session: session).record(request)
        #expect(String(decoding: live.body, as: UTF8.self).contains("s3cret"))
        let text = try #require(dir.read("fixtures/product.json"))
        #expect(!text.contains("s3cret"))
        let replay = try await MockSource(session: session).send(request)
        let body = String(decoding: replay.body, as: UTF8.self)
        #expect(
            body == #"{"args": {"api_key": "<redacted>"}, "url": "http://x/products/7?api_key=<redacted>", "n": 1}"#)
        #expect((try? JSONParser().parse(replay.body)) != nil)
    }

    @Test("a secret that appears outside JSON strings is left alone so the body stays valid")
    func numbersAreNotTouched() {
        let scrubber = SecretScrubber(values: ["12345"])
        let body = Array(#"{"code": 12345, "echo": "key=12345"}"#.utf8)
        #expect(
            String(decoding: scrubber.scrub(body, json: true), as: UTF8.self)
                == #"{"code": 12345, "echo": "key=<redacted>"}"#)
        #expect(
            String(decoding: scrubber.scrub(Array("token 12345".utf8), json: false), as: UTF8.self)
                == "token <redacted>")
    }
}
