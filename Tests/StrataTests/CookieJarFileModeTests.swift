import Foundation
import Strata
import StrataTestSupport
import Testing

/// A saved cookie jar holds session cookies: it is its owner's alone.
@Suite struct CookieJarFileModeTests {
    static func mode(_ path: String) -> mode_t {
        var info = stat()
        _ = stat(path, &info)
        return info.st_mode & 0o777
    }

    @Test("a jar is written 0600, and a jar file that was 0644 becomes 0600")
    func ownerOnly() throws {
        let dir = try ScratchDirectory(["old.txt": "# Netscape HTTP Cookie File\n"])
        defer { dir.remove() }
        let jar = CookieJar(netscape: "127.0.0.1\tFALSE\t/\tFALSE\t0\tsid\tabc123\n")
        try jar.save(to: dir.url("new.txt"))
        #expect(Self.mode(dir.url("new.txt")) == 0o600)
        chmod(dir.url("old.txt"), 0o644)
        try jar.save(to: dir.url("old.txt"))
        #expect(Self.mode(dir.url("old.txt")) == 0o600)
        #expect(dir.read("old.txt")?.contains("sid\tabc123") == true)
    }
}
