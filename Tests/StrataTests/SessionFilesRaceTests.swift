import Foundation
import Strata
import StrataDocuments
import StrataTestSupport
import Testing

/// A file a session names is checked and opened in one step: swapping a folder on its path for a symlink to
/// somewhere else, while it is read again and again, never lets a read out of the session.
@Suite(.serialized) struct SessionFilesRaceTests {
    @Test(
        "open never reads the file outside while a folder on the path is flipped to a symlink",
        arguments: [false, true])
    func flippedFolder(walk: Bool) throws {
        SessionFiles.useWalk(walk)
        defer { SessionFiles.useWalk(false) }
        let flipper = try FolderFlipper()
        flipper.start()
        defer { flipper.finish() }
        var inside = 0
        var refused = 0
        for _ in 0..<20_000 {
            switch SessionFiles.read(flipper.dir.url("bodies/body.json"), inside: flipper.dir.path) {
            case .success(let bytes):
                #expect(String(decoding: bytes, as: UTF8.self) == "inside")
                inside += 1
            case .failure(let refusal):
                if case .outside = refusal {} else if refusal != .missing { Issue.record("\(refusal)") }
                refused += 1
            }
        }
        // Both states were seen: the flipping really raced the reads.
        #expect(inside > 0)
        #expect(refused > 0)
    }

    @Test("a path through `..` opens while files elsewhere are renamed as fast as a thread can")
    func dotDotWhileRenaming() throws {
        // openat2 then cannot always vouch that `..` stayed beneath the folder and asks for a retry (EAGAIN), which
        // reached users as "cannot be read (Resource temporarily unavailable)".
        let dir = try ScratchDirectory(["b.json": "ok", "bodies/.keep": ""])
        defer { dir.remove() }
        let elsewhere = try ScratchDirectory(["x": ""])
        defer { elsewhere.remove() }
        let stopped = Locked(false)
        let finished = DispatchSemaphore(value: 0)
        let (x, y) = (elsewhere.url("x"), elsewhere.url("y"))
        let renamer = Thread {
            while !stopped.withLock({ $0 }) {
                _ = rename(x, y)
                _ = rename(y, x)
            }
            finished.signal()
        }
        renamer.start()
        defer {
            stopped.withLock { $0 = true }
            finished.wait()
        }
        var failures: [String] = []
        for _ in 0..<5000 {
            switch SessionFiles.read(dir.url("bodies/../b.json"), inside: dir.path) {
            case .success(let bytes): #expect(bytes == Array("ok".utf8))
            case .failure(let refusal): failures.append("\(refusal)")
            }
        }
        #expect(failures.count == 0, "failed: \(Set(failures))")
    }

    @Test(
        "open keeps symlinks inside the session and refuses ones that lead out, on both resolvers",
        arguments: [false, true])
    func symlinks(walk: Bool) throws {
        SessionFiles.useWalk(walk)
        defer { SessionFiles.useWalk(false) }
        let dir = try ScratchDirectory(["a/b/file.json": "ok", "session.json": "{}"])
        defer { dir.remove() }
        let outside = try ScratchDirectory(["x.json": "SECRET"])
        defer { outside.remove() }
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: dir.url("relative.json"), withDestinationPath: "a/b/file.json")
        try fm.createSymbolicLink(atPath: dir.url("a/up.json"), withDestinationPath: "../a/b/file.json")
        try fm.createSymbolicLink(atPath: dir.url("absolute.json"), withDestinationPath: outside.url("x.json"))
        try fm.createSymbolicLink(
            atPath: dir.url("absolute-inside.json"), withDestinationPath: dir.url("a/b/file.json"))
        try fm.createSymbolicLink(
            atPath: dir.url("escape.json"), withDestinationPath: "../\(outside.path.split(separator: "/").last!)/x.json"
        )
        try fm.createSymbolicLink(atPath: dir.url("loop.json"), withDestinationPath: "loop.json")
        func read(_ name: String) -> String {
            switch SessionFiles.read(dir.url(name), inside: dir.path) {
            case .success(let bytes): String(decoding: bytes, as: UTF8.self)
            case .failure(.outside): "outside"
            case .failure(let refusal): "\(refusal)"
            }
        }
        #expect(read("a/b/file.json") == "ok")
        #expect(read("relative.json") == "ok")
        #expect(read("a/up.json") == "ok")
        #expect(read("a/b/../b/file.json") == "ok")
        #expect(read("absolute.json") == "outside")
        #expect(read("absolute-inside.json") == "ok", "an absolute symlink that points inside is followed")
        #expect(read("escape.json") == "outside")
        #expect(read("a/../../\(outside.path.split(separator: "/").last!)/x.json") == "outside")
        #expect(read("loop.json") == "does not exist")
        #expect(read("a") == "is a directory, not a regular file")
        #expect(read("nothing.json") == "does not exist")
        #expect(read("a/b/file.json/x") == "does not exist")
    }
}
