import Foundation
import StrataDocuments

/// A session's history of exchanges, kept in `SESSION/.strata/history/` (which a `.gitignore` in `.strata/` keeps
/// out of git): every send of the explorer, `strata run` and `strata serve` (live and record) is appended here.
///
/// Each entry is two files written through ``AtomicFile``: `NUMBER.body` (the response body) and then
/// `NUMBER.json` (everything else; an entry exists once its meta file does). Secrets are redacted exactly as a
/// recorded fixture pair redacts them (``FixtureWriter``): the request's secrets and the params and headers the
/// session's `redact` list names are `<redacted>`, echoed secrets in the response are scrubbed, `Set-Cookie` is
/// `<redacted>`. After each append the oldest entries are dropped until the session's ``HistorySettings`` hold.
///
/// ```swift
/// let history = HistoryStore(session: session)
/// try history.append(exchange.request, exchange.response, source: "live")
/// let last = history.latest(route: "login")   // the newest login exchange, body and all
/// ```
public final class HistoryStore: Sendable {
    /// The folder the entries are written in.
    public let directory: String
    /// The folder every file must stay inside (the session folder).
    public let root: String
    /// The bounds and the redaction the next append follows (``follow(_:)`` changes them for a reloaded session).
    private let rules: Locked<(settings: HistorySettings, redaction: FixtureWriter)>
    /// The bounds: entries kept and bytes taken.
    public var settings: HistorySettings { rules.withLock { $0.settings } }
    /// The redaction of recorded fixtures, for the session's `redact` list.
    var redaction: FixtureWriter { rules.withLock { $0.redaction } }
    /// Where the time of an entry comes from.
    let clock: @Sendable () -> Date
    /// One append at a time in this process (another process is kept out by a lock on the folder).
    private let appending = NSLock()
    /// The appends that callers did not wait for, in the order asked (``appendInBackground(_:_:source:done:)``), at
    /// the lowest priority: a large body is written with what the cores spare, never slowing its own parse.
    private let writes = IdleQueue(label: "strata.history.writes")

    /// The history folder of the session folder `directory`: `DIRECTORY/.strata/history`.
    public static func folder(ofSession directory: String) -> String {
        Session.join(StrataFolder.path(ofSession: directory), "history")
    }

    /// The history of `session`, bounded as its `history` block says.
    public convenience init(session: Session, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.init(
            directory: HistoryStore.folder(ofSession: session.directory), root: session.directory,
            settings: session.history, redact: session.redact, clock: clock)
    }

    /// A history kept in `directory`, whose files stay inside `root`; `redact` names params and headers whose
    /// values are written as `<redacted>`.
    public init(
        directory: String, root: String, settings: HistorySettings = HistorySettings(), redact: [String] = [],
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.directory = directory
        self.root = root
        self.rules = Locked((settings, FixtureWriter(directory: directory, redact: redact)))
        self.clock = clock
    }

    /// Takes `session`'s `history` bounds and `redact` list for every append from now on (session.json was
    /// reloaded), and drops the oldest entries beyond the new bounds at once rather than at the next send; the
    /// drop runs after the appends asked for before (``settle()`` waits for it).
    public func follow(_ session: Session) {
        rules.withLock { $0 = (session.history, FixtureWriter(directory: directory, redact: session.redact)) }
        writes.async {
            self.appending.lock()
            defer { self.appending.unlock() }
            // `maxEntries: 0` stops keeping new entries; those kept stay until the user removes them.
            guard self.settings.maxEntries > 0, FileManager.default.fileExists(atPath: self.directory) else { return }
            self.withFolderLock { self.prune() }
        }
    }

    /// Runs `body` holding the lock on the history folder that keeps other processes' appends out.
    private func withFolderLock<E: Error>(_ body: () throws(E) -> Void) throws(E) {
        let folderLock = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderLock >= 0 { _ = flock(folderLock, LOCK_EX) }
        defer { if folderLock >= 0 { close(folderLock) } }
        try body()
    }

