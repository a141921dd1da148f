import Foundation

/// Fixture files already parsed, so a source answering many requests parses each file once per change.
///
/// One cache serves one fixtures folder: loading a folder forgets the files it no longer has.
///
/// An entry is used only while the file's bytes are exactly the bytes it was read from and every body file it
/// names still exists (or is still missing), so what is served is always what the file says now. Safe to share
/// between tasks.
public final class FixtureFileCache: Sendable {
    private struct Entry {
        var bytes: [UInt8]
        var contents: FixtureSet.FileContents
    }

    private let entries = Locked<[String: Entry]>([:])
    private let parses = Locked(0)

    /// Creates an empty cache.
    public init() {}

    /// The number of files held.
    public var count: Int { entries.withLock { $0.count } }

    /// How many times a file had to be parsed because it was new or had changed.
    public var parseCount: Int { parses.withLock { $0 } }

    /// What `file` held when it was read from the same `bytes`, if its body files are as they were then.
    func contents(of file: String, bytes: [UInt8]) -> FixtureSet.FileContents? {
        guard let entry = entries.withLock({ $0[file] }), FixtureFileCache.same(entry.bytes, bytes) else { return nil }
        for (path, existed) in entry.contents.bodyFiles where FileManager.default.fileExists(atPath: path) != existed {
            return nil
        }
        return entry.contents
    }

    /// Remembers what `file` holds when read from `bytes`.
    func store(_ contents: FixtureSet.FileContents, of file: String, bytes: [UInt8]) {
        entries.withLock { $0[file] = Entry(bytes: bytes, contents: contents) }
        parses.withLock { $0 += 1 }
    }

    /// Forgets files other than `files` (deleted or renamed ones).
    func keep(only files: Set<String>) {
        entries.withLock { all in all = all.filter { files.contains($0.key) } }
    }

    /// True when two byte arrays are equal (compared with memcmp: files can be megabytes).
    private static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
        }
    }
}
