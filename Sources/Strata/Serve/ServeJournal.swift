import Foundation

/// What `strata serve` answered, request by request: the `/__strata/requests` list, the terminal lines and the
/// `--journal` file all come from these entries.
///
/// The newest ``capacity`` entries are kept in memory, so a server that runs for days stays the same size.
public final class ServeJournal: @unchecked Sendable {
    /// One request and its answer; headers are redacted.
    public struct Entry: Sendable {
        /// When the request arrived.
        public var time: Date
        /// The method.
        public var method: String
        /// The path and query as sent, secrets redacted.
        public var path: String
        /// The request headers, secrets redacted.
        public var headers: HTTPHeaders
        /// The request body's size in bytes.
        public var bodySize: Int
        /// The status answered (0 when a fault answered with no status).
        public var status: Int
        /// What answered: `fixtures/x.json:3:5 (/x #1)`, `near miss`, `live`, `admin`, `cors preflight`.
        public var outcome: String
        /// The nearest pair for a near miss.
        public var nearest: String?
        /// Milliseconds from arrival to the answer being handed over.
        public var durationMs: Double

        /// The entry as JSON.
        public var json: OutputJSON {
            .object([
                ("time", .string(ServeJournal.timestamp(time))),
                ("method", .string(method)),
                ("path", .string(path)),
                ("headers", .object(headers.map { ($0.name, .string($0.value)) })),
                ("bodySize", .int(bodySize)),
                ("status", .int(status)),
                ("matched", outcome == ServeJournal.nearMiss ? .null : .string(outcome)),
                ("nearMiss", outcome == ServeJournal.nearMiss ? .optional(nearest) : .null),
                ("durationMs", .number(String(format: "%.3f", durationMs))),
            ])
        }

        /// `12:04:05 GET /products?page=2 200 fixtures/products.json:3:5 (/products #1) 1.2 ms`.
        public var line: String {
            let time = ServeJournal.timestamp(time)
            let clock = time.split(separator: "T").last.map { String($0.prefix(8)) } ?? time
            var what = outcome
            if outcome == ServeJournal.nearMiss, let nearest { what += " (nearest \(nearest))" }
            return "\(clock) \(method) \(path) \(status) \(what) \(String(format: "%.1f", durationMs)) ms"
        }
    }

    /// The outcome of a request no fixture matched.
    public static let nearMiss = "near miss"

    /// How many entries are kept in memory.
    public let capacity: Int
    private let lock = NSLock()
    private var entries: [Entry] = []
    private var start = 0
    private var added = 0
    private let file: FileHandle?

    /// Creates a journal keeping `capacity` entries, appending each as a JSON line to `file` when given.
    public init(capacity: Int = 1000, file: String? = nil) throws(ServeError) {
        self.capacity = max(1, capacity)
        if let file {
            if !FileManager.default.fileExists(atPath: file) {
                guard FileManager.default.createFile(atPath: file, contents: nil) else {
                    throw ServeError("cannot create the journal file \(file)")
                }
            }
            guard let handle = FileHandle(forWritingAtPath: file) else {
                throw ServeError("cannot open the journal file \(file) for writing")
            }
            handle.seekToEndOfFile()
            self.file = handle
        } else {
            self.file = nil
        }
    }

    /// Adds `entry` (and appends it to the journal file).
    public func add(_ entry: Entry) {
        let line = file == nil ? nil : Array((entry.json.text(pretty: false) + "\n").utf8)
        lock.lock()
        defer { lock.unlock() }
        added += 1
        if entries.count < capacity {
            entries.append(entry)
        } else {
            entries[start] = entry
            start = (start + 1) % capacity
        }
        if let line { file?.write(Data(line)) }
    }

    /// The entries kept, oldest first.
    public var all: [Entry] {
        lock.lock()
        defer { lock.unlock() }
        return Array(entries[start...] + entries[..<start])
    }

    /// How many requests were added since the start or the last ``clear()`` (more than are kept, after a while).
    public var count: Int { lock.withLock { added } }

    /// Forgets every entry kept in memory (the journal file keeps its lines).
    public func clear() {
        lock.lock()
        entries.removeAll()
        start = 0
        added = 0
        lock.unlock()
    }

    /// `2026-11-30T21:40:05.123Z`.
    static func timestamp(_ date: Date) -> String {
        let f = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        return date.formatted(f)
    }
}

/// A problem starting or running `strata serve`, as one line.
public struct ServeError: Error, Sendable, CustomStringConvertible {
    /// The message.
    public var message: String
    /// Creates an error.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
