#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading a whole file straight into an array of exactly its size: one read into the final buffer, with no
/// `Data` in between to copy from (fixture body files can be tens of megabytes).
public enum FileBytes {
    /// The bytes of the file at `path`, or nil when it is not a regular file that can be read.
    public static func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        let size = Int(info.st_size)
        var failed = false
        var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            var done = 0
            while done < size {
                let n = readSome(fd, buffer.baseAddress! + done, size - done)
                if n < 0, errno == EINTR { continue }
                if n < 0 { failed = true }
                if n <= 0 { break }
                done += n
            }
            count = done
        }
        if failed { return nil }
        // A file that grew after it was measured: take the rest too (rare, so a small buffer will do).
        var more = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = more.withUnsafeMutableBytes { readSome(fd, $0.baseAddress!, $0.count) }
            if n < 0, errno == EINTR { continue }
            if n < 0 { return nil }
            if n == 0 { break }
            bytes += more[0..<n]
        }
        return bytes
    }

    /// The system's `read(2)`.
    private static func readSome(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(fd, buffer, count)
        #else
            Darwin.read(fd, buffer, count)
        #endif
    }
}
