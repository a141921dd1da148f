import CFileSystem
import Foundation

/// Says, with one non-blocking read, whether any of the files it watches may have changed since a moment: Linux's
/// inotify, watching the files and every folder their paths are looked up through.
///
/// A change to a file on a local file system is queued by the system call that makes it, before that call returns:
/// a look at the queue after an edit (a write, a rename over, a new file, a chmod) has returned sees it. So what was
/// checked once against the files stays true for as long as ``generation()`` stays the same, and a caller serving
/// many requests trades a `stat` per file per request for one read.
///
/// A path is watched through each folder it is looked up in, for the one name looked up there (a folder watched
/// whole, for every name), following symlinks as the lookup does: renaming, replacing or retargeting any step
/// shows, and so do the folders themselves being moved or deleted. What it cannot see, ``watch(_:wholeFolder:)``
/// refuses to watch, and the caller checks as before: files on network and FUSE file systems (a change made on
/// another machine is never reported), and paths past the kernel's limits. A file written through a shared memory
/// mapping is not reported either; editors do not write that way. Safe to share between tasks.
final class FileChangeWatch: @unchecked Sendable {
    private let lock = NSLock()
    /// The inotify descriptor (non-blocking).
    private let descriptor: Int32
    /// Per watch descriptor: the names in that folder whose changes matter, or nil for every name (a folder
    /// watched whole, or a file).
    private var names: [Int32: Set<String>?] = [:]
    /// The paths watched since the last change: watching one again costs nothing until something changes (after
    /// which its lookup may go elsewhere, so it is watched afresh).
    private var watched: Set<[UInt8]> = []
    /// Counts the changes that matter (or may: the queue overflowed).
    private var changes: UInt64 = 0
    /// Room for events read from the queue.
    private var buffer = [UInt8](repeating: 0, count: 16 << 10)

    /// The most symlinks one lookup follows, as Linux does.
    private static let maxLinks = 40

    /// True where a watch can see every change to files under `path`: inotify works, on a local file system.
    static func seesChanges(under path: String) -> Bool {
        FileChangeWatch() != nil && strata_file_system_is_local(path) == 1
    }

    /// A watch with nothing watched yet, or nil where inotify is not available (not Linux, or the limit of
    /// instances reached).
    init?() {
        #if os(Linux)
            let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard fd >= 0 else { return nil }
            descriptor = fd
        #else
            return nil
        #endif
    }

    deinit { close(descriptor) }

    /// A number that stays the same for as long as nothing watched has changed (changes queued so far read first).
    func generation() -> UInt64 {
        // Held for one read of the queue: a thread that finds it taken waits for that read by spinning a little
        // before it sleeps (a lock that sleeps at once costs two system calls more than the read itself).
        var taken = lock.try()
        var spins = 0
        while !taken, spins < 100 {
            spins += 1
            taken = lock.try()
        }
        if !taken { lock.lock() }
        defer { lock.unlock() }
        readQueue()
        return changes
    }

    /// The generation as of the last look at the queue, without looking: for a second check in the same request,
    /// which is answered as of its first look (``generation()``): a change since then is as if made after it.
    func lastGeneration() -> UInt64 { lock.withLock { changes } }

    /// Watches `path` (relative to the working folder or absolute), and when `wholeFolder`, every name in the
    /// folder it is; true when every step of its lookup is watched (a missing last step is: its appearing shows),
    /// false when some step cannot be (a network file system, a limit), and then changes to it may go unseen.
    func watch(_ path: String, wholeFolder: Bool = false) -> Bool {
        #if os(Linux)
            lock.lock()
            defer { lock.unlock() }
            // By the bytes: names that differ only in their Unicode form are different files.
            let key = Array(((wholeFolder ? "+" : "-") + path).utf8)
            if watched.contains(key) { return true }
            guard lookUp(path, wholeFolder: wholeFolder) else { return false }
            watched.insert(key)
            return true
        #else
            return false
        #endif
    }

    #if os(Linux)
        /// What changes a folder on a path is watched for: its entries coming, going and being renamed, and the
        /// folder itself changing, moving or going. Not writes to its files: a file on a path is watched itself, and
        /// a folder's other files (a journal written beside a session) would wake the watch at every line.
        private static let folderEvents = UInt32(
            IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)
        /// What changes a folder watched whole is watched for: those of ``folderEvents``, and writes to its files.
        private static let wholeFolderEvents = folderEvents | UInt32(IN_MODIFY | IN_CLOSE_WRITE)
        /// What changes a file is watched for, whichever path it is written through.
        private static let fileEvents = UInt32(
            IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_DELETE_SELF | IN_MOVE_SELF)

