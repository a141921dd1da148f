import Foundation
import Strata
import StrataTestSupport
import Testing

/// One scrubber, knowing every secret of a request, applied to everything that leaves the process.
@Suite struct SecretScrubbingTests {
    static let secret = "hunter22secret"

    static func sessionJSON(baseURL: String) -> String {
        """
        { "name": "S", "baseURL": "\(baseURL)",
          "headers": { "Authorization": "Bearer ${env:TOKEN}" },
          "redact": ["token"],
          "routes": [ { "name": "user", "path": "/users/{token}", "params": { "token": "${env:TOKEN}" } },
                      { "name": "echo", "path": "/echo" } ] }
        """
    }

    static func request(_ session: Session, _ route: String, env: [String: String] = ["TOKEN": secret])
        throws -> BuiltRequest
    {
        try RequestBuilder(session: session, environment: env).build(session.route(named: route)!)
    }

    @Test("a secret path param is <redacted> in the near-miss report")
    func nearMiss() async throws {
        let dir = try ScratchDirectory([
            "session.json": Self.sessionJSON(baseURL: "http://x"),
            "fixtures/u.json": #"{ "/users/other": [ { "response": { "body": {} } } ] }"#,
        ])
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        let request = try Self.request(session, "user")
        guard case .failure(let report) = MockSource(session: session).match(request) else {
            Issue.record("matched")
            return
        }
        #expect(!report.description.contains(Self.secret))
        #expect(report.description.contains("GET /users/<redacted>"))
        #expect(report.description.contains("path /users/<redacted> ≠ /users/other"))
    }

    @Test("record keys the pair by the redacted path, scrubs echoed headers and binary bodies, and replays")
    func recordScrubsEverything() async throws {
        let server = try LoopbackServer { request in
            LoopbackServer.Reply(
                status: 200,
                headers: [
                    ("Content-Type", "application/octet-stream"), ("Set-Cookie", "sid=\(Self.secret); Path=/"),
                    ("X-Echo-Authorization", request.headers["Authorization"] ?? ""),
                ],
                body: [0xFF, 0x00] + Array("token=\(Self.secret)".utf8) + [0xFE])
        }
        let dir = try ScratchDirectory(["session.json": Self.sessionJSON(baseURL: server.baseURL)])
        defer {
            server.stop()
            dir.remove()
        }
        let session = try Session.load(from: dir.path)
        let request = try Self.request(session, "user")
        let (_, written) = try await RecordingSource(session: session).record(request)
        #expect(written.path == "/users/<redacted>")
        #expect(!written.description.contains(Self.secret))
        // Every file written, body files in fixtures/bodies/ included.
        let names = try FileManager.default.subpathsOfDirectory(atPath: dir.url("fixtures")).filter {
            var folder: ObjCBool = false
            return FileManager.default.fileExists(atPath: dir.url("fixtures/" + $0), isDirectory: &folder)
                && !folder.boolValue
        }
        #expect(names.contains { $0.hasPrefix("bodies/") })
        for name in names {
            let bytes = try #require(FileManager.default.contents(atPath: dir.url("fixtures/" + name)))
            #expect(!String(decoding: bytes, as: UTF8.self).contains(Self.secret), "\(name)")
        }
        let text = try #require(dir.read("fixtures/user.json"))
        #expect(text.contains(#""/users/<redacted>""#))
        #expect(text.contains(#""X-Echo-Authorization": "<redacted>""#))
        #expect(text.contains(#""Set-Cookie": "<redacted>""#))
        let replay = try await MockSource(session: session).send(request)
        #expect(replay.status == 200)
        #expect(replay.body == [0xFF, 0x00] + Array("token=<redacted>".utf8) + [0xFE])
    }