    /// Appends an exchange answered by `source` (`live`, `mock`, `record`), redacted, then drops the oldest
    /// entries beyond the bounds; returns the new entry's summary, or nil when nothing is kept (`maxEntries` is 0,
    /// or the entry alone is larger than `maxMegabytes`).
    @discardableResult
    public func append(_ request: BuiltRequest, _ response: Response, source: String) throws(HistoryError)
        -> HistoryEntry.Summary?
    {
        let (settings, redaction) = rules.withLock { $0 }
        guard settings.maxEntries > 0 else { return nil }
        let (safeRequest, safeResponse) = redaction.redacted(request, response)
        appending.lock()
        defer { appending.unlock() }
        try prepareFolder()
        var summary: HistoryEntry.Summary? = nil
        try withFolderLock { () throws(HistoryError) in
            summary = try appendLocked(request, safeRequest, safeResponse, source: source, settings: settings)
        }
        return summary
    }

    /// The rest of ``append(_:_:source:)``, with the folder locked: the entry written under the next number, then
    /// the oldest dropped past `settings`.
    private func appendLocked(
        _ request: BuiltRequest, _ safeRequest: BuiltRequest, _ safeResponse: Response, source: String,
        settings: HistorySettings
    ) throws(HistoryError) -> HistoryEntry.Summary? {
        let last = numbers().last ?? 0
        guard last < HistoryStore.largestNumber else {
            // Not silently: the entry would be written under a number never read back.
            throw .write(
                "the history is full: entry #\(last) is the last number it can hold; remove "
                    + "\(SessionFiles.relative(directory, to: root)) (or its newest files) to keep sends again")
        }
        let number = last + 1
        let entry = HistoryEntry(
            number: number, time: clock(), route: request.routeName, source: source, request: safeRequest,
            response: safeResponse)
        let meta = Array(entry.metaText().utf8)
        guard meta.count + safeResponse.body.count <= settings.maxBytes else { return nil }
        do {
            try AtomicFile.write(safeResponse.body, to: bodyFile(number), root: root)
            try AtomicFile.write(meta, to: metaFile(number), root: root)
        } catch {
            unlink(bodyFile(number))
            throw .write(error.description)
        }
        prune(settings)
        return entry.summary
    }

    /// Appends as ``append(_:_:source:)`` does, on a queue of this store's own, so the caller (the explorer, about
    /// to show a 100 MB response) does not wait for the files; `done` is then called on that queue with the
    /// outcome, before ``settle()`` returns (so it must not read this store). Every read of this store waits for
    /// the appends asked for before it, so it sees them.
    public func appendInBackground(
        _ request: BuiltRequest, _ response: Response, source: String,
        done: @escaping @Sendable (Result<HistoryEntry.Summary?, HistoryError>) -> Void = { _ in }
    ) {
        writes.async {
            let outcome: Result<HistoryEntry.Summary?, HistoryError>
            do throws(HistoryError) {
                outcome = .success(try self.append(request, response, source: source))
            } catch {
                outcome = .failure(error)
            }
            done(outcome)
        }
    }

    /// Waits until every append asked for in the background so far is written (or has failed).
    public func settle() { writes.sync() }

    /// The entries kept, newest first; only those of `route` when given. Entries that cannot be read are left out.
    public func entries(route: String? = nil) -> [HistoryEntry.Summary] {
        settle()
        return Array(summaries(route: route))
    }

    /// The summaries of `entries(route:)`, read one meta file at a time as they are asked for.
    private func summaries(route: String?) -> some Sequence<HistoryEntry.Summary> {
        numbers().reversed().lazy.compactMap { n in
            guard let bytes = try? self.read(self.metaFile(n)), let summary = try? HistoryEntry.decodeSummary(bytes)
            else { return nil }
            return route == nil || summary.route == route ? summary : nil
        }
    }

    /// Entry `number` with its body, or why there is none.
    public func entry(number: Int) throws(HistoryError) -> HistoryEntry {
        settle()
        let kept = numbers()
        guard kept.contains(number) else { throw .noEntry(number, kept: kept) }
        let meta = try read(metaFile(number))
        let body = try read(bodyFile(number))
        do {
            return try HistoryEntry.decode(meta, body: body)
        } catch {
            throw .unreadable("\(metaFile(number)): \(error.why)")
        }
    }

