import Foundation
import StrataTestSupport
import Testing

@testable import Strata

/// The watch that lets `strata serve` skip the `stat`s: every change that can alter what a watched path leads to
/// changes the generation, and changes elsewhere do not.
@Suite(
    .enabled(
        if: FileChangeWatch.seesChanges(under: FileManager.default.temporaryDirectory.path),
        "inotify is Linux's, and sees every change on local file systems only"))
struct FileChangeWatchTests {
    /// A watch on `paths` (each whole when it ends in `/`), checked to have taken them all.
    static func watching(_ paths: [String]) throws -> FileChangeWatch {
        let watch = try #require(FileChangeWatch())
        for path in paths {
            let whole = path.hasSuffix("/")
            #expect(watch.watch(whole ? String(path.dropLast()) : path, wholeFolder: whole), "\(path)")
        }
        return watch
    }

    /// Runs `change` and says whether the watch's generation moved.
    static func changes(_ watch: FileChangeWatch, _ change: () throws -> Void) rethrows -> Bool {
        let before = watch.generation()
        try change()
        return watch.generation() != before
    }

    @Test("in a folder watched whole, an edit, a rename over, a chmod, a new file and a deletion are each a change")
    func wholeFolder() throws {
        let dir = try ScratchDirectory(["fixtures/a.json": "{}", "other.txt": "x"])
        defer { dir.remove() }
        let watch = try Self.watching([dir.url("fixtures") + "/"])
        let fm = FileManager.default
        #expect(!Self.changes(watch) {}, "nothing happened")
        #expect(
            !(try Self.changes(watch) { _ = try String(contentsOfFile: dir.url("fixtures/a.json"), encoding: .utf8) }))
        #expect(!(try Self.changes(watch) { try dir.write("other.txt", "y") }), "a file beside the folder")
        #expect(try Self.changes(watch) { try dir.write("fixtures/a.json", "[]") })
        #expect(
            try Self.changes(watch) {
                try dir.write("fixtures/.a.json.tmp", "{ }")
                _ = rename(dir.url("fixtures/.a.json.tmp"), dir.url("fixtures/a.json"))
            })
        #expect(try Self.changes(watch) { _ = chmod(dir.url("fixtures/a.json"), 0o600) })
        #expect(try Self.changes(watch) { try dir.write("fixtures/b.json", "{}") })
        #expect(try Self.changes(watch) { try fm.removeItem(atPath: dir.url("fixtures/b.json")) })
        #expect(try Self.changes(watch) { try fm.moveItem(atPath: dir.url("fixtures"), toPath: dir.url("moved")) })
    }

    @Test("on a path, only the names it is looked up through matter: a sibling changing is not a change")
    func onlyThePath() throws {
        let dir = try ScratchDirectory(["a/b/file.txt": "1", "a/b/sibling.txt": "1", "a/c.txt": "1"])
        defer { dir.remove() }
        let watch = try Self.watching([dir.url("a/b/file.txt")])
        #expect(!(try Self.changes(watch) { try dir.write("a/b/sibling.txt", "2") }))
        #expect(!(try Self.changes(watch) { try dir.write("a/c.txt", "2") }))
        #expect(!(try Self.changes(watch) { try dir.write("a/new.txt", "2") }))
        #expect(try Self.changes(watch) { try dir.write("a/b/file.txt", "2") })
        // Once changed, the lookup is watched afresh, so the watch must be given the path again.
        #expect(watch.watch(dir.url("a/b/file.txt")))
        #expect(try Self.changes(watch) { _ = rename(dir.url("a/b"), dir.url("a/b2")) }, "a folder on the path renamed")
        _ = rename(dir.url("a/b2"), dir.url("a/b"))
        #expect(watch.watch(dir.url("a/b/file.txt")))
        #expect(try Self.changes(watch) { _ = rename(dir.url("a"), dir.url("z")) }, "the top folder renamed")
    }

    @Test("a symlink on the path retargeted, its target's folder moved, and a write through a hard link are changes")
    func linksOnThePath() throws {
        let dir = try ScratchDirectory(["one/deep/file.txt": "1", "two/deep/file.txt": "2", "elsewhere/x": ""])
        defer { dir.remove() }
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: dir.url("link"), withDestinationPath: "one/deep")
        let watch = try Self.watching([dir.url("link/file.txt")])
        #expect(!(try Self.changes(watch) { try dir.write("two/deep/file.txt", "3") }), "the other target")
        #expect(
            try Self.changes(watch) {
                try fm.createSymbolicLink(atPath: dir.url("link.new"), withDestinationPath: "two/deep")
                _ = rename(dir.url("link.new"), dir.url("link"))
            })
        #expect(watch.watch(dir.url("link/file.txt")))
        #expect(try Self.changes(watch) { _ = rename(dir.url("two"), dir.url("three")) }, "the target's folder moved")
        #expect(watch.watch(dir.url("one/deep/file.txt")))
        #expect(link(dir.url("one/deep/file.txt"), dir.url("elsewhere/hard.txt")) == 0)
        #expect(try Self.changes(watch) { try dir.write("elsewhere/hard.txt", "4") }, "written through a hard link")
    }

    @Test("a symlink whose target is not UTF-8 is not watched: the watch says so and the caller checks the files")
    func undecodableLinkTarget() throws {
        let dir = try ScratchDirectory(["x": ""])
        defer { dir.remove() }
        #expect(symlink("caf\u{E9}", dir.url("plain")) == 0)
        let latin1: [CChar] = Array("caf".utf8CString.dropLast()) + [CChar(bitPattern: 0xE9), 0]
        #expect(latin1.withUnsafeBufferPointer { symlink($0.baseAddress!, dir.url("latin1")) } == 0)
        let watch = try #require(FileChangeWatch())
        #expect(watch.watch(dir.url("plain")), "a missing UTF-8 target is watched for")
        #expect(!watch.watch(dir.url("latin1")))
    }

    @Test("a look reads the queue once: events past one read's worth count as a change and are read at the next")
    func oneReadALook() throws {
        let dir = try ScratchDirectory(["a/x": ""])
        defer { dir.remove() }
        let watch = try Self.watching([dir.url("a") + "/"])
        let start = watch.generation()
        // About 100 KB of events (each file's creation, write and close), queued before anyone looks: a program
        // writing files as fast as it can would never let a look that reads until the queue is empty end.
        let name = String(repeating: "n", count: 40)
        for i in 0..<600 { try dir.write("a/\(name)\(i)", "x") }
        let first = watch.generation()
        let second = watch.generation()
        #expect(first != start && second != first, "both looks counted a change: the first read a buffer's worth")
        var last = second
        for _ in 0..<20 {
            let next = watch.generation()
            if next == last { break }
            last = next
        }
        #expect(watch.generation() == last, "once the queue is read, nothing more counts")
    }

    @Test("a missing file is watched for: its folder gaining it is a change, a folder missing on the way too")
    func missingFiles() throws {
        let dir = try ScratchDirectory(["a/x": ""])
        defer { dir.remove() }
        let watch = try Self.watching([dir.url("a/late.txt"), dir.url("b/later.txt")])
        #expect(!(try Self.changes(watch) { try dir.write("a/other.txt", "") }))
        #expect(try Self.changes(watch) { try dir.write("a/late.txt", "here") })
        #expect(try Self.changes(watch) { try dir.write("b/unrelated.txt", "") }, "folder b appearing")
    }

    @Test("a path relative to the working folder, with `..` in it, is watched as the kernel looks it up")
    func relativePaths() throws {
        let dir = try ScratchDirectory(["s/fixtures/a.json": "{}", "s/body.json": "{}"])
        defer { dir.remove() }
        // Up from the working folder to `/`, then down: `..` steps both out of real folders and inside the path.
        let depth = FileManager.default.currentDirectoryPath.split(separator: "/").count
        let relative = String(repeating: "../", count: depth) + dir.url("s/fixtures/../body.json").dropFirst()
        let rootWatch = try #require(FileChangeWatch())
        #expect(rootWatch.watch(relative))
        #expect(!(try Self.changes(rootWatch) { try dir.write("s/fixtures/a.json", "[]") }))
        #expect(try Self.changes(rootWatch) { try dir.write("s/body.json", "[]") })
    }
}
