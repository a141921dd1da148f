import CMicroHTTPD
import Foundation
import Strata

#if canImport(Glibc)
    import Glibc
#endif

/// Hands a body to libmicrohttpd in pieces: `chunkDelay` ms apart, or cut short for the `close` fault.
final class BodyReader {
    let bytes: [UInt8]
    /// The body file, read at explicit offsets, or nil for bytes in hand.
    let file: SessionFiles.OpenedFile?
    let size: UInt64
    let delay: Int
    let breakOff: Bool

    init?(_ reply: ServeReply) {
        switch reply.body {
        case .bytes(let b):
            bytes = b
            file = nil
            size = UInt64(b.count)
        case .file(let opened):
            bytes = []
            file = opened
            size = UInt64(opened.size)
        }
        delay = reply.chunkDelay
        breakOff = reply.fault == .close
    }

    static let read: MHD_ContentReaderCallback = { cls, position, buffer, max in
        guard let cls, let buffer else { return strata_mhd_end_with_error() }
        let reader = Unmanaged<BodyReader>.fromOpaque(cls).takeUnretainedValue()
        // The `close` fault sends half the body (none when it is empty), then drops the connection.
        let end = reader.breakOff ? reader.size / 2 : reader.size
        if position >= end { return reader.breakOff ? strata_mhd_end_with_error() : strata_mhd_end_of_stream() }
        if position > 0, reader.delay > 0 { usleep(useconds_t(reader.delay) * 1000) }
        let count = Int(min(UInt64(max), UInt64(ServeReply.chunkSize), end - position))
        if let file = reader.file {
            let n = file.read(into: UnsafeMutableRawPointer(buffer), count: count, at: Int(position))
            return n > 0 ? n : strata_mhd_end_with_error()
        }
        reader.bytes.withUnsafeBytes { src in
            buffer.withMemoryRebound(to: UInt8.self, capacity: count) { dst in
                dst.update(from: src.baseAddress!.assumingMemoryBound(to: UInt8.self) + Int(position), count: count)
            }
        }
        return count
    }

    static let free: MHD_ContentReaderFreeCallback = { cls in
        guard let cls else { return }
        Unmanaged<BodyReader>.fromOpaque(cls).release()
    }
}
