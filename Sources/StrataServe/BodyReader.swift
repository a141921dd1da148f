import CMicroHTTPD
import Foundation
import Strata

#if canImport(Glibc)
    import Glibc
#endif

/// Hands a body to libmicrohttpd in pieces: `chunkDelay` ms apart (an event or line at a time for server-sent
/// events and JSON lines, as the mock source reports them; 1 KiB at a time otherwise), or cut short for the `close`
/// fault. Between pieces the connection is suspended, not its thread.
final class BodyReader {
    let bytes: [UInt8]
    /// The body file, read at explicit offsets, or nil for bytes in hand.
    let file: SessionFiles.OpenedFile?
    let size: UInt64
    let delay: Int
    let breakOff: Bool
    /// `sse` or `ndjson` when a paced body is sent an event or line at a time, else nil.
    let format: String?
    /// The connection sent to, suspended for each pause.
    let connection: OpaquePointer
    let suspensions: Suspensions
    /// The position whose pause has been taken: the piece there is sent when libmicrohttpd asks again.
    private var pausedAt: UInt64 = 0

    init?(_ reply: ServeReply, connection: OpaquePointer, suspensions: Suspensions) {
        self.connection = connection
        self.suspensions = suspensions
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
        format = reply.chunkDelay > 0 ? StreamingBody.format(of: reply.headers["Content-Type"]) : nil
    }

    /// True when the body goes out chunked, one chunk per piece, as a server sending a stream would: a paced
    /// stream of events or lines sent whole.
    var isChunked: Bool { format != nil && !breakOff }

    /// Copies up to `count` bytes of the body from `offset` to `buffer`; the number copied, or -1.
    func copy(into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int) -> Int {
        if let file { return file.read(into: buffer, count: count, at: offset) }
        let n = max(0, min(count, bytes.count - offset))
        bytes.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress! + offset, byteCount: n) }
        return n
    }

    /// The next piece from `position`, at most `room` bytes, into `buffer`: the number of bytes, or -1.
    func piece(at position: UInt64, end: UInt64, room: Int, into buffer: UnsafeMutableRawPointer) -> Int {
        guard let format else {
            let count = Int(min(UInt64(room), UInt64(ServeReply.chunkSize), end - position))
            return copy(into: buffer, count: count, at: Int(position))
        }
        // One event or line (what fits of it): read with the two bytes before it, so an end right after the
        // previous piece is seen, and cut where it ends.
        let back = Int(min(position, 2))
        let wanted = Int(min(UInt64(room), end - position))
        var window = [UInt8](repeating: 0, count: back + wanted)
        let got = window.withUnsafeMutableBytes {
            copy(into: $0.baseAddress!, count: back + wanted, at: Int(position) - back)
        }
        guard got > back else { return -1 }
        if got < window.count { window.removeLast(window.count - got) }
        let pieceEnd = StreamingBody.nextPieceEnd(window, from: back, format: format) ?? window.count
        window.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress! + back, byteCount: pieceEnd - back) }
        return pieceEnd - back
    }

    static let read: MHD_ContentReaderCallback = { cls, position, buffer, max in
        guard let cls, let buffer else { return strata_mhd_end_with_error() }
        let reader = Unmanaged<BodyReader>.fromOpaque(cls).takeUnretainedValue()
        // The `close` fault sends half the body (none when it is empty), then drops the connection.
        let end = reader.breakOff ? reader.size / 2 : reader.size
        if position >= end { return reader.breakOff ? strata_mhd_end_with_error() : strata_mhd_end_of_stream() }
        if position > 0, reader.delay > 0, reader.pausedAt != position {
            // No bytes now: the connection is set aside for the pause and asked again for this piece after it.
            reader.pausedAt = position
            // Not paused once the server is stopping: the piece goes now.
            if reader.suspensions.pause(reader.connection, milliseconds: reader.delay) { return 0 }
        }
        let n = reader.piece(at: position, end: end, room: max, into: UnsafeMutableRawPointer(buffer))
        return n > 0 ? n : strata_mhd_end_with_error()
    }

    static let free: MHD_ContentReaderFreeCallback = { cls in
        guard let cls else { return }
        Unmanaged<BodyReader>.fromOpaque(cls).release()
    }
}

/// Hands a relayed live body (``ServeStream``) to libmicrohttpd as it arrives, each piece as one chunk of a chunked
/// response: while no bytes are there the connection is suspended, and the stream resumes it when some arrive.
final class StreamReader {
    let stream: ServeStream
    let connection: OpaquePointer
    let suspensions: Suspensions
    /// The most bytes asked for at once.
    static let blockSize = 16 * 1024

    init(_ stream: ServeStream, connection: OpaquePointer, suspensions: Suspensions) {
        self.stream = stream
        self.connection = connection
        self.suspensions = suspensions
    }

    static let read: MHD_ContentReaderCallback = { cls, _, buffer, max in
        guard let cls, let buffer else { return strata_mhd_end_with_error() }
        let reader = Unmanaged<StreamReader>.fromOpaque(cls).takeUnretainedValue()
        guard let n = reader.stream.take(into: UnsafeMutableRawPointer(buffer), count: max) else {
            // Nothing yet: set aside until the transfer hands over more (or ends); asked again then. Once the
            // server is stopping (its streams are cut), the body ends here.
            guard let ticket = reader.suspensions.suspend(reader.connection) else { return strata_mhd_end_with_error() }
            let suspensions = reader.suspensions
            reader.stream.whenReady { suspensions.resume(ticket) }
            return 0
        }
        if n > 0 { return n }
        return n == 0 ? strata_mhd_end_of_stream() : strata_mhd_end_with_error()
    }

    static let free: MHD_ContentReaderFreeCallback = { cls in
        guard let cls else { return }
        Unmanaged<StreamReader>.fromOpaque(cls).release()
    }
}
