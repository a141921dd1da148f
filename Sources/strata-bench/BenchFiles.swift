import Foundation

/// Whole-file reads and writes with plain system calls, so big inputs are never copied twice.
enum BenchFiles {
    /// Reads a whole file into one exactly-sized array with plain `read(2)` calls (no intermediate copies).
    static func readFile(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw BenchError("cannot open \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw BenchError("cannot stat \(path)") }
        let size = Int(info.st_size)
        if size > 0 {
            var failed = false
            let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                while count < size {
                    let n = read(fd, buffer.baseAddress! + count, size - count)
                    if n <= 0 {
                        failed = n < 0
                        break
                    }
                    count += n
                }
            }
            if failed { throw BenchError("cannot read \(path): \(String(cString: strerror(errno)))") }
            return bytes
        }
        // Files that report no size (/proc) are read in chunks until end of file.
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 { throw BenchError("cannot read \(path): \(String(cString: strerror(errno)))") }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<n])
        }
    }

    /// Writes `bytes` to `path`, replacing any file there.
    static func writeFile(_ path: String, _ bytes: [UInt8]) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { throw BenchError("cannot create \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        try bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let n = write(fd, raw.baseAddress! + done, raw.count - done)
                guard n > 0 else { throw BenchError("cannot write \(path): \(String(cString: strerror(errno)))") }
                done += n
            }
        }
    }
}
