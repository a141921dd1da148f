import Foundation
import StrataDocuments

/// Fixture files already parsed, so a source answering many requests parses each file once per change.
///
/// One cache serves one fixtures folder: loading a folder forgets the files it no longer has.
///
/// A file is read again only when its signature (device, inode, size, modification and change times) differs
/// from when it was read, or when it was changed less than `recentSeconds` before it was read: an edit within
/// the file system's timestamp resolution could then keep the signature, so such a file's bytes are kept and
/// compared on every load until it is older. An entry is used only while every body file it names still exists
/// (or is still missing), so what is served is always what the file says now.
///
/// Once a set has been loaded and checked again unchanged, a ``FileChangeWatch`` watches its folder, files and body
/// files: while it has seen nothing change, a request costs one read instead of a `stat` per file (where the watch
/// cannot see changes, on a network file system, every request checks the files as before). Safe to share between
/// tasks.
public final class FixtureFileCache: Sendable {
    /// What identifies a file's version without reading it.
    struct Signature: Equatable, Sendable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: timespec
        var changed: timespec
        /// When the signature was taken (seconds since 1970), just before the `stat`: what the file held then is
        /// what a read that follows can have seen at the earliest.
        /// (``FixtureSet/load(directory:cache:)`` builds it from the `stat` that ``SessionFiles`` makes anyway.)
        var taken: Double

        /// The signature of a file from its `stat` (`info`), made at `taken` or just after.
        init(_ info: stat, taken: Double) {
            self.taken = taken
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            modified = info.st_mtim
            changed = info.st_ctim
        }

        /// Equal when they describe the same version of a file, whenever taken.
        static func == (a: Signature, b: Signature) -> Bool {
            a.device == b.device && a.inode == b.inode && a.size == b.size
                && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
                && a.changed.tv_sec == b.changed.tv_sec && a.changed.tv_nsec == b.changed.tv_nsec
        }

