import Foundation
import StrataTestSupport
import Testing

/// Issue 32: a body too large to inline is a body file, never read as a fixture file, so a fresh recording checks
/// clean; a stray JSON file in `fixtures/` is one warning naming it.
@Suite struct RecordLargeBodyCheckTests {
    /// A session with one route, `big`, at `/big` of `baseURL`.
    static func session(_ baseURL: String = "http://127.0.0.1:9") -> String {
        #"{ "name": "Big", "baseURL": "\#(baseURL)", "routes": [ { "name": "big", "path": "/big" } ] }"#
    }

    /// A JSON body of about 10 MB: an object whose many items, read as fixture pairs, would each be a problem.
    static func body() -> [UInt8] {
        var body = Array(#"{"items": ["#.utf8)
        var n = 0
        while body.count < 10_000_000 {
            if n > 0 { body.append(UInt8(ascii: ",")) }
            body += Array(#"{"id": \#(n), "name": "item \#(n)", "tags": ["a", "b"]}"#.utf8)
            n += 1
        }
        body += Array("]}\n".utf8)
        return body
    }

    @Test("a 10 MB body recorded from a server goes to fixtures/bodies/, and the session checks clean")
    func recordedLargeBodyChecksClean() throws {
        let body = Self.body()
        let server = try LoopbackServer { _ in
            LoopbackServer.Reply(headers: [("Content-Type", "application/json")], body: body)
        }
        defer { server.stop() }
        let dir = try ScratchDirectory(["session.json": Self.session(server.baseURL)])
        defer { dir.remove() }
        let record = try StrataBinary.run(["record", dir.path, "big"])
        #expect(record.status == 0, "\(record.stderr)")
        #expect(
            record.stdout.contains(
                "body written to \(dir.path)/fixtures/bodies/big-1.json (\(body.count) bytes: over 8 MiB"),
            "\(record.stdout)")
        #expect(dir.list("fixtures") == ["big.json", "bodies"])
        #expect(dir.read("fixtures/big.json")?.contains(#""bodyFile": "bodies/big-1.json""#) == true)
        #expect(FileManager.default.contents(atPath: dir.url("fixtures/bodies/big-1.json")).map(Array.init) == body)

        let check = try StrataBinary.run(["check", dir.path])
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout == "OK: Big — 1 route, 1 fixture file, 1 pair\n")
    }

    @Test("a body file beside the fixture (as record wrote them before) still loads; once unnamed, one warning")
    func oldLayoutAndStrayBody() throws {
        let dir = try ScratchDirectory([
            "session.json": Self.session(),
            "fixtures/big.json": #"{ "/big": [ { "response": { "bodyFile": "big-1.json" } } ] }"#,
        ])
        defer { dir.remove() }
        try dir.write("fixtures/big-1.json", bytes: Self.body())
        let check = try StrataBinary.run(["check", dir.path])
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout == "OK: Big — 1 route, 1 fixture file, 1 pair\n")
        let run = try StrataBinary.run(["run", dir.path, "big"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Array(run.stdout.utf8) == Self.body() + [0x0A])

        try FileManager.default.removeItem(atPath: dir.url("fixtures/big.json"))
        let stray = try StrataBinary.run(["check", dir.path])
        #expect(stray.status == 1)
        #expect(
            stray.stdout
                == "\(dir.path)/fixtures/big-1.json:1:2: warning: not a fixture file (a fixture file's keys are request "
                + "paths starting with '/'; its first key is 'items') and no fixture's bodyFile "
                + "names it, so it is not read; name it in a bodyFile (bodies belong in fixtures/bodies/) or move it "
                + "out of fixtures/\n1 problem found\n")
    }
}
