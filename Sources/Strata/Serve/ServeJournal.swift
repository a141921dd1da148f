import Foundation
import StrataDocuments

/// What `strata serve` answered, request by request: the `/__strata/requests` list, the terminal lines and the
/// `--journal` file all come from these entries.
///
/// The newest ``capacity`` entries, and no more than ``byteCapacity`` bytes of them, are kept in memory, so a server
/// that runs for days, or is sent huge headers, stays the same size.
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
        /// The request body as text, scrubbed of the request's secrets and cut at ``ServeJournal/bodyLimit`` bytes
        /// (bytes that are not UTF-8 read as U+FFFD); nil when there was none.
        public var body: String? = nil
        /// How many bytes of the scrubbed body were left out past ``ServeJournal/bodyLimit`` (0 when it is whole).
        public var bodyOmitted = 0
        /// Who answered, as rules compare it (``outcome`` is the text people read).
        public var answer: ServeReply.Answer = .other

        /// The entry as JSON.
        public var json: OutputJSON {
            .object([
                ("time", .string(ServeJournal.timestamp(time))),
                ("method", .string(method)),
                ("path", .string(path)),
                ("headers", .object(headers.map { ($0.name, .string($0.value)) })),
                ("bodySize", .int(bodySize)),
                ("body", .optional(body)),
                ("bodyOmitted", .int(bodyOmitted)),
                ("status", .int(status)),
                ("matched", answer == .nearMiss ? .null : .string(outcome)),
                ("nearMiss", answer == .nearMiss ? .optional(nearest) : .null),
                ("durationMs", .number(FixedDecimal.text(durationMs, digits: 3))),
            ])
        }

        /// ``json`` as one line of compact JSON and a line break, written straight into bytes (the `--journal`
        /// file gets one per request); the same text as `json.text(pretty: false) + "\n"`.
        public var jsonLine: [UInt8] {
            var out = JSONLineWriter(
                capacity: 200 + path.utf8.count + outcome.utf8.count + (body?.utf8.count ?? 0)
                    + (nearest?.utf8.count ?? 0)
                    + headers.fields.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 6 })
            out.raw(#"{"time":""#)
            ISO8601Text.append(secondsSince1970: time.timeIntervalSince1970, alwaysMillis: true, to: &out.bytes)
            out.raw(#"","method":"#)
            out.string(method)
            out.raw(#","path":"#)
            out.string(path)
            out.raw(#","headers":{"#)
            for (n, field) in headers.fields.enumerated() {
                if n > 0 { out.raw(",") }
                out.string(field.name)
                out.raw(":")
                out.string(field.value)
            }
            out.raw(#"},"bodySize":"#)
            out.raw(String(bodySize))
            out.raw(#","body":"#)
            out.string(body)
            out.raw(#","bodyOmitted":"#)
            out.raw(String(bodyOmitted))
            out.raw(#","status":"#)
            out.raw(String(status))
            let isNearMiss = answer == .nearMiss
            out.raw(#","matched":"#)
            out.string(isNearMiss ? nil : outcome)
            out.raw(#","nearMiss":"#)
            out.string(isNearMiss ? nearest : nil)
            out.raw(#","durationMs":"#)
            out.raw(FixedDecimal.text(durationMs, digits: 3))
            out.raw("}\n")
            return out.bytes
        }

        /// `12:04:05 GET /products?page=2 200 fixtures/products.json:3:5 (/products #1) 1.2 ms`.
        public var line: String {
            var stamp: [UInt8] = []
            stamp.reserveCapacity(24)
            ISO8601Text.append(secondsSince1970: time.timeIntervalSince1970, alwaysMillis: true, to: &stamp)
            var out: [UInt8] = []
            out.reserveCapacity(64 + path.utf8.count + outcome.utf8.count + (nearest?.utf8.count ?? 0))
            // `2026-11-30T21:40:05.123Z` to its clock, `21:40:05`.
            let clock = stamp.lastIndex(of: UInt8(ascii: "T")).map { stamp.index(after: $0) } ?? 0
            out.append(contentsOf: stamp[clock...].prefix(8))
            for part in [" ", method, " ", path, " ", String(status), " ", outcome] {
                out.append(contentsOf: part.utf8)
            }
            if answer == .nearMiss, let nearest {
                out.append(contentsOf: " (nearest ".utf8)
                out.append(contentsOf: nearest.utf8)
                out.append(UInt8(ascii: ")"))
            }
            out.append(UInt8(ascii: " "))
            out.append(contentsOf: FixedDecimal.text(durationMs, digits: 1).utf8)
            out.append(contentsOf: " ms".utf8)
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// The outcome of a request no fixture matched.
    public static let nearMiss = "near miss"

    /// The most bytes of a request body an entry keeps (64 KiB): a longer body is cut there, and the entry says how
    /// many bytes were left out.
    public static let bodyLimit = 64 << 10

    /// `body` as an entry keeps it: every secret `scrubber` knows replaced by `<redacted>` (anywhere in the bytes,
    /// not only inside JSON strings, so a secret written as a number goes too), then cut at `limit` bytes, at the
    /// start of a character; with the number of scrubbed bytes left out. Nil for an empty body.
    public static func excerpt(
        of body: [UInt8], scrubber: SecretScrubber, limit: Int = bodyLimit
    ) -> (text: String, omitted: Int)? {
        guard !body.isEmpty else { return nil }
        // Scrubbed whole before it is cut, so a secret across the cut cannot leave its first bytes behind.
        let scrubbed = scrubber.scrub(body, json: false)
        var end = min(scrubbed.count, max(limit, 0))
        if end < scrubbed.count {
            // A UTF-8 sequence cut in its middle goes whole (a continuation byte is 10xxxxxx; at most 3 follow a lead).
            var start = end
            while start > 0, end - start < 3, scrubbed[start] & 0xC0 == 0x80 { start -= 1 }
            if scrubbed[start] & 0xC0 == 0xC0 { end = start }
        }
        return (String(decoding: scrubbed[..<end], as: UTF8.self), scrubbed.count - end)
    }

    /// How many entries are kept in memory.
    public let capacity: Int
    /// How many bytes of entries (paths, headers, bodies, outcomes) are kept in memory.
    public let byteCapacity: Int
    private let lock = NSLock()
    /// The entries kept are `entries[first...]`, oldest first, each with its size in bytes.
    private var entries: [(entry: Entry, bytes: Int)] = []
    private var first = 0
    private var keptBytes = 0
    private var added = 0
    /// The journal file, open for appending (by `AppendOnlyFile`'s rules), or nil.
    private let file: AppendOnlyFile?
    /// The journal file's name, as the user gave it.
    private let fileName: String
    /// Told, in one line, when writing the journal file starts failing and when it works again.
    private let problems: (@Sendable (String) -> Void)?
    /// Lines not written since writing started failing (0 while it works).
    private var lost = 0
    /// True when the last write stopped inside a line, so the next line starts on a line of its own.
    private var midLine = false
    /// Lines added and not yet written to the journal file, in order, and how many.
    private var queued: [UInt8] = []
    private var queuedLines = 0
    /// True while a caller of ``add(_:)`` writes the queued lines (the others leave theirs to it).
    private var writing = false

    /// Creates a journal keeping `capacity` entries, appending each as a JSON line to `file` when given; a write
    /// that fails (a full disk) is told to `problems` once, serving goes on, and its recovery is told too.
    public init(
        capacity: Int = 1000, byteCapacity: Int = 16 << 20, file: String? = nil,
        problems: (@Sendable (String) -> Void)? = nil
    ) throws(ServeError) {
        self.capacity = max(1, capacity)
        self.byteCapacity = max(1, byteCapacity)
        self.fileName = file ?? ""
        self.problems = problems
        do throws(AppendOnlyFile.OpenError) {
            self.file = try file.map { path throws(AppendOnlyFile.OpenError) in try AppendOnlyFile(path) }
        } catch {
            throw ServeError("cannot open the journal file \(error.path) for writing: \(error.reason)")
        }
    }

    /// Adds `entry` (and appends it to the journal file as one line, in the order entries are added).
    ///
    /// The file is written as a group commit: a line is queued under the lock, and the caller that finds no write
    /// under way writes every queued line, its own and those added meanwhile, outside the lock, in one system call
    /// where it can, until none is left. So requests answered at once do not wait on each other's writes, and the
    /// line of a request is in the file before its caller returns unless another caller is writing it then.
    public func add(_ entry: Entry) {
        let line = file == nil ? [] : entry.jsonLine
        lock.lock()
        added += 1
        let bytes = ServeJournal.size(of: entry)
        entries.append((entry, bytes))
        keptBytes += bytes
        while entries.count - first > capacity || (keptBytes > byteCapacity && entries.count - first > 1) {
            keptBytes -= entries[first].bytes
            first += 1
        }
        if first >= 1024 && first * 2 >= entries.count {
            entries.removeFirst(first)
            first = 0
        }
        guard let file else { return lock.unlock() }
        queued.append(contentsOf: line)
        queuedLines += 1
        // Another caller is writing: it writes this line too before it stops.
        guard !writing else { return lock.unlock() }
        writing = true
        var batch: [UInt8] = []
        while !queued.isEmpty {
            swap(&batch, &queued)
            let lines = queuedLines
            queuedLines = 0
            lock.unlock()
            append(&batch, lines: lines, to: file)
            batch.removeAll(keepingCapacity: true)
            lock.lock()
        }
        writing = false
        lock.unlock()
    }

    /// Appends `batch`, `lines` whole lines, to the journal file (only the one writer at a time calls it, without
    /// the lock), telling ``problems`` when writing starts failing and when it works again.
    private func append(_ batch: inout [UInt8], lines: Int, to file: AppendOnlyFile) {
        let ending = midLine ? 1 : 0
        if midLine { batch.insert(UInt8(ascii: "\n"), at: 0) }
        let (written, failure) = batch.withUnsafeBytes { file.append($0) }
        if failure == 0 {
            midLine = false
            if lost > 0 {
                problems?("the journal file \(fileName) is written again (\(lost) lines were lost)")
                lost = 0
            }
            return
        }
        midLine = written > 0 && batch[written - 1] != UInt8(ascii: "\n")
        if lost == 0 {
            let reason = String(cString: strerror(failure))
            problems?(
                "cannot write the journal file \(fileName): \(reason); serving goes on, its lines are lost until a "
                    + "write works again")
        }
        // The lines not written whole are lost (the line break that ends an earlier line cut short is none of them).
        let breaks = batch[..<written].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        lost += lines - max(0, breaks - ending)
    }

    /// The entries kept, oldest first.
    public var all: [Entry] { lock.withLock { entries[first...].map(\.entry) } }

    /// One page of the entries kept: those numbered after `after` (entries are numbered from 1 since the start or
    /// the last ``clear()``), oldest first, at most `limit` of them and no more than `maxBytes` bytes (always one);
    /// `next` is the number of the last one given, and `more` says whether others follow.
    public func page(after: Int, limit: Int, maxBytes: Int) -> (entries: [Entry], next: Int, more: Bool) {
        lock.lock()
        defer { lock.unlock() }
        let kept = entries.count - first
        let firstNumber = added - kept + 1
        var index = first + max(0, after + 1 - firstNumber)
        var page: [Entry] = []
        var bytes = 0
        while index < entries.count, page.count < limit, page.isEmpty || bytes + entries[index].bytes <= maxBytes {
            page.append(entries[index].entry)
            bytes += entries[index].bytes
            index += 1
        }
        let next = page.isEmpty ? added : firstNumber + (index - first) - 1
        return (page, next, index < entries.count)
    }

    /// About how many bytes `entry` holds, and its JSON takes.
    static func size(of entry: Entry) -> Int {
        var bytes = 160 + entry.method.utf8.count + entry.path.utf8.count + entry.outcome.utf8.count
        bytes += entry.nearest?.utf8.count ?? 0
        bytes += entry.body?.utf8.count ?? 0
        for field in entry.headers { bytes += field.name.utf8.count + field.value.utf8.count + 8 }
        return bytes
    }

    /// How many requests were added since the start or the last ``clear()`` (more than are kept, after a while).
    public var count: Int { lock.withLock { added } }

    /// Forgets every entry kept in memory (the journal file keeps its lines).
    public func clear() {
        lock.lock()
        entries.removeAll()
        first = 0
        keptBytes = 0
        added = 0
        lock.unlock()
    }

    /// `2026-11-30T21:40:05.123Z`.
    static func timestamp(_ date: Date) -> String {
        ISO8601Text.string(secondsSince1970: date.timeIntervalSince1970, alwaysMillis: true)
    }
}

/// Bytes of a line of compact JSON, as ``ServeJournal/Entry/jsonLine`` writes them.
struct JSONLineWriter {
    /// The bytes written.
    var bytes: [UInt8] = []

    /// Creates a writer with room for `capacity` bytes.
    init(capacity: Int) { bytes.reserveCapacity(capacity) }

    /// Appends `text` as it is (JSON punctuation, numbers).
    mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    /// Appends `text` as a JSON string, or `null`.
    mutating func string(_ text: String?) {
        guard var text else { return raw("null") }
        bytes.append(UInt8(ascii: "\""))
        text.withUTF8 { JSONString.appendEscapedBytes($0, to: &bytes) }
        bytes.append(UInt8(ascii: "\""))
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
