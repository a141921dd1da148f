import Foundation
import Strata
import StrataTestSupport
import Testing

/// Fixtures are read only from regular files inside the session folder (symlinks followed), as WireMock does.
@Suite struct FixtureConfinementTests {
    static let session = #"{ "routes": [ { "name": "a", "path": "/a" } ] }"#

    static func fixture(bodyFile: String) -> String {
        #"{ "/a": [ { "response": { "bodyFile": "\#(bodyFile)" } } ] }"#
    }

    /// The check's problems and the error of a mock send, paths relative to the session folder.
    static func outcome(_ dir: ScratchDirectory) async throws -> (problems: [String], send: String) {
        let problems = SessionCheck.run(path: dir.path).diagnostics.map {
            $0.description.replacingOccurrences(of: dir.path + "/", with: "")
        }
        let session = try Session.load(from: dir.path)
        let request = try RequestBuilder(session: session, environment: [:]).build(session.route(named: "a")!)
        do {
            let response = try await MockSource(session: session).send(request)
            return (problems, "served \(response.body.count) bytes")
        } catch {
            return (problems, error.description.replacingOccurrences(of: dir.path + "/", with: ""))
        }
    }

    @Test(
        "a body file outside the session, by .. or an absolute path, is a check error and never served",
        arguments: ["../../../../../../../../../etc/passwd", "/etc/passwd"])
    func outsidePaths(bodyFile: String) async throws {
        let dir = try ScratchDirectory([
            "session.json": Self.session, "fixtures/a.json": Self.fixture(bodyFile: bodyFile),
        ])
        defer { dir.remove() }
        let (problems, send) = try await Self.outcome(dir)
        #expect(
            problems == [
                "fixtures/a.json:1:39: bodyFile '\(bodyFile)' of pair #1 of '/a' resolves to /etc/passwd, outside the session folder; it is never served"
            ])
        #expect(
            send
                == "fixtures/a.json:1:11: bodyFile '\(bodyFile)' resolves to /etc/passwd, outside the session folder; nothing was read"
        )
    }

    @Test("a symlink in fixtures/ that points outside the session is refused")
    func symlinkOut() async throws {
        let dir = try ScratchDirectory([
            "session.json": Self.session, "fixtures/a.json": Self.fixture(bodyFile: "leak.txt"),
        ])
        defer { dir.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: dir.url("fixtures/leak.txt"), withDestinationPath: "/etc/passwd")
        let (problems, send) = try await Self.outcome(dir)
        #expect(problems.count == 1)
        #expect(
            problems.first?.contains("bodyFile 'leak.txt' of pair #1 of '/a' resolves to /etc/passwd, outside") == true)
        #expect(
            send.hasSuffix("bodyFile 'leak.txt' resolves to /etc/passwd, outside the session folder; nothing was read"))
    }

    @Test("a FIFO or a directory as a body file is refused without being opened")
    func specialFiles() async throws {
        let dir = try ScratchDirectory([
            "session.json": #"{ "routes": [ { "name": "a", "path": "/a" }, { "name": "b", "path": "/b" } ] }"#,
            "fixtures/a.json":
                #"{ "/a": [ { "response": { "bodyFile": "pipe" } } ], "/b": [ { "response": { "bodyFile": "dir" } } ] }"#,
        ])
        defer { dir.remove() }
        #expect(mkfifo(dir.url("fixtures/pipe"), 0o600) == 0)
        try FileManager.default.createDirectory(atPath: dir.url("fixtures/dir"), withIntermediateDirectories: false)
        let (problems, send) = try await Self.outcome(dir)
        #expect(
            problems == [
                "fixtures/a.json:1:39: bodyFile 'pipe' of pair #1 of '/a' is a FIFO, not a regular file; it is never served",
                "fixtures/a.json:1:89: bodyFile 'dir' of pair #1 of '/b' is a directory, not a regular file; it is never served",
            ])
        #expect(send == "fixtures/a.json:1:11: bodyFile 'pipe' is a FIFO, not a regular file; nothing was read")
    }

    @Test("a fixture file that is a symlink out of the session is not read")
    func fixtureFileSymlinkOut() throws {
        let outside = try ScratchDirectory(["a.json": Self.fixture(bodyFile: "x")])
        let dir = try ScratchDirectory(["session.json": Self.session])
        defer {
            dir.remove()
            outside.remove()
        }
        try FileManager.default.createDirectory(atPath: dir.url("fixtures"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(
            atPath: dir.url("fixtures/a.json"), withDestinationPath: outside.url("a.json"))
        let check = SessionCheck.run(path: dir.path)
        #expect(check.fixtures.pairs.isEmpty)
        let real = try #require(SessionFilesRealPath.of(outside.url("a.json")))
        #expect(
            check.diagnostics.map { $0.description.replacingOccurrences(of: dir.path + "/", with: "") } == [
                "fixtures/a.json:1:1: fixture file resolves to \(real), outside the session folder; it is not read"
            ])
    }

    @Test("symlinks that stay inside the session are followed")
    func symlinkInside() async throws {
        let dir = try ScratchDirectory([
            "session.json": Self.session, "fixtures/a.json": Self.fixture(bodyFile: "alias.txt"),
            "data/body.txt": "hello",
        ])
        defer { dir.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: dir.url("fixtures/alias.txt"), withDestinationPath: "../data/body.txt")
        let (problems, send) = try await Self.outcome(dir)
        #expect(problems.isEmpty)
        #expect(send == "served 5 bytes")
    }
}

/// Resolves a path the way the confinement check does (the scratch folder may itself sit behind a symlink).
enum SessionFilesRealPath {
    static func of(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }
}
