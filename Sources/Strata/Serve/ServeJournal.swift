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
                ("durationMs", .number(FixedDecimal.text(durationMs, digits: 3))),
            ])
        }

        /// `12:04:05 GET /products?page=2 200 fixtures/products.json:3:5 (/products #1) 1.2 ms`.
        public var line: String {
            let time = ServeJournal.timestamp(time)
            let clock = time.split(separator: "T").last.map { String($0.prefix(8)) } ?? time
            var what = outcome
            if outcome == ServeJournal.nearMiss, let nearest { what += " (nearest \(nearest))" }
            return "\(clock) \(method) \(path) \(status) \(what) \(FixedDecimal.text(durationMs, digits: 1)) ms"
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
    /// The journal file, open for appending, or -1.
    private let file: Int32

    /// Creates a journal keeping `capacity` entries, appending each as a JSON line to `file` when given.
    public init(capacity: Int = 1000, file: String? = nil) throws(ServeError) {
        self.capacity = max(1, capacity)
        if let file {
            let fd = open(file, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                let reason = String(cString: strerror(errno))
                throw ServeError("cannot open the journal file \(file) for writing: \(reason)")
            }
            self.file = fd
        } else {
            self.file = -1
        }
    }

    deinit { if file >= 0 { close(file) } }

    /// Adds `entry` (and appends it to the journal file as one line, in the order entries are added).
    public func add(_ entry: Entry) {
        var line = file < 0 ? "" : entry.json.text(pretty: false) + "\n"
        lock.lock()
        defer { lock.unlock() }
        added += 1
        if entries.count < capacity {
            entries.append(entry)
        } else {
            entries[start] = entry
            start = (start + 1) % capacity
        }
        if file >= 0 {
            line.withUTF8 { bytes in
                var done = 0
                while done < bytes.count {
                    let n = write(file, bytes.baseAddress! + done, bytes.count - done)
                    if n < 0 && errno == EINTR { continue }
                    guard n > 0 else { return }
                    done += n
                }
            }
        }
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
        ISO8601Text.string(secondsSince1970: date.timeIntervalSince1970, alwaysMillis: true)
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