        /// Watches each step of looking `path` up, as the kernel would: each folder for the name looked up in it,
        /// each symlink's target in its turn, and the file (or whole folder) found at the end.
        private func lookUp(_ path: String, wholeFolder: Bool) -> Bool {
            var folder = path.hasPrefix("/") ? "/" : "."
            var steps =
                path.split(separator: "/", omittingEmptySubsequences: true).map(String.init).reversed()
                as [String]
            var links = 0
            while let step = steps.popLast() {
                if step == "." { continue }
                guard add(folder, Self.folderEvents, name: step) else { return false }
                let next = folder == "/" ? "/" + step : folder + "/" + step
                if step == ".." {
                    folder = next
                    continue
                }
                var info = stat()
                guard lstat(next, &info) == 0 else {
                    // Not there (yet): the folder is watched for it to appear; anything else is not watched.
                    return errno == ENOENT || errno == ENOTDIR
                }
                if info.st_mode & S_IFMT == S_IFLNK {
                    links += 1
                    guard links <= Self.maxLinks, let target = Self.linkTarget(next) else { return false }
                    if target.hasPrefix("/") { folder = "/" }
                    steps += target.split(separator: "/", omittingEmptySubsequences: true).map(String.init).reversed()
                    continue
                }
                if steps.isEmpty {
                    let isFolder = info.st_mode & S_IFMT == S_IFDIR
                    let events = !isFolder ? Self.fileEvents : wholeFolder ? Self.wholeFolderEvents : Self.folderEvents
                    return add(next, events, name: isFolder && !wholeFolder ? "" : nil)
                }
                folder = next
            }
            // The path names a folder by `.`, `..` or `/` at its end: that folder, whole or for nothing but itself.
            return add(folder, wholeFolder ? Self.wholeFolderEvents : Self.folderEvents, name: wholeFolder ? nil : "")
        }

        /// Watches `path` for `events`, caring for entry `name` (nil: every entry; "": none, only the folder
        /// itself), on a local file system only.
        private func add(_ path: String, _ events: UInt32, name: String?) -> Bool {
            guard strata_file_system_is_local(path) == 1 else { return false }
            let wd = inotify_add_watch(descriptor, path, events | UInt32(IN_MASK_ADD))
            guard wd >= 0 else { return false }
            switch (names[wd], name) {
            case (.some(.none), _): break
            case (_, nil): names[wd] = .some(nil)
            case (.some(.some(var known)), let name?):
                known.insert(name)
                names[wd] = .some(known)
            case (.none, let name?): names[wd] = .some([name])
            }
            return true
        }

        /// What the symlink at `path` points to, or nil (also when it is not UTF-8: a path made from it would
        /// lead elsewhere).
        private static func linkTarget(_ path: String) -> String? {
            var bytes = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(path, &bytes, bytes.count - 1)
            guard n > 0 else { return nil }
            let raw = bytes[..<n].map { UInt8(bitPattern: $0) }
            let target = String(decoding: raw, as: UTF8.self)
            return Array(target.utf8) == raw ? target : nil
        }
    #endif

    /// Reads every event queued and counts those that matter; under the lock.
    private func readQueue() {
        #if os(Linux)
            var n = -1
            repeat {
                n = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            } while n < 0 && errno == EINTR
            guard n > 0 else { return }
            // One read a look, never a loop until the queue is empty: a program renaming files as fast as it can
            // would keep it from ever emptying, and every request would wait. A read that left no room for another
            // event may have left events queued, so it counts as a change (they are read at the next look).
            var changed = n > buffer.count - Self.largestEvent
            buffer.withUnsafeBytes { raw in
                var offset = 0
                let header = MemoryLayout<inotify_event>.size
                while offset + header <= n {
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let nameBytes = raw[(offset + header)..<(offset + header + Int(event.len))]
                    offset += header + Int(event.len)
                    if matters(event, name: nameBytes) { changed = true }
                }
            }
            if changed {
                changes &+= 1
                watched.removeAll()
            }
        #endif
    }

    #if os(Linux)
        /// The most bytes one event takes: its header and the longest name, with its NUL.
        private static let largestEvent = MemoryLayout<inotify_event>.size + Int(NAME_MAX) + 1
    #endif

    #if os(Linux)
        /// True when `event` (its entry's name is `name`, NUL-padded) is a change to something watched.
        private func matters(_ event: inotify_event, name: Slice<UnsafeRawBufferPointer>) -> Bool {
            if event.mask & UInt32(IN_Q_OVERFLOW) != 0 { return true }
            if event.mask & UInt32(IN_IGNORED) != 0 {
                // The watch is gone (its folder deleted, or on a file system that went away).
                names[event.wd] = nil
                return true
            }
            guard let care = names[event.wd] else { return false }
            guard let care else { return true }
            let entry = name.prefix { $0 != 0 }
            // An event without a name is the folder's own: moved, deleted, its permissions changed.
            return entry.isEmpty || care.contains(String(decoding: entry, as: UTF8.self))
        }
    #endif
}
