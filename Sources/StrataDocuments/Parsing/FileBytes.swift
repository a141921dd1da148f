import Foundation

/// Reading a whole file into one exactly-sized byte array with plain `read(2)` calls: the input is held once, with
/// no `Data` in between and no copy, which is what keeps a parse's peak memory near the input plus its tree.
public enum FileBytes {
    /// Why a file could not be read, worded for people: `cannot read 'x.json': no such file`.
    public struct ReadError: Error, CustomStringConvertible, Sendable {
        /// The path as given.
        public var path: String
        /// What went wrong (`no such file`, `it is a directory`, …).
        public var reason: String

        /// `cannot read 'x.json': no such file`.
        public var description: String { "cannot read '\(path)': \(reason)" }
    }

    /// The bytes of the file at `path`.
    public static func read(_ path: String) throws(ReadError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ReadError(path: path, reason: reason(errno)) }
        defer { close(fd) }
        return try read(fd, path: path)
    }

    /// The file at `path` mapped read-only and private, or nil when it is not a regular file (a pipe, a device:
    /// read it with ``read(_:)``). The mapping lives as long as the returned value.
    public static func map(_ path: String) throws(ReadError) -> Mapping? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ReadError(path: path, reason: reason(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw ReadError(path: path, reason: reason(errno)) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw ReadError(path: path, reason: "it is a directory") }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(info.st_size)
        guard size > 0 else { return Mapping(base: nil, count: 0) }
        let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0)
        guard let base, base != MAP_FAILED else { return nil }
        return Mapping(base: base, count: size)
    }

    /// A read-only private mapping of a whole file, unmapped when released.
    public final class Mapping {
        let base: UnsafeMutableRawPointer?
        /// The file's size in bytes.
        public let count: Int

        init(base: UnsafeMutableRawPointer?, count: Int) {
            self.base = base
            self.count = count
        }

        deinit { if let base { munmap(base, count) } }

        /// Calls `body` with the file's bytes (valid only during the call).
        public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
            try body(UnsafeBufferPointer(start: base?.assumingMemoryBound(to: UInt8.self), count: count))
        }
    }

    /// Everything on standard input (named `-` in errors).
    public static func readStandardInput() throws(ReadError) -> [UInt8] {
        try read(STDIN_FILENO, path: "-")
    }

    /// Reads `fd` to its end: a regular file in one exactly-sized array, anything else (a pipe, /proc) in chunks.
    static func read(_ fd: Int32, path: String) throws(ReadError) -> [UInt8] {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw ReadError(path: path, reason: reason(errno)) }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw ReadError(path: path, reason: "it is a directory") }
        let size = Int(info.st_size)
        var failure: Int32 = 0
        var bytes: [UInt8] = []
        if (info.st_mode & S_IFMT) == S_IFREG, size > 0 {
            bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                while count < size {
                    let n = Foundation.read(fd, buffer.baseAddress! + count, size - count)
                    if n < 0, errno == EINTR { continue }
                    if n < 0 { failure = errno }
                    if n <= 0 { break }
                    count += n
                }
            }
            if failure != 0 { throw ReadError(path: path, reason: reason(failure)) }
            if bytes.count < size { return bytes }  // the file shrank while being read
        }
        // Unknown size, or a file that grew: read on in chunks until the end.
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress!, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n < 0 { throw ReadError(path: path, reason: reason(errno)) }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<n])
        }
    }

    /// A short reason for `code`.
    static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT, ENOTDIR: return "no such file"
        case EACCES, EPERM: return "permission denied"
        case EISDIR: return "it is a directory"
        default: return String(cString: strerror(code))
        }
    }
}
