import Foundation
import Strata
import StrataUI
import TermGrid

/// The explorer's peak resident memory on one response, measured in a fresh child process.
///
/// The parent writes the document to a file and spawns `strata-bench ui --peak-child FILE`; the child reads the file
/// as the response body (held once, as the explorer holds it), shows it as the program does (parse, line index,
/// first frame, mapping, Mapped pane), and prints `baseline=KB peak=KB`: its high-water mark (`VmHWM`) before the
/// body was read and after the Mapped pane was drawn.
enum UIBenchPeak {
    /// The hidden option that turns `strata-bench ui` into the measuring child.
    static let childFlag = "--peak-child"

    /// What the child reports, in bytes.
    struct Report {
        /// Peak RSS before the body was read (the runtime's own footprint).
        var baseline: Int
        /// Peak RSS once the Mapped pane was drawn.
        var peak: Int
    }

    /// Writes `bytes` to a temporary file and measures the explorer on it in a child process.
    static func measure(_ bytes: [UInt8]) throws -> Report {
        let file = NSTemporaryDirectory() + "strata-bench-ui-\(getpid()).json"
        try BenchFiles.writeFile(file, bytes)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let exe = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let output = file + ".out"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let trace = ProcessInfo.processInfo.environment["UIBENCH_TRACE"] != nil
        let run = try ChildPeak.run(
            exe, ["ui", childFlag, file], output: output, errors: trace ? file + ".trace" : "/dev/null")
        if trace, let lines = try? BenchFiles.readFile(file + ".trace") {
            FileHandle.standardError.write(Data(lines))
            try? FileManager.default.removeItem(atPath: file + ".trace")
        }
        let text = String(decoding: try BenchFiles.readFile(output), as: UTF8.self)
        guard run.status == 0 else { throw BenchError("the explorer peak-memory child failed (exit \(run.status))") }
        var fields: [String: Int] = [:]
        for part in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let kv = part.split(separator: "=", maxSplits: 1)
            if kv.count == 2, let v = Int(kv[1]) { fields[String(kv[0])] = v }
        }
        guard let baseline = fields["baseline"], let peak = fields["peak"] else {
            throw BenchError("the explorer peak-memory child printed an unexpected line: \(text)")
        }
        return Report(baseline: baseline * 1024, peak: peak * 1024)
    }

    /// The child side: shows the file's body in a headless explorer and prints the report line.
    static func runChild(_ file: String) throws {
        ProcessMemory.mapLargeBlocks()  // as the `strata` executable starts
        let session = try UIBenchSession.make()
        let route = session.routes[0]
        let request = try RequestBuilder(session: session, environment: [:]).build(route)
        let pipeline = ResponsePipeline(session: session)
        let program = ExplorerProgram(
            state: ExplorerState(session: session, size: Size(width: 120, height: 40)),
            backend: MemoryBackend(width: 120, height: 40))
        program.draw()
        program.dispatch(.key(.character("r")))
        let baseline = try BenchPeakMemory.highWaterMark()
        let response = Response(
            status: 200, headers: ["Content-Type": "application/json"], body: try BenchFiles.readFile(file),
            duration: .milliseconds(1), origin: .live(url: request.url, redirects: []))
        func stage(_ name: String) {
            if ProcessInfo.processInfo.environment["UIBENCH_TRACE"] != nil {
                let status = String(decoding: (try? BenchFiles.readFile("/proc/self/status")) ?? [], as: UTF8.self)
                let lines = status.split(separator: "\n").filter { $0.hasPrefix("VmHWM") || $0.hasPrefix("VmRSS") }
                FileHandle.standardError.write(Data("\(name): \(lines.joined(separator: " "))\n".utf8))
            }
        }
        stage("body read")
        let document = ResponseDocument.parse(response, request: request, route: route, with: pipeline)
        stage("parsed")
        program.dispatch(.responseParsed(id: 1, document: document))
        program.draw()
        stage("first frame")
        try program.settle()
        stage("mapped")
        program.dispatch(.key(.character("3")))  // the Mapped pane
        program.draw()
        guard program.state.response.document?.mapping?.result != nil else {
            throw BenchError("the mapping did not reach the explorer")
        }
        print("baseline=\(baseline) peak=\(try BenchPeakMemory.highWaterMark())")
    }
}