    @Test("a password in the base URL's userinfo never shows in --curl, --json or the shown URL")
    func userinfoPassword() async throws {
        let dir = try ScratchDirectory([
            "session.json": Self.sessionJSON(baseURL: "http://me:${env:PW}@api.test/v1"),
            "fixtures/e.json": #"{ "/echo": [ { "response": { "body": "hi" } } ] }"#,
        ])
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        let env = ["TOKEN": Self.secret, "PW": "pa55word!"]
        let request = try Self.request(session, "echo", env: env)
        #expect(request.url == "http://me:pa55word!@api.test/v1/echo")
        #expect(request.redacted().url == "http://me:<redacted>@api.test/v1/echo")
        #expect(!request.curl().contains("pa55word"))
        #expect(!request.curl().contains(Self.secret))
        let client = Client(session: session, source: MockSource(session: session), environment: env)
        let exchange = try await client.run("echo")
        #expect(!exchange.jsonReport().contains("pa55word"))
        #expect(!exchange.summaryLine.contains("pa55word"))
        #expect(!exchange.text(.all).contains("pa55word"))
        #expect(!exchange.text(.all).contains(Self.secret))
    }

    @Test("run's text and --json output scrub secrets the server echoes, as record would")
    func runScrubsEcho() async throws {
        let server = try LoopbackServer { .echo($0) }
        let dir = try ScratchDirectory(["session.json": Self.sessionJSON(baseURL: server.baseURL)])
        defer {
            server.stop()
            dir.remove()
        }
        let session = try Session.load(from: dir.path)
        let client = Client(session: session, source: LiveSource(), environment: ["TOKEN": Self.secret])
        let exchange = try await client.run("echo")
        #expect(String(decoding: exchange.response.body, as: UTF8.self).contains(Self.secret))
        for view in Exchange.View.allCases {
            #expect(!exchange.text(view).contains(Self.secret), "\(view)")
        }
        #expect(exchange.text(.raw).contains(#""Authorization":"<redacted>""#))
        #expect(!exchange.jsonReport().contains(Self.secret))
    }

    @Test("credential headers are secrets even when redact does not name them")
    func credentialHeadersAreSecret() throws {
        let session = try Session.parse(
            Array(
                #"{ "headers": { "Cookie": "sid=${env:SID}" }, "routes": [ { "name": "a", "path": "/a" } ] }"#.utf8),
            file: "session.json", directory: ".")
        let request = try RequestBuilder(session: session, environment: ["SID": "c00kievalue"]).build(
            session.route(named: "a")!)
        #expect(request.redacted().headers["Cookie"] == "<redacted>")
        #expect(request.scrubber.scrub("echo sid=c00kievalue") == "echo <redacted>")
        #expect(request.scrubber.scrub("Set-Cookie: sid=c00kievalue") == "Set-Cookie: <redacted>")
        #expect(request.scrubber.scrub("value c00kievalue") == "value <redacted>")
    }

    @Test("the redacted URL and path alone read the same as in the whole redacted request")
    func redactedLocationMatchesRedacted() throws {
        let session = try Session.parse(
            Array(
                #"""
                { "baseURL": "http://me:${env:PW}@api.test/v1?k=${env:TOKEN}", "redact": ["token", "key"],
                  "routes": [
                    { "name": "get", "path": "/users/{token}/{id}",
                      "params": { "token": "${env:TOKEN}", "id": "a b/${env:TOKEN}", "key": { "in": "query", "value": "${env:TOKEN}" },
                                  "q": { "in": "query", "value": "x&y ${env:PW}" } } },
                    { "name": "post", "method": "POST", "path": "/p/{token}", "params": { "token": "${env:TOKEN}" },
                      "body": { "json": { "secret": "${env:TOKEN}", "n": 1 } } } ] }
                """#.utf8),
            file: "session.json", directory: ".")
        for route in ["get", "post"] {
            let request = try RequestBuilder(session: session, environment: ["TOKEN": Self.secret, "PW": "pa55"])
                .build(session.route(named: route)!)
            let whole = request.redacted()
            let location = request.redactedLocation()
            #expect(location.url == whole.url, "\(route)")
            #expect(location.path == whole.path, "\(route)")
            #expect(!location.url.contains(Self.secret) && !location.url.contains("pa55"), "\(route)")
        }
    }
}
