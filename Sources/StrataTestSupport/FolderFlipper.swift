import Foundation
import Strata

#if canImport(Glibc)
    import Glibc
#endif

/// A session whose folder `bodies/` is swapped, as fast as a thread can, for a symlink to a folder outside
/// holding a file of the same name, and back.
public final class FolderFlipper: @unchecked Sendable {
    /// The session folder: `bodies/body.json` holds "inside" (while it is a folder).
    public let dir: ScratchDirectory
    /// The folder outside: `body.json` holds "SECRET".
    public let outside: ScratchDirectory
    private let stop = Locked(false)
    private var thread: Thread?

    /// Creates the two folders, the session's holding `files` too; nothing flips until ``start()``.
    public init(files: [String: String] = ["session.json": "{}"]) throws {
        dir = try ScratchDirectory(files.merging(["bodies/body.json": "inside"]) { _, body in body })
        outside = try ScratchDirectory(["body.json": "SECRET"])
        try FileManager.default.createSymbolicLink(
            atPath: dir.url("bodies.link"), withDestinationPath: outside.path)
    }

    /// Starts flipping on a thread of its own.
    public func start() {
        let (path, real, link) = (dir.url("bodies"), dir.url("bodies.real"), dir.url("bodies.link"))
        let thread = Thread { [self] in
            while !stop.withLock({ $0 }) {
                _ = rename(path, real)  // the folder steps aside
                _ = rename(link, path)  // and a symlink out takes its name
                _ = rename(path, link)
                _ = rename(real, path)
            }
        }
        self.thread = thread
        thread.start()
    }

    /// Stops flipping and removes both folders.
    public func finish() {
        stop.withLock { $0 = true }
        while thread?.isFinished == false { usleep(1000) }
        dir.remove()
        outside.remove()
    }
}
