import Foundation
import StrataTestSupport
import Testing

/// What the commands print and write never holds a secret, whatever the server echoes.
@Suite struct SecretsCommandTests {
    static let session = """
        { "name": "S", "baseURL": "${env:S_URL}",
          "headers": { "Authorization": "Bearer ${env:S_TOKEN}" },
          "redact": ["token"],
          "routes": [ { "name": "user", "path": "/users/{token}", "params": { "token": "${env:S_TOKEN}" } } ] }
        """

    @Test("record and run print the secret path param as <redacted>; echoed secrets reach neither output nor files")
    func recordAndRun() throws {
        let server = try LoopbackServer { request in
            var reply = LoopbackServer.Reply.echo(request)
            reply.headers.append(("X-Echo-Authorization", request.headers["Authorization"] ?? ""))
            return reply
        }
        let dir = try ScratchDirectory(["session.json": Self.session])
        defer {
            server.stop()
            dir.remove()
        }
        let env: [String: String?] = ["S_URL": server.baseURL, "S_TOKEN": "t0psecret"]
        let record = try StrataBinary.run(["record", dir.path, "user"], environment: env)
        #expect(record.status == 0, "\(record.stderr)")
        #expect(
            record.stdout
                == "recorded 200 OK GET /users/<redacted> → \(dir.path)/fixtures/user.json (/users/<redacted> #1)\n")
        let fixture = try #require(dir.read("fixtures/user.json"))
        #expect(!fixture.contains("t0psecret"))
        let replay = try StrataBinary.run(["run", dir.path, "user", "--show", "all"], environment: env)
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(!(replay.stdout + replay.stderr).contains("t0psecret"))
        let live = try StrataBinary.run(["run", dir.path, "user", "--source", "live", "--json"], environment: env)
        #expect(live.status == 0, "\(live.stderr)")
        #expect(!(live.stdout + live.stderr).contains("t0psecret"))
        #expect(live.stdout.contains("/users/<redacted>"))
    }

    @Test("a password in the base URL shows as <redacted> in --curl and --json")
    func userinfoPassword() throws {
        let dir = try ScratchDirectory([
            "session.json": Self.session.replacingOccurrences(
                of: "${env:S_URL}", with: "https://me:${env:S_PW}@api.test"),
            "fixtures/u.json": #"{ "/users/<redacted>": [ { "response": { "body": {} } } ] }"#,
        ])
        defer { dir.remove() }
        let env: [String: String?] = ["S_TOKEN": "t0psecret", "S_PW": "pa55word"]
        let curl = try StrataBinary.run(["run", dir.path, "user", "--curl"], environment: env)
        #expect(curl.status == 0, "\(curl.stderr)")
        // The path secret is read from its variable; the password in the base URL has none, so it stays out.
        #expect(curl.stdout.hasPrefix("curl \"https://me:<redacted>@api.test/users/$S_TOKEN\""))
        #expect(!curl.stdout.contains("pa55word") && !curl.stdout.contains("t0psecret"))
        let json = try StrataBinary.run(["run", dir.path, "user", "--json"], environment: env)
        #expect(json.status == 0, "\(json.stderr)")
        #expect(!(json.stdout + json.stderr).contains("pa55word"))
        #expect(json.stdout.contains("https://me:<redacted>@api.test/users/<redacted>"))
    }
}
