import Foundation
import StrataDocuments

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
            run = try ExternalRun.run(
                command, input: bytes, directory: directory, timeout: timeout,
                maxOutput: ExternalParser.maxOutput(forInput: bytes.count))
        } catch {
            throw ParseError("\(what) could not start: \(error)", at: 0, in: bytes)
        }
        let stderr = String(decoding: run.stderr.suffix(2000), as: UTF8.self).trimmingCharacters(
            in: .whitespacesAndNewlines)
        let said = stderr.isEmpty ? "" : "; it said: " + stderr
        if run.outputOverLimit {
            let limit = ExternalParser.maxOutput(forInput: bytes.count) >> 20
            throw ParseError("\(what) printed more than \(limit) MiB and was stopped\(said)", at: 0, in: bytes)
        }
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

    /// The most a parser may print on each stream: 16 times its input, and at least 64 MiB.
    static func maxOutput(forInput count: Int) -> Int {
        max(64 << 20, count.multipliedReportingOverflow(by: 16).partialValue)
    }

    private static func seconds(_ t: Double) -> String { t == t.rounded() ? String(Int(t)) : String(t) }
}

/// One run of an external program: its output, error output, exit status, and whether it was stopped.
struct ExternalRun {
    var stdout: [UInt8]
    var stderr: [UInt8]
    var status: Int32
    var timedOut: Bool
    /// True when it printed more than the output limit and was stopped.
    var outputOverLimit = false

    /// Runs `command` in `directory` with `input` on its standard input, stopping it (and what it started) after
    /// `timeout` seconds, or once it prints more than `maxOutput` bytes on either stream.
    static func run(
        _ command: [String], input: [UInt8], directory: String, timeout: Double, maxOutput: Int
    ) throws -> ExternalRun {
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
        // Foundation starts the program as the leader of its own process group: stopping it stops what it
        // started too (a shell's children hold the output pipe open, so stopping the shell alone waited for them).
        let pid = process.processIdentifier
        let stopGroup: @Sendable () -> Int32 = { kill(getpgid(pid) == pid ? -pid : pid, SIGKILL) }
        let group = DispatchGroup()
        let collected = Collected(limit: maxOutput)
        DispatchQueue.global().async(group: group) {
            if !collected.read(outPipe.fileHandleForReading, into: \.outData) { _ = stopGroup() }
        }
        DispatchQueue.global().async(group: group) {
            if !collected.read(errPipe.fileHandleForReading, into: \.errData) { _ = stopGroup() }
        }
        DispatchQueue.global().async {
            // A program that exits without reading its input must not stop us: write errors are ignored.
            try? inPipe.fileHandleForWriting.write(contentsOf: Data(input))
            try? inPipe.fileHandleForWriting.close()
        }
        var timedOut = false
        if done.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            _ = stopGroup()
        }
        // A program that exited but left a child holding its output open: the child goes with its group (which
        // exists while the child does, so its number names no other process).
        if group.wait(timeout: .now() + 2) == .timedOut {
            _ = stopGroup()
            group.wait()
        }
        process.waitUntilExit()
        return ExternalRun(
            stdout: [UInt8](collected.out), stderr: [UInt8](collected.err), status: process.terminationStatus,
            timedOut: timedOut, outputOverLimit: collected.overLimit)
    }

    /// The output read by the reader threads, at most `limit` bytes of each stream.
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        let limit: Int
        var outData = Data()
        var errData = Data()
        private var over = false
        init(limit: Int) { self.limit = limit }
        var out: Data { lock.withLock { outData } }
        var err: Data { lock.withLock { errData } }
        var overLimit: Bool { lock.withLock { over } }

        /// Reads `handle` to its end into `field`; false when it printed more than `limit` bytes (the rest is not
        /// read).
        func read(_ handle: FileHandle, into field: ReferenceWritableKeyPath<Collected, Data>) -> Bool {
            while true {
                let piece = handle.availableData
                if piece.isEmpty { return true }
                let fits = lock.withLock { () -> Bool in
                    guard self[keyPath: field].count + piece.count <= limit else {
                        over = true
                        return false
                    }
                    self[keyPath: field].append(piece)
                    return true
                }
                if !fits { return false }
            }
        }
    }
}
