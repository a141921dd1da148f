import Foundation
import StrataTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `strata serve` run as a child process, its first line read for the URL.
final class ServeProcess {
    let process = Process()
    let output = Pipe()
    let errors = Pipe()
    var url = ""

    init(_ arguments: [String]) throws {
        let binary = try #require(StrataBinary.url)
        process.executableURL = binary
        process.arguments = ["serve"] + arguments
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    /// Reads stdout up to the first line and takes the URL from it (nil when the process ended first).
    func readURL() -> String? {
        var text = ""
        while !text.contains("\n") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { return nil }
            text += String(decoding: data, as: UTF8.self)
        }
        let first = text.split(separator: "\n")[0]
        url = first.split(separator: " ").last.map(String.init) ?? ""
        return url
    }

    func terminate() -> (status: Int32, stdout: String) {
        process.terminate()
        process.waitUntilExit()
        let rest = output.fileHandleForReading.readDataToEndOfFile()
        return (process.terminationStatus, String(decoding: rest, as: UTF8.self))
    }
}

@Suite struct ServeCommandTests {
    static let files = [
        "session.json": #"{ "name": "srv", "routes": [ { "name": "slow", "path": "/slow" } ] }"#,
        "fixtures/slow.json":
            #"{ "/slow": [ { "response": { "delay": 1500, "body": { "done": true } } } ], "/fast": [ { "response": { "body": "fast" } } ] }"#,
    ]

    static func get(_ url: String) async throws -> (Int, String) {
        let (data, response) = try await URLSession(configuration: .ephemeral).data(from: URL(string: url)!)
        return ((response as! HTTPURLResponse).statusCode, String(decoding: data, as: UTF8.self))
    }

    @Test("serve --port 0 prints its URL, answers, logs a line per request, and SIGTERM waits for the one in flight")
    func sigtermWithRequestInFlight() async throws {
        let dir = try ScratchDirectory(Self.files)
        defer { dir.remove() }
        let serve = try ServeProcess([dir.path, "--port", "0"])
        let url = try #require(serve.readURL())
        #expect(url.hasPrefix("http://127.0.0.1:"))
        let fast = try await Self.get(url + "/fast")
        #expect(fast.0 == 200 && fast.1 == "fast")
        let slow = Task { try await Self.get(url + "/slow") }
        // Wait until the server reports the slow request in flight, then stop it.
        while true {
            let health = try await Self.get(url + "/__strata/health")
            if health.1.contains(#""inFlight": 1"#) { break }
        }
        let (status, log) = serve.terminate()
        let answer = try await slow.value
        #expect(answer.0 == 200 && answer.1 == #"{ "done": true }"#)
        #expect(status == 0)
        #expect(log.contains(" GET /fast 200 "))
        #expect(log.contains(" GET /slow 200 "))
        #expect(log.hasSuffix("stopped\n"))
    }

    @Test("a port in use is a clear error and exit 1")
    func portInUse() throws {
        let dir = try ScratchDirectory(Self.files)
        defer { dir.remove() }
        let first = try ServeProcess([dir.path, "--port", "0"])
        let url = try #require(first.readURL())
        let port = try #require(url.split(separator: ":").last)
        let second = try StrataBinary.run(["serve", dir.path, "--port", String(port)])
        #expect(second.status == 1)
        #expect(second.stderr == "strata: port \(port) on 127.0.0.1 is already in use (try --port 0 for a free one)\n")
        #expect(first.terminate().status == 0)
    }

    @Test("a host that is not an address of this machine is a clear error and exit 1")
    func badHost() throws {
        let dir = try ScratchDirectory(Self.files)
        defer { dir.remove() }
        let result = try StrataBinary.run(["serve", dir.path, "--host", "192.0.2.1", "--port", "0"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("strata: cannot listen on host '192.0.2.1'"))
    }
}