        /// True when the file was changed less than `seconds` before the signature was taken (or is dated later):
        /// an edit after the read could then leave the signature as it is.
        func isRecent(within seconds: Double) -> Bool {
            let latest = max(
                Double(modified.tv_sec) + Double(modified.tv_nsec) / 1e9,
                Double(changed.tv_sec) + Double(changed.tv_nsec) / 1e9)
            return latest > taken - seconds
        }
    }

    /// How long after a change a file's signature is not trusted alone (FAT's timestamps step by 2 s).
    let recentSeconds: Double

    private struct Entry {
        var signature: Signature?
        /// The bytes read, kept only while the file is recent (or has no signature).
        var bytes: [UInt8]?
        var contents: FixtureSet.FileContents
    }

    private let entries = Locked<[String: Entry]>([:])
    /// The last whole set loaded, with the signatures it was made from: while the folder and every file in it keep
    /// them (and are not recent), the set is the same, and a request costs one `stat` per file instead of a listing
    /// and an open of each.
    private let lastSet = Locked<LastSet?>(nil)
    /// How many sets were stored: each one's number, so a check of one set does not vouch for another.
    private let storedSets = Locked(0)
    /// Watches what the last set was loaded from once it is checked again; made then, so a cache used once (a
    /// `strata run`) never makes one. `.some(nil)` where there can be none.
    private let changes = Locked<FileChangeWatch??>(nil)

    /// The last whole set loaded, what it was loaded from, and the watch's generation since which nothing it was
    /// loaded from has changed (nil until it is watched).
    private struct LastSet {
        var number: Int
        var directory: String
        var folder: Signature
        var files: [(path: String, signature: Signature)]
        var set: FixtureSet
        var unchangedSince: UInt64?
        /// True when the watch could not take what the set was loaded from (a network file system, a limit):
        /// then requests check the files, as without a watch, and do not try again.
        var unwatchable = false
    }

    private let parses = Locked(0)
    private let reads = Locked(0)
    /// Small body files' bytes, each kept with the signature of the file they were read from (opened through
    /// ``SessionFiles/open(_:inside:)``'s check), and the bytes kept over all of them.
    private let bodies = Locked<(files: [String: KeptBody], total: Int)>(([:], 0))

    /// A small body file's bytes, with the signature of the file they were read from and the watch's generation
    /// since which it has not changed (nil until it is watched).
    private struct KeptBody {
        /// The path as given: a `String` key finds a path that differs only in its Unicode form, another file.
        var path: String
        var signature: Signature
        var bytes: [UInt8]
        var unchangedSince: UInt64?
        /// True when the watch could not take the file.
        var unwatchable = false
    }

    private let bodyHits = Locked(0)
    private let watchedHits = Locked(0)

    /// How many times the whole set was reused on the watch's word alone, with no file looked at.
    public var watchedSetCount: Int { watchedHits.withLock { $0 } }

    /// How many times a body file's kept bytes were used instead of opening it.
    public var keptBodyCount: Int { bodyHits.withLock { $0 } }

    /// The largest body file whose bytes are kept (64 KiB), and the most bytes kept over all of them (16 MiB).
    static let keptBodySize = 64 << 10
    static let keptBodiesTotal = 16 << 20

    /// Creates an empty cache that trusts a file's signature alone once the file is `recentSeconds` old.
    public init(recentSeconds: Double = 2) { self.recentSeconds = recentSeconds }

    /// The number of files held.
    public var count: Int { entries.withLock { $0.count } }

    /// How many times a file had to be parsed because it was new or had changed.
    public var parseCount: Int { parses.withLock { $0 } }

    /// How many times a file's bytes had to be read because its signature alone could not be trusted.
    public var readCount: Int { reads.withLock { $0 } }

    /// What `file` held when it was read, without reading it: its signature is `signature` as then, it was not
    /// recent then, and its body files are as they were.
    func contents(of file: String, signature: Signature?) -> FixtureSet.FileContents? {
        guard let signature, let entry = entries.withLock({ $0[file] }), entry.bytes == nil,
            entry.signature == signature, Self.bodyFilesAsRead(entry.contents)
        else { return nil }
        return entry.contents
    }

    /// What `file` held when it was read from the same `bytes`, if its body files are as they were then; the
    /// entry takes `signature` (taken before the read) as its own.
    func contents(of file: String, bytes: [UInt8], signature: Signature?) -> FixtureSet.FileContents? {
        reads.withLock { $0 += 1 }
        guard let found = entries.withLock({ $0[file] }), let kept = found.bytes, Self.same(kept, bytes),
            Self.bodyFilesAsRead(found.contents)
        else { return nil }
        let refreshed = entry(found.contents, bytes: bytes, signature: signature)
        entries.withLock { $0[file] = refreshed }
        return found.contents
    }

    /// Remembers what `file` holds when read from `bytes`, whose signature before the read was `signature`.
    func store(_ contents: FixtureSet.FileContents, of file: String, bytes: [UInt8], signature: Signature?) {
        entries.withLock { $0[file] = entry(contents, bytes: bytes, signature: signature) }
        parses.withLock { $0 += 1 }
    }

    /// The set last stored with ``storeSet(_:folder:files:)`` when the folder (signature `folder`, just taken) and
    /// each of its files still have the signatures it was made from, none is recent, and its body files are as they
    /// were; else nil.
    func set(folder: Signature) -> FixtureSet? {
        guard let last = lastSet.withLock({ $0 }), last.folder == folder, !folder.isRecent(within: recentSeconds),
            isAsLoaded(last)
        else { return nil }
        // Watched again after any change the watch counted, though not one to these files (a body file edited).
        if !last.unwatchable, let watch = changeWatch(), last.unchangedSince != watch.lastGeneration() {
            self.watch(last, with: watch)
        }
        return last.set
    }

    /// The set last stored, without looking at a file, while the watch has seen nothing it was loaded from change
    /// since it was checked; else nil (and ``set(folder:)`` checks the files). Called first for each request: the
    /// watch's queue is read here even when no set is trusted, and ``body(at:)`` takes its word as of this look.
    func watchedSet() -> FixtureSet? {
        guard let watch = madeWatch else { return nil }
        let now = watch.generation()
        guard let last = lastSet.withLock({ $0 }), let since = last.unchangedSince, since == now else { return nil }
        watchedHits.withLock { $0 += 1 }
        return last.set
    }

    /// True when every file `last` was loaded from has the signature it had (and is not recent), and its body
    /// files exist exactly when they did.
    private func isAsLoaded(_ last: LastSet) -> Bool {
        for file in last.files where !unchanged(file.path, since: file.signature) { return false }
        // A file without an entry was not read as a fixture file (a body, or a stray file): its signature says enough.
        return entries.withLock { all in
            last.files.allSatisfy { file in all[file.path].map { Self.bodyFilesAsRead($0.contents) } ?? true }
        }
    }

    /// Starts watching what `last` was loaded from (its folder whole, its files, their body files), then checks
    /// them once more, and if they are as loaded, trusts the set for as long as the watch sees no change. The
    /// check comes after the watch starts: a change before it is seen by the check, one after by the watch.
    private func watch(_ last: LastSet, with watch: FileChangeWatch) {
        let bodyFiles = entries.withLock { all in
            last.files.flatMap { file -> [String] in all[file.path].map { Array($0.contents.bodyFiles.keys) } ?? [] }
        }
        // A change while the watches are being set up could leave them on a lookup that no longer holds: then
        // the next request tries again.
        let before = watch.generation()
        guard watch.watch(last.directory, wholeFolder: true), last.files.allSatisfy({ watch.watch($0.path) }),
            bodyFiles.allSatisfy({ watch.watch($0) })
        else {
            lastSet.withLock { kept in
                if kept?.number == last.number { kept?.unwatchable = true }
            }
            return
        }
        let since = watch.generation()
        guard since == before, unchanged(last.directory, since: last.folder), isAsLoaded(last) else { return }
        lastSet.withLock { kept in
            if kept?.number == last.number { kept?.unchangedSince = since }
        }
    }

    /// The watch if it was made (a set checked again), without making it.
    private var madeWatch: FileChangeWatch? { changes.withLock { $0 ?? nil } }

    /// The watch, made on first use; nil where there can be none.
    private func changeWatch() -> FileChangeWatch? {
        changes.withLock { made in
            if let made { return made }
            let watch = FileChangeWatch()
            made = .some(watch)
            return watch
        }
    }

    /// Remembers `set`, loaded from `directory`, a folder of signature `folder` whose files had `files`'
    /// signatures; forgotten when any of them was recent (its bytes must be compared again next time).
    func storeSet(
        _ set: FixtureSet, directory: String, folder: Signature, files: [(path: String, signature: Signature)]
    ) {
        let seconds = recentSeconds
        let recent = folder.isRecent(within: seconds) || files.contains { $0.signature.isRecent(within: seconds) }
        let number = storedSets.withLock { n in
            n += 1
            return n
        }
        lastSet.withLock {
            $0 = recent ? nil : LastSet(number: number, directory: directory, folder: folder, files: files, set: set)
        }
    }

    /// The bytes of the body file at `path` as read before, while the file still has the signature it had then and
    /// is not recent: one `stat` instead of an open, a check, a read and two closes. The same inode with the same
    /// size and times holds what was read and checked, whatever path now leads to it; any other file (a symlink
    /// swapped in, an edit) differs and is opened and checked again.
    ///
    /// Once such a file has been checked unchanged, it is watched (``FileChangeWatch``): while the watch has seen no
    /// change, not even the `stat` is made. The watch is taken at its word as of the look at the set that matched
    /// the request (``watchedSet()``, just before): an edit since is served from the next request on, as if made
    /// just after this one was matched.
    func body(at path: String) -> [UInt8]? {
        guard let kept = bodies.withLock({ $0.files[path] }), kept.path.utf8.elementsEqual(path.utf8) else {
            return nil
        }
        let watch = madeWatch
        if let since = kept.unchangedSince, let watch, watch.lastGeneration() == since {
            bodyHits.withLock { $0 += 1 }
            return kept.bytes
        }
        guard unchanged(path, since: kept.signature) else { return nil }
        if let watch, !kept.unwatchable {
            // Checked again once watched, as for a set.
            let before = watch.generation()
            let watched = watch.watch(path)
            let since = watch.generation()
            let trusted = watched && since == before && unchanged(path, since: kept.signature)
            bodies.withLock { all in
                guard all.files[path]?.signature == kept.signature else { return }
                if trusted { all.files[path]?.unchangedSince = since }
                if !watched { all.files[path]?.unwatchable = true }
            }
        }
        bodyHits.withLock { $0 += 1 }
        return kept.bytes
    }

    /// Reads the watch's queue now, so what ``body(at:)`` serves next is as of now: for a caller that waits between
    /// matching a request and reading its body (a pair's `delay`).
    func lookAgain() {
        _ = madeWatch?.generation()
    }

    /// True when the file at `path` has `signature` now (one `stat`) and is not recent: what was read from it then
    /// is what it holds.
    private func unchanged(_ path: String, since signature: Signature) -> Bool {
        var info = stat()
        let taken = Date().timeIntervalSince1970
        guard stat(path, &info) == 0 else { return false }
        let now = Signature(info, taken: taken)
        return now == signature && !now.isRecent(within: recentSeconds)
    }

    /// Keeps `bytes`, read whole from the body file at `path` whose `fstat` was `info` (taken at `taken` or
    /// just after), when the file is small and not recent and the bodies kept leave room.
    func keepBody(_ bytes: [UInt8], at path: String, info: stat, taken: Double) {
        let signature = Signature(info, taken: taken)
        guard bytes.count <= Self.keptBodySize, bytes.count == signature.size,
            !signature.isRecent(within: recentSeconds)
        else { return }
        bodies.withLock { kept in
            let replaced = kept.files[path]?.bytes.count ?? 0
            guard kept.total - replaced + bytes.count <= Self.keptBodiesTotal else { return }
            kept.files[path] = KeptBody(path: path, signature: signature, bytes: bytes)
            kept.total += bytes.count - replaced
        }
    }

    /// Forgets files other than `files` (deleted or renamed ones).
    func keep(only files: Set<String>) {
        entries.withLock { all in all = all.filter { files.contains($0.key) } }
    }

    /// An entry that keeps `bytes` only while the signature cannot be trusted alone.
    private func entry(_ contents: FixtureSet.FileContents, bytes: [UInt8], signature: Signature?) -> Entry {
        let trusted = signature.map { !$0.isRecent(within: recentSeconds) } ?? false
        return Entry(signature: signature, bytes: trusted ? nil : bytes, contents: contents)
    }

    /// True when every body file the contents name exists exactly when it did at the read.
    private static func bodyFilesAsRead(_ contents: FixtureSet.FileContents) -> Bool {
        contents.bodyFiles.allSatisfy { (access($0.key, F_OK) == 0) == $0.value }
    }

    /// True when two byte arrays are equal (compared with memcmp: files can be megabytes).
    private static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
        }
    }
}
