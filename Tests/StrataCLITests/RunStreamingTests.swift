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
        let process = Process()
        process.executableURL = binary
        process.arguments = ["run", session, "ticker", "--source", "live"]
        var environment = ProcessInfo.processInfo.environment
        environment["EVENTS_URL"] = server.baseURL
        process.environment = environment
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        var seen = Data()
        // Blocks until the command writes; the second event cannot have been sent yet.
        while !String(decoding: seen, as: UTF8.self).contains("{\"n\":1}\n\n") {
            let more = stdout.fileHandleForReading.availableData
            if more.isEmpty { break }
            seen += more
        }
        #expect(String(decoding: seen, as: UTF8.self) == "event: price\ndata: {\"n\":1}\n\n")
        gate.open()
        seen += stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(String(decoding: seen, as: UTF8.self) == "event: price\ndata: {\"n\":1}\n\ndata: {\"n\":2}\n\n\n")
        let summary = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(summary.hasPrefix("200 OK · GET \(server.baseURL)/ticker"))
    }
}
