import Foundation

/// The one way Strata writes a file that only grows, line by line (`strata serve --journal FILE`): `AtomicFile`'s
/// rules, as far as they apply to a file that is appended to rather than replaced.
///
/// A journal cannot be written whole on every line (that is quadratic, and `tail -f` would lose its place), so
/// "whole or not at all" holds per line: whole lines go to a descriptor opened with `O_APPEND` (one line, or a batch
/// of queued lines, per ``append(_:)``, in one `write(2)` where the system allows), and a line a full disk cut short
/// is ended before the next one starts (the caller keeps that state, see `ServeJournal`'s group commit).
/// As with `AtomicFile`: the file keeps its permission bits (it is never replaced), a new file gets those of a new
/// `AtomicFile` target (0666 less the umask), and a symlink is written through to its destination. The file is
/// one the user named on the command line, so no session folder bounds it.
public final class AppendOnlyFile: @unchecked Sendable {
    /// The path as the user gave it.
    public let path: String
    private let fd: Int32

    /// Why a file could not be opened for appending.
    public struct OpenError: Error, Sendable, CustomStringConvertible {
        /// The file, as given.
        public var path: String
        /// The system's reason (`Permission denied`).
        public var reason: String
        /// `cannot open PATH for appending: REASON`.
        public var description: String { "cannot open \(path) for appending: \(reason)" }
    }

    /// Opens `path` for appending, creating it when missing.
    public init(_ path: String) throws(OpenError) {
        self.path = path
        fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw OpenError(path: path, reason: String(cString: strerror(errno))) }
    }

    deinit { close(fd) }

    /// Appends `bytes` in as few writes as the system allows: how many were written, and the `errno` that stopped
    /// the rest (0 when all were; `ENOSPC` for a write that wrote nothing without saying why).
    public func append(_ bytes: UnsafeRawBufferPointer) -> (written: Int, error: Int32) {
        var done = 0
        while done < bytes.count {
            let n = write(fd, bytes.baseAddress! + done, bytes.count - done)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return (done, n < 0 ? errno : ENOSPC) }
            done += n
        }
        return (done, 0)
    }
}
