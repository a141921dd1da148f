import Foundation
import Strata
import StrataTestSupport
import Testing

@Suite struct FixtureSequenceTests {
    static let files = [
        "session.json": #"{ "name": "jobs", "routes": [ { "name": "job", "path": "/job" } ] }"#,
        "fixtures/job.json": """
        { "/job": [ { "responses": [ { "status": 202, "body": "pending" }, { "status": 200, "body": "done" } ] } ] }
        """,
    ]

    @Test("the mock source answers a sequence in turn, repeats the last, and starts again after a reset")
    func mockSourceSequence() async throws {
        let dir = try ScratchDirectory(Self.files)
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        let mock = MockSource(session: session)
        let request = try RequestBuilder(session: session, environment: [:]).build(session.routes[0])
        var bodies: [String] = []
        for _ in 0..<3 { bodies.append(String(decoding: try await mock.send(request).body, as: UTF8.self)) }
        #expect(bodies == ["pending", "done", "done"])
        mock.sequences.reset()
        #expect(try await mock.send(request).status == 202)
    }

    @Test("a fault in the mock source is a connection error naming the fault and the pair")
    func mockSourceFault() async throws {
        let dir = try ScratchDirectory([
            "session.json": #"{ "name": "f", "routes": [ { "name": "r", "path": "/r" } ] }"#,
            "fixtures/r.json": #"{ "/r": [ { "response": { "fault": "reset" } } ] }"#,
        ])
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        let request = try RequestBuilder(session: session, environment: [:]).build(session.routes[0])
        await #expect(throws: TransportError.self) { _ = try await MockSource(session: session).send(request) }
    }

    @Test("check reports a reserved path, an unknown fault, 'response' with 'responses', an empty sequence")
    func problems() throws {
        let dir = try ScratchDirectory([
            "session.json": #"{ "name": "f", "routes": [ { "name": "r", "path": "/r" } ] }"#,
            "fixtures/r.json": """
            { "/__strata/health": [ { "response": {} } ],
              "/r": [ { "response": { "fault": "rest" } },
                      { "response": {}, "responses": [ {} ] },
                      { "responses": [] },
                      { "response": { "chunkDelay": -1 } } ] }
            """,
        ])
        defer { dir.remove() }
        let messages = SessionCheck.run(path: dir.path).diagnostics.map(\.message)
        #expect(
            messages.contains(
                "fixture path '/__strata/health' is under /__strata/, which 'strata serve' keeps for its admin endpoints"
            ))
        #expect(
            messages.contains(
                "unknown fault 'rest' in pair #1 of '/r'; did you mean 'reset'? (faults: reset, close, empty, garbage)")
        )
        #expect(messages.contains("pair #2 of '/r' has both 'response' and 'responses'; keep one"))
        #expect(messages.contains("'responses' of pair #3 of '/r' is empty; give at least one"))
        #expect(messages.contains("'chunkDelay' of pair #4 of '/r' must be 0–60000 ms, found -1"))
    }
}
