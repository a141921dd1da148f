import Foundation
import Strata
import StrataTestSupport
import Testing

/// Values `check` used to accept and a send then choked on: huge timeouts and delays, header values with line
/// breaks.
@Suite struct SessionLimitsTests {
    static func problems(_ files: [String: String]) throws -> [String] {
        let dir = try ScratchDirectory(files)
        defer { dir.remove() }
        return SessionCheck.run(path: dir.path).diagnostics.map {
            $0.description.replacingOccurrences(of: dir.path + "/", with: "")
        }
    }

    @Test("a timeout beyond a day is a check error instead of a crash")
    func hugeTimeout() throws {
        let found = try Self.problems(["session.json": #"{ "timeout": 1e16, "routes": [] }"#])
        #expect(found == ["session.json:1:14: 'timeout' must be at most 86400 seconds (a day), found 1e16"])
        #expect(try Self.problems(["session.json": #"{ "timeout": 86400, "routes": [] }"#]).isEmpty)
    }

    @Test("a fixture delay beyond 10 minutes is a check error instead of a hang")
    func hugeDelay() throws {
        let session = #"{ "routes": [ { "name": "a", "path": "/a" } ] }"#
        let found = try Self.problems([
            "session.json": session,
            "fixtures/a.json": #"{ "/a": [ { "response": { "delay": 1e12 } } ] }"#,
        ])
        #expect(
            found == [
                "fixtures/a.json:1:36: 'delay' of pair #1 of '/a' must be at most 600000 ms (10 minutes), found 1e12"
            ])
        #expect(
            try Self.problems([
                "session.json": session, "fixtures/a.json": #"{ "/a": [ { "response": { "delay": 600000 } } ] }"#,
            ]).isEmpty)
    }

    @Test("a header value with CR or LF is a check error, in session headers, route headers and header params")
    func lineBreakInHeaderValue() throws {
        let found = try Self.problems([
            "session.json": #"""
            { "headers": { "X-A": "one\r\nX-Injected: 1" },
              "routes": [ { "name": "a", "path": "/a", "headers": { "X-B": "two\n" },
                            "params": { "X-C": { "value": "th\rree", "in": "header" } } } ] }
            """#
        ])
        #expect(
            found == [
                "session.json:1:23: header 'X-A' in session headers contains a line break or NUL, which a header cannot carry",
                "session.json:2:64: header 'X-B' in headers of route 'a' contains a line break or NUL, which a header cannot carry",
                "session.json:3:47: the value of header param 'X-C' contains a line break or NUL, which a header cannot carry",
            ])
    }

    @Test("a header whose value gets a line break from the environment is refused when the request is built")
    func lineBreakFromEnvironment() throws {
        let session = try Session.parse(
            Array(
                #"{ "headers": { "Authorization": "Bearer ${env:TOKEN}" }, "routes": [ { "name": "a", "path": "/a" } ] }"#
                    .utf8), file: "session.json", directory: ".")
        let builder = RequestBuilder(session: session, environment: ["TOKEN": "s3cret\r\nX-Evil: 1"])
        #expect(
            throws: RequestError(
                "header 'Authorization' of route 'a' contains a line break or NUL, which a header cannot carry")
        ) {
            try builder.build(session.route(named: "a")!)
        }
        let edited = RequestBuilder(session: session, environment: ["TOKEN": "ok"])
        #expect(throws: RequestError.self) {
            try edited.build(
                session.route(named: "a")!, edits: [.set(name: "X-Trace", value: "a\nb", location: .header)])
        }
    }
}
