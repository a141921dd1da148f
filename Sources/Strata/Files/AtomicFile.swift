import Foundation
import StrataDocuments

/// The one way Strata writes a file: whole or not at all, keeping what the user set up around it.
///
/// The bytes go to a temporary file beside the target (`.NAME.tmp-UUID`), are flushed, and the temporary file is
/// renamed over the target, so a crash never leaves half a file. The target keeps its permission bits (a 0600
/// fixture stays 0600). A target that is a symlink is written through: its destination is replaced and the link
/// stays (refused when the destination is outside `root`). A temporary file left behind by a writer that was
/// killed is removed by the next write of the same target; a writer holds a lock on its own temporary file, so
/// one still in use by another process is left alone.
public enum AtomicFile {
    /// Why a file could not be written.
    public struct WriteError: Error, Sendable, CustomStringConvertible {
        /// What went wrong, naming the file.
        public var description: String
    }

    /// Writes `bytes` to `path` atomically; with a `root`, a symlink is followed only to a file inside it.
    ///
    /// Returns the path actually written (the symlink's destination when `path` is a symlink).
    @discardableResult
    public static func write(_ bytes: [UInt8], to path: String, root: String? = nil) throws(WriteError) -> String {
        try write(to: path, root: root) { (sink: Sink) throws(WriteError) in try sink.write(bytes) }
    }

    /// Writes the bytes `contents` hands to its sink, in as many pieces as it likes, to `path` atomically (see
    /// ``write(_:to:root:)``): a large file is written without being held whole, and still appears whole or not
    /// at all.
    @discardableResult
    public static func write(
        to path: String, root: String? = nil, private isPrivate: Bool = false,
        contents: (Sink) throws(WriteError) -> Void
    ) throws(WriteError) -> String {
        let target = try destination(of: path, root: root)
        var existing = stat()
        // A private file (cookies, tokens) is the user's alone, whatever the file it replaces allowed.
        let mode: mode_t? =
            isPrivate ? 0o600 : stat(target, &existing) == 0 ? existing.st_mode & 0o7777 : nil
        let temp = try Temporary(beside: target, mode: mode ?? 0o666)
        defer { temp.discard() }
        if let mode, fchmod(temp.fd, mode) != 0 { throw failure("cannot set the permissions of \(target)", errno) }
        try contents(Sink(fd: temp.fd, target: target))
        guard fsync(temp.fd) == 0 else { throw failure("cannot write \(target)", errno) }
        guard rename(temp.path, target) == 0 else { throw failure("cannot replace \(target)", errno) }
        temp.renamed = true
        return target
    }

    /// Where ``write(to:root:contents:)`` hands its pieces.
    public struct Sink {
        let fd: Int32
        let target: String

        /// Appends `bytes` to the file being written.
        public func write(_ bytes: [UInt8]) throws(WriteError) {
            let ok = bytes.withUnsafeBytes { AtomicFile.writeAll($0, to: fd) }
            if !ok { throw AtomicFile.failure("cannot write \(target)", errno) }
        }
    }

    /// A temporary file beside a target (`.NAME.tmp-UUID`), locked while it is in use, so it is removed as stale
    /// only once its writer is gone; removed by ``discard()`` unless it was renamed.
    public final class Temporary {
        /// Its path.
        public let path: String
        /// Its descriptor, open for reading and writing.
        public let fd: Int32
        var renamed = false
        private var isOpen = true

        /// Creates the temporary file of `target` (removing the stale temporary files of its folder first, the
        /// first time this process writes there).
        public init(beside target: String, mode: mode_t = 0o600) throws(WriteError) {
            let directory = (target as NSString).deletingLastPathComponent
            let dir = directory.isEmpty ? "." : directory
            let name = (target as NSString).lastPathComponent
            AtomicFile.removeStaleTemporaries(in: dir)
            path = Session.join(dir, ".\(name).tmp-\(UUID().uuidString)")
            fd = Glibc.open(path, O_CREAT | O_EXCL | O_RDWR | O_NOFOLLOW | O_CLOEXEC, mode)
            guard fd >= 0 else { throw AtomicFile.failure("cannot create a temporary file beside \(target)", errno) }
            // Marks the temporary file as in use, so a concurrent writer's clean-up leaves it alone.
            _ = flock(fd, LOCK_EX)
        }

        /// Closes it, and removes it unless it became the target.
        public func discard() {
            guard isOpen else { return }
            isOpen = false
            close(fd)
            if !renamed { unlink(path) }
        }

        deinit { discard() }
    }

    /// Writes all of `bytes` to `fd`, retrying short writes; false on an error (in `errno`).
    static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    /// Writes `text` as UTF-8; see ``write(_:to:root:)``. A `private` file is written readable by its owner only
    /// (0600), also when the file it replaces was not.
    @discardableResult
    public static func write(
        _ text: String, to path: String, root: String? = nil, private isPrivate: Bool = false
    ) throws(WriteError) -> String {
        let bytes = Array(text.utf8)
        return try write(to: path, root: root, private: isPrivate) { (sink: Sink) throws(WriteError) in
            try sink.write(bytes)
        }
    }

    /// Refuses a write whose folder, symlinks followed, is not inside `root` (a session's `fixtures/` that is a
    /// symlink to a folder elsewhere).
    static func checkFolder(of path: String, inside root: String) throws(WriteError) {
        let folder = (path as NSString).deletingLastPathComponent
        guard let realFolder = SessionFiles.realPath(folder.isEmpty ? "." : folder),
            let realRoot = SessionFiles.realPath(root)
        else { return }
        let inside = realFolder == realRoot || realFolder.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/")
        if !inside {
            throw WriteError(
                description:
                    "cannot write \(path): its folder leads outside the session (a symlink to \(realFolder)); nothing was written"
            )
        }
    }

    /// The file to replace for `path`: itself, or a symlink's destination (inside `root` when given).
    static func destination(of path: String, root: String?) throws(WriteError) -> String {
        if let root { try checkFolder(of: path, inside: root) }
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return path }
        guard let resolved = SessionFiles.realPath(path) else {
            throw WriteError(description: "cannot write \(path): it is a symlink to a file that does not exist")
        }
        if let root {
            switch SessionFiles.resolve(path, inside: root) {
            case .success: break
            case .failure(let refusal):
                throw WriteError(description: "cannot write \(path): it \(refusal); nothing was written")
            }
        }
        return resolved
    }

    /// Folders whose stale temporary files this process has removed.
    private static let swept = Locked<Set<String>>([])

    /// Removes the temporary files in `directory` that no writer holds (left by a killed writer), once per folder
    /// and process: listing the folder for every file written made an import of 8 000 fixture files quadratic.
    static func removeStaleTemporaries(in directory: String) {
        guard swept.withLock({ $0.insert(directory).inserted }) else { return }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for entry in entries where entry.hasPrefix(".") && entry.contains(".tmp-") {
            let path = Session.join(directory, entry)
            let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { continue }
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { unlink(path) }
            close(fd)
        }
    }

    static func failure(_ what: String, _ code: Int32) -> WriteError {
        WriteError(description: "\(what): \(String(cString: strerror(code)))")
    }
}
