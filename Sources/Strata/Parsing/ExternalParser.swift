import Foundation

/// A parser that is a program the session names: the body goes to its standard input, and its standard output is
/// parsed as a format Strata reads (`produces`).
///
/// Declared in session.json:
///
/// ```json
/// "parsers": { "csv": { "command": ["python3", "tools/csv2json.py"], "produces": "json" } }
/// ```
///
/// **It runs a program named by the session**, in the session folder (relative arguments such as
/// `tools/csv2json.py` are found there; a program path containing `/` is relative to the session, a bare name is
/// looked up on `PATH`). Open sessions from people you trust. A non-zero exit, a timeout (default 10 s) or output
/// that does not parse is a `ParseError` quoting the program's standard error. The tree holds the program's
/// output; the response body is kept as received.
public struct ExternalParser: Parser {
    /// The keys of a parser entry in session.json.
    static let keys = ["command", "produces", "timeout", "mediaTypes"]
    /// Seconds a parser may run when the session does not say.
    public static let defaultTimeout: Double = 10

    /// The name routes use as `contentType` (`csv`).
    public let name: String
    /// The program and its arguments.
    public let command: [String]
    /// The format of the program's output (`json`, `xml`, `plist`, …).
    public let produces: String
    /// Content-Type media types this parser reads (default `text/<name>` and `application/<name>`).
    public let mediaTypes: [String]
    /// Seconds before the program is stopped.
    public let timeout: Double
    /// The session folder: the program's working directory.
    public let directory: String

    /// Creates a parser running `command` in `directory`.
    public init(
        name: String, command: [String], produces: String, mediaTypes: [String], timeout: Double, directory: String
    ) {
        self.name = name
        self.command = command
        self.produces = produces
        self.mediaTypes = mediaTypes
        self.timeout = timeout
        self.directory = directory
    }

    /// Its name, or one of its media types.
    public func isDataTypeAcceptable(_ type: String) -> Bool { type == name || mediaTypes.contains(type) }

    /// Runs the program on `bytes` and parses what it prints.
    public func parse(_ bytes: [UInt8]) throws(ParseError) -> Tree {
        let what = "parser '\(name)' (\(command.joined(separator: " ")))"
        let run: ExternalRun
        do {
            run = try ExternalRun.run(command, input: bytes, directory: directory, timeout: timeout)
        } catch {
            throw ParseError("\(what) could not start: \(error)", at: 0, in: bytes)
        }
        let stderr = String(decoding: run.stderr.suffix(2000), as: UTF8.self).trimmingCharacters(
            in: .whitespacesAndNewlines)
        let said = stderr.isEmpty ? "" : "; it said: " + stderr
        if run.timedOut {
            throw ParseError(
                "\(what) did not finish within \(Self.seconds(timeout)) s and was stopped\(said)", at: 0, in: bytes)
        }
        if run.status != 0 {
            throw ParseError("\(what) failed with exit status \(run.status)\(said)", at: 0, in: bytes)
        }
        guard let output = ParserRegistry.standard.parser(named: produces) else {
            throw ParseError("\(what) produces '\(produces)', which Strata cannot read", at: 0, in: bytes)
        }
        do {
            return try output.parse(run.stdout)
        } catch {
            throw ParseError(
                "\(what) printed output that is not valid \(produces): \(error.message) (line \(error.line), column "
                    + "\(error.column) of its output)\(said)", at: 0, in: bytes)
        }
    }

    private static func seconds(_ t: Double) -> String { t == t.rounded() ? String(Int(t)) : String(t) }
}

/// One run of an external program: its output, error output, exit status, and whether it was stopped.
struct ExternalRun {
    var stdout: [UInt8]
    var stderr: [UInt8]
    var status: Int32
    var timedOut: Bool

    /// Runs `command` in `directory` with `input` on its standard input, stopping it after `timeout` seconds.
    static func run(_ command: [String], input: [UInt8], directory: String, timeout: Double) throws -> ExternalRun {
        let process = Process()
        let program = command[0]
        if program.contains("/") {
            process.executableURL = URL(
                fileURLWithPath: program.hasPrefix("/") ? program : Session.join(directory, program))
            process.arguments = Array(command.dropFirst())
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = command
        }
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let inPipe = Pipe()
        let outPipe = Pipe()
        let errPipe = Pipe()
        process.standardInput = inPipe
        process.standardOutput = outPipe
        process.standardError = errPipe
        let done = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in done.signal() }
        // A program that exits without reading all its input makes the write fail with EPIPE, not kill us.
        signal(SIGPIPE, SIG_IGN)
        try process.run()
        let group = DispatchGroup()
        let collected = Collected()
        DispatchQueue.global().async(group: group) {
            collected.setOut(outPipe.fileHandleForReading.readDataToEndOfFile())
        }
        DispatchQueue.global().async(group: group) {
            collected.setErr(errPipe.fileHandleForReading.readDataToEndOfFile())
        }
        DispatchQueue.global().async {
            // A program that exits without reading its input must not stop us: write errors are ignored.
            try? inPipe.fileHandleForWriting.write(contentsOf: Data(input))
            try? inPipe.fileHandleForWriting.close()
        }
        var timedOut = false
        if done.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            process.terminate()
            if done.wait(timeout: .now() + 2) == .timedOut { kill(process.processIdentifier, SIGKILL) }
        }
        group.wait()
        process.waitUntilExit()
        return ExternalRun(
            stdout: [UInt8](collected.out), stderr: [UInt8](collected.err), status: process.terminationStatus,
            timedOut: timedOut)
    }

    /// The output read by the reader threads.
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var outData = Data()
        private var errData = Data()
        var out: Data { lock.withLock { outData } }
        var err: Data { lock.withLock { errData } }
        func setOut(_ d: Data) { lock.withLock { outData = d } }
        func setErr(_ d: Data) { lock.withLock { errData = d } }
    }
}
