import Foundation
import Strata
import StrataTestSupport
import Testing

/// `strata run` prints server-sent events as they arrive: the test reads the first event from the running
/// command's stdout before it lets the server send the second (a handshake, no sleeps).
@Suite struct RunStreamingTests {
    @Test("the raw view of an event stream is printed event by event, before the response ends")
    func eventsPrintedAsTheyArrive() throws {
        let binary = try #require(StrataBinary.url)
        let gate = StreamGate()
        defer { gate.finish() }
        let server = try LoopbackServer { _ in
            .events(["event: price\ndata: {\"n\":1}\n\n", "data: {\"n\":2}\n\n"], gate: gate)
        }
        defer { server.stop() }
        let session = ExplorerEndToEndTests.root.appendingPathComponent("Sessions/events").path
        let run = try RunningChild(
            binary.path, ["run", session, "ticker", "--source", "live"], environment: ["EVENTS_URL": server.baseURL])
        // Blocks until the command writes; the second event cannot have been sent yet.
        let first = run.read(through: "{\"n\":1}\n\n")
        #expect(first == "event: price\ndata: {\"n\":1}\n\n")
        gate.open()
        let rest = run.readToEnd()
        #expect(run.wait() == 0)
        #expect((first ?? "") + rest == "event: price\ndata: {\"n\":1}\n\ndata: {\"n\":2}\n\n\n")
        let summary = run.errors
        #expect(summary.hasPrefix("200 OK · GET \(server.baseURL)/ticker"))
    }

    @Test("a secret the server echoes in a streamed event is scrubbed as it is printed, and in what follows")
    func streamedEventsAreScrubbed() throws {
        let binary = try #require(StrataBinary.url)
        let gate = StreamGate()
        defer { gate.finish() }
        let secret = "tok-9f8e7d6c5b4a"
        let server = try LoopbackServer { _ in
            .events(["data: {\"key\":\"\(secret)\"}\n\n", "data: {\"again\":\"\(secret)\"}\n\n"], gate: gate)
        }
        defer { server.stop() }
        let dir = try ScratchDirectory([
            "session.json": #"""
            { "name": "s", "baseURL": "${env:EVENTS_URL}", "redact": ["key"],
              "routes": [ { "name": "ticker", "path": "/ticker", "params": { "key": "${env:EVENTS_KEY}" } } ] }
            """#
        ])
        defer { dir.remove() }
        _ = try StrataBinary.run(["trust", dir.path])
        let run = try RunningChild(
            binary.path, ["run", dir.path, "ticker", "--source", "live"],
            environment: ["EVENTS_URL": server.baseURL, "EVENTS_KEY": secret])
        let first = run.read(through: "}\n\n")
        gate.open()
        let rest = run.readToEnd()
        #expect(run.wait() == 0, "\(run.errors)")
        let printed = (first ?? "") + rest
        #expect(printed == "data: {\"key\":\"<redacted>\"}\n\ndata: {\"again\":\"<redacted>\"}\n\n\n", "\(printed)")
    }
}
