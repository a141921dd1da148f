import Foundation
import Strata

/// The views of `strata-bench cli` made in this process: the library's client and writers, the output going to a
/// file, as `strata run` writes it less the process around it (start, the session read, the history, exit).
struct CLIBenchInProcess {
    /// The views timed, as `--show` names them, and `json` for the report.
    static let views = ["raw", "parsed", "mapped", "issues", "json"]

    let client: Client
    let route: String
    let output: String

    init(session: String, route: String, output: String) throws {
        let loaded = try Session.load(from: session)
        client = Client(session: loaded, source: MockSource(session: loaded))
        self.route = route
        self.output = output
    }

    /// The view a strata row of the report shows, or nil for other rows.
    static func view(of label: String) -> String? {
        if label == "strata run --json" { return "json" }
        guard label.hasPrefix("strata run --show ") else { return nil }
        return String(label.dropFirst("strata run --show ".count))
    }

    /// Seconds to send, parse, map and write `view` to the output file.
    func time(_ view: String) throws -> Double {
        let fd = open(output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw BenchError("cannot write \(output)") }
        defer { close(fd) }
        let start = DispatchTime.now().uptimeNanoseconds
        let exchange = try CLIBenchInProcess.wait { [client, route] in
            try await client.run(route, parse: view != "raw")
        }
        let sink: ([UInt8]) -> Void = { bytes in bytes.withUnsafeBytes { _ = write(fd, $0.baseAddress, $0.count) } }
        if view == "json" {
            exchange.writeJSONReport(to: sink)
        } else if let shown = Exchange.View(rawValue: view) {
            exchange.write(shown, to: sink)
        }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// The result of `body`, run as a task and waited for.
    static func wait<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let box = CLIBenchResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task {
            do { box.result = .success(try await body()) } catch { box.result = .failure(error) }
            done.signal()
        }
        done.wait()
        return try box.result!.get()
    }
}

/// Carries a task's result back to the waiting thread (written once before the semaphore is signalled).
final class CLIBenchResultBox<T: Sendable>: @unchecked Sendable {
    var result: Result<T, any Error>? = nil
}
