import CFileSystem
import Foundation

/// The one rule for files a session names: a path is read or written only when it resolves (symlinks followed)
/// to a regular file inside the session folder.
///
/// A fixture's `bodyFile` of `../../etc/passwd`, an absolute path, or a symlink in `fixtures/` that points
/// elsewhere would otherwise be served, and a FIFO would block the reader forever. Files are read through
/// ``open(_:inside:)``, which checks and opens in one step beneath a descriptor of the session folder, so a folder
/// on the path swapped for a symlink between a check and a read cannot lead the read outside. The files an OpenAPI
/// spec's `$ref`s name are held to the same rule, inside the spec's folder.
public enum SessionFiles {
    /// Why a path is refused.
    public enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        /// Nothing is there (or a symlink points at nothing).
        case missing
        /// It resolves to `resolved`, which is not inside the session folder.
        case outside(resolved: String)
        /// It is a directory, FIFO, socket or device (`kind`), not a regular file.
        case notRegular(kind: String)
        /// It is there but cannot be opened or read (`reason`: `Permission denied`).
        case unreadable(reason: String)

        /// `resolves to /etc/passwd, outside the session folder`, ...
        public var description: String { description(folder: "the session folder") }

        /// The reason, naming the folder the path had to stay in (`the spec's folder`).
        public func description(folder: String) -> String {
            switch self {
            case .missing: "does not exist"
            case .outside(let resolved): "resolves to \(resolved), outside \(folder)"
            case .notRegular(let kind): "is a \(kind), not a regular file"
            case .unreadable(let reason): "cannot be read (\(reason))"
            }
        }
    }

    /// A regular file inside the session folder, open for reading: what is read from it is what was checked.
    ///
    /// The descriptor is closed when the value goes; readers read at explicit offsets (`pread`), so several may
    /// share it.
    public final class OpenedFile: @unchecked Sendable, Equatable {
        /// The path as the session named it (for messages).
        public let path: String
        /// The open descriptor.
        let descriptor: Int32
        /// Its `fstat`.
        let info: stat

        init(path: String, descriptor: Int32, info: stat) {
            self.path = path
            self.descriptor = descriptor
            self.info = info
        }

        deinit { close(descriptor) }

        /// Its size in bytes when it was opened.
        public var size: Int { Int(info.st_size) }

        /// Every byte, read from the start (a file that shrank gives what it still holds).
        public func bytes() throws(Refusal) -> [UInt8] { try bytes(upTo: size) }

        /// The first `limit` bytes (all of them when it is shorter), read from the start.
        public func bytes(upTo limit: Int) throws(Refusal) -> [UInt8] {
            let size = min(self.size, limit)
            guard size > 0 else { return [] }
            var failure: Int32 = 0
            let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                while count < size {
                    let n = pread(descriptor, buffer.baseAddress! + count, size - count, off_t(count))
                    if n < 0, errno == EINTR { continue }
                    if n < 0 { failure = errno }
                    if n <= 0 { break }
                    count += n
                }
            }
            if failure != 0 { throw .unreadable(reason: String(cString: strerror(failure))) }
            return bytes
        }

        /// Reads up to `count` bytes at `offset` into `buffer`; returns how many (0 at the end), or -1.
        public func read(into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int) -> Int {
            while true {
                let n = pread(descriptor, buffer, count, off_t(offset))
                if n < 0 && errno == EINTR { continue }
                return n
            }
        }

        /// A descriptor of the same open file for a reader that closes it itself (the HTTP server), or -1.
        public func duplicateDescriptor() -> Int32 { fcntl(descriptor, F_DUPFD_CLOEXEC, 0) }

        /// The same open file.
        public static func == (a: OpenedFile, b: OpenedFile) -> Bool {
            a.path == b.path && a.info.st_dev == b.info.st_dev && a.info.st_ino == b.info.st_ino
        }
    }

    /// `path` opened for reading when it is a regular file inside `root` (symlinks followed while they stay
    /// inside), else why not, in one step: nothing between the check and the open can change what is opened.
    public static func open(_ path: String, inside root: String) -> Result<OpenedFile, Refusal> {
        // Named outside the folder: refused as outside whether or not anything is there.
        guard let relative = relativePath(path, inside: root) else {
            return .failure(.outside(resolved: realPath(path) ?? lexicalPath(path)))
        }
        var fd = openBeneath(root, relative)
        if fd == -EXDEV, let real = realPath(path), let realRoot = realPath(root),
            let inside = relativePath(real, inside: realRoot)
        {
            // An absolute symlink that points inside (the kernel refuses every absolute one): its target, as
            // resolved just now, is opened beneath the same folder in the same one step.
            fd = openBeneath(realRoot, inside)
        }
        guard fd >= 0 else {
            switch -fd {
            case ENOENT, ENOTDIR: return .failure(.missing)
            case EXDEV, ELOOP:
                // Nothing there: outside when its `..`s lead out of the folder as written, else missing.
                if realPath(path) == nil, relativePath(lexicalPath(path), inside: lexicalPath(root)) == nil {
                    return .failure(.outside(resolved: lexicalPath(path)))
                }
                return .failure(outsideOrMissing(path))
            default: return .failure(.unreadable(reason: String(cString: strerror(-fd))))
            }
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            return .failure(.unreadable(reason: reason))
        }
        let kind = kind(info)
        if kind != "regular" {
            close(fd)
            return .failure(.notRegular(kind: kind))
        }
        return .success(OpenedFile(path: path, descriptor: fd, info: info))
    }

    /// `relative` opened beneath the folder `root`, or -errno.
    private static func openBeneath(_ root: String, _ relative: String) -> Int32 {
        let rootFD = Foundation.open(root.isEmpty ? "." : root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootFD >= 0 else { return -ENOENT }
        defer { close(rootFD) }
        return strata_open_beneath(rootFD, relative.isEmpty ? "." : relative)
    }

    /// Makes ``open(_:inside:)`` resolve paths with its own walk even where the kernel has `openat2` (for tests:
    /// the walk is what macOS and old kernels use). Both keep every step inside the folder.
    package static func useWalk(_ on: Bool) { strata_open_beneath_use_walk(on ? 1 : 0) }

    /// The bytes of `path` when it is a regular file inside `root` (``open(_:inside:)``), else why not.
    public static func read(_ path: String, inside root: String) -> Result<[UInt8], Refusal> {
        open(path, inside: root).flatMap { file in Result { () throws(Refusal) in try file.bytes() } }
    }

    /// `path` relative to `root` when it names something under it (lexically: `..` is left to the open, which
    /// keeps it inside), or nil.
    static func relativePath(_ path: String, inside root: String) -> String? {
        func absolute(_ p: String) -> String {
            p.hasPrefix("/") ? p : Session.join(FileManager.default.currentDirectoryPath, p)
        }
        var base = root.isEmpty ? "." : root
        var full = path
        if base == "." || base == "./" {
            // The working folder itself: `x.yaml` and `./x.yaml` are both under it.
            base = FileManager.default.currentDirectoryPath
            full = absolute(full)
        } else if base.hasPrefix("/") != full.hasPrefix("/") {
            base = absolute(base)
            full = absolute(full)
        }
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        if full == base { return "" }
        let prefix = base == "/" ? "/" : base + "/"
        guard full.hasPrefix(prefix) else { return nil }
        var relative = full.dropFirst(prefix.count)
        while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
        return String(relative)
    }

    /// Why `path` is refused when it leads out of the session: where it resolves to, or missing when it
    /// resolves nowhere (a dangling or looping symlink).
    /// `path` made absolute with `.` and `..` taken away as written (no symlink followed): for messages about a
    /// path that leads nowhere.
    static func lexicalPath(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : Session.join(FileManager.default.currentDirectoryPath, path)
        var parts: [Substring] = []
        for part in full.split(separator: "/") {
            if part == "." || part.isEmpty { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
            } else {
                parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    static func outsideOrMissing(_ path: String) -> Refusal {
        realPath(path).map { .outside(resolved: $0) } ?? .missing
    }

    /// `regular`, `directory`, `FIFO`, `socket`, `device` or `special file`, from a `stat`'s mode.
    static func kind(_ info: stat) -> String {
        switch info.st_mode & S_IFMT {
        case S_IFREG: "regular"
        case S_IFDIR: "directory"
        case S_IFIFO: "FIFO"
        case S_IFSOCK: "socket"
        case S_IFCHR, S_IFBLK: "device"
        default: "special file"
        }
    }

    /// The session folder a fixtures folder belongs to (its parent).
    public static func root(ofFixtures directory: String) -> String {
        let parent = (directory as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }

    /// The real path of `path` when it is a regular file inside `root` (both resolved, symlinks followed), else
    /// why it is refused.
    public static func resolve(_ path: String, inside root: String) -> Result<String, Refusal> {
        resolveFile(path, inside: root).map(\.path)
    }

    /// ``resolve(_:inside:)``, with the `stat` of the file it checked (for a caller that needs its size or times).
    static func resolveFile(_ path: String, inside root: String) -> Result<(path: String, info: stat), Refusal> {
        open(path, inside: root).flatMap { file in
            guard let real = realPath(path) else { return .failure(.missing) }
            return .success((real, file.info))
        }
    }

    /// `text` with the session folder `root` left off every path inside it: `fixtures/orders.json:3:5` for
    /// `/home/ann/work/Sessions/shop/fixtures/orders.json:3:5`.
    ///
    /// How files are named to people who see the session from inside: `strata serve`'s clients (who have no business
    /// knowing where the server keeps its files) and the explorer's screen. The paths are those built from `root` as
    /// it was named (a session's `directory`); one starts at the start of `text` or after a space or `(`, so a path
    /// in a message (`looked for …`) is named the same way and a request path that merely contains the folder's
    /// name is left as it is.
    public static func relative(_ text: String, to root: String) -> String {
        guard !root.isEmpty else { return text }
        let prefix = Array((root.hasSuffix("/") ? root : root + "/").utf8)
        // Bytes, not Foundation's range(of:): `strata serve` names its files this way in every answer it logs.
        var text = text
        return text.withUTF8 { bytes -> String in
            var out: [UInt8] = []
            var copied = 0
            var i = 0
            while i + prefix.count <= bytes.count {
                let starts = i == 0 || bytes[i - 1] == 0x20 || bytes[i - 1] == UInt8(ascii: "(")
                if starts, bytes[i] == prefix[0],
                    memcmp(bytes.baseAddress! + i, prefix, prefix.count) == 0
                {
                    out.append(contentsOf: bytes[copied..<i])
                    i += prefix.count
                    copied = i
                } else {
                    i += 1
                }
            }
            guard copied > 0 else { return String(decoding: bytes, as: UTF8.self) }
            out.append(contentsOf: bytes[copied...])
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// `path` with every symlink and `..` resolved, or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }
}