    /// The newest entry of `route` that can be read, body and all, or nil when there is none.
    public func latest(route: String) -> HistoryEntry? {
        settle()
        // Newest first, reading meta files only until one of `route` has a readable entry.
        for summary in summaries(route: route) {
            if let entry = try? entry(number: summary.number) { return entry }
        }
        return nil
    }

    // MARK: Files

    func metaFile(_ number: Int) -> String { Session.join(directory, "\(number).json") }
    func bodyFile(_ number: Int) -> String { Session.join(directory, "\(number).body") }

    /// The largest entry number: a file named with a larger one is not an entry (a trillion sends).
    static let largestNumber = 999_999_999_999

    /// The numbers of the entries kept (those with a meta file), in order.
    func numbers() -> [Int] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.compactMap { name in
            guard name.hasSuffix(".json") else { return nil }
            let stem = name.dropLast(5)
            guard !stem.isEmpty, stem.allSatisfy(\.isASCII), stem.allSatisfy(\.isNumber) else { return nil }
            // Numbers Strata never reaches are not its entries (and the next number must fit an Int).
            return Int(stem).flatMap { $0 <= HistoryStore.largestNumber ? $0 : nil }
        }.sorted()
    }

    /// The bytes of a history file, read only when it is a regular file inside the session folder.
    func read(_ path: String) throws(HistoryError) -> [UInt8] {
        switch SessionFiles.read(path, inside: root) {
        case .success(let bytes): return bytes
        case .failure(let refusal): throw .unreadable("\(path) \(refusal)")
        }
    }

    /// Creates the folder and `.strata/.gitignore` when missing, and checks the folder is inside the session.
    func prepareFolder() throws(HistoryError) {
        do {
            try StrataFolder.prepare(directory, root: root)
        } catch {
            throw .write(error.message)
        }
    }

    /// Drops the oldest entries (meta file first, so a half-removed entry is never listed) until at most
    /// `maxEntries` are kept and their files take at most `maxBytes`; removes bodies left without a meta file.
    func prune(_ settings: HistorySettings? = nil) {
        let settings = settings ?? self.settings
        let kept = numbers()
        func size(_ path: String) -> Int {
            var info = stat()
            return lstat(path, &info) == 0 ? Int(info.st_size) : 0
        }
        var sizes = kept.map { size(metaFile($0)) + size(bodyFile($0)) }
        var total = sizes.reduce(0, +)
        var count = kept.count
        var i = 0
        while i < kept.count, count > settings.maxEntries || total > settings.maxBytes {
            unlink(metaFile(kept[i]))
            unlink(bodyFile(kept[i]))
            total -= sizes[i]
            sizes[i] = 0
            count -= 1
            i += 1
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let live = Set(kept[i...])
        for name in names where name.hasSuffix(".body") {
            if let n = Int(name.dropLast(5)), !live.contains(n) { unlink(Session.join(directory, name)) }
        }
    }
}

/// Why the history could not be read or written.
public enum HistoryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No entry has that number; `kept` lists the numbers there are.
    case noEntry(Int, kept: [Int])
    /// A history file could not be read or understood.
    case unreadable(String)
    /// The history could not be written.
    case write(String)
    /// An exchange was left out of the history on purpose (a recorded body too large to keep twice).
    case notKept(String)

    /// The message.
    public var description: String {
        switch self {
        case .noEntry(let n, let kept):
            guard let first = kept.first, let last = kept.last else {
                return "no history entry #\(n): the history is empty (send the route first)"
            }
            return "no history entry #\(n) (entries kept: #\(first)–#\(last); `strata history` lists them)"
        case .unreadable(let why): return "cannot read the history: \(why)"
        case .write(let why): return "cannot write the history: \(why)"
        case .notKept(let why): return "not kept in the history: \(why)"
        }
    }

    /// The reason alone.
    var why: String {
        switch self {
        case .noEntry: description
        case .unreadable(let why), .write(let why), .notKept(let why): why
        }
    }
}
