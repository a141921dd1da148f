import Foundation
import Strata
import StrataTestSupport
import Testing

/// Every file Strata writes goes through `AtomicFile`: permissions kept, symlinks written through (inside the
/// session only), temporary files never left behind.
@Suite struct AtomicWriteTests {
    /// A shop session whose `product` pair is recorded from a made-up live response (nothing is sent).
    struct Setup {
        let dir: ScratchDirectory
        let session: Session

        init() throws {
            dir = try ScratchDirectory(ShopSession.files())
            session = try Session.load(from: dir.path)
        }

        func record(id: String = "7") throws(TransportError) -> FixtureWriter.Written {
            let request = try! RequestBuilder(session: session, environment: ["SHOP_KEY": "k"])
                .build(session.route(named: "product")!, edits: [.set(name: "id", value: id)])
            let response = Response(
                status: 200, headers: ["Content-Type": "application/json"], body: Array(#"{"id": 7}"#.utf8),
                duration: .zero, origin: .live(url: "http://x/products/7", redirects: []))
            return try FixtureWriter(session: session).write(response, for: request, overwrite: true)
        }

        func mode(_ relative: String) -> Int {
            ((try? FileManager.default.attributesOfItem(atPath: dir.url(relative)))?[.posixPermissions] as? Int) ?? -1
        }
    }

    @Test("recording into a 0600 fixture file keeps it 0600")
    func keepsPermissions() throws {
        let setup = try Setup()
        defer { setup.dir.remove() }
        try setup.dir.write("fixtures/product.json", "{}")
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o600], ofItemAtPath: setup.dir.url("fixtures/product.json"))
        _ = try setup.record()
        #expect(setup.mode("fixtures/product.json") == 0o600)
        #expect(setup.dir.read("fixtures/product.json")?.contains("/products/7") == true)
    }

    @Test("a symlinked fixture file is written through: the link stays and its target gets the pair")
    func writesThroughSymlink() throws {
        let setup = try Setup()
        defer { setup.dir.remove() }
        try setup.dir.write("shared/product.json", "{}")
        try FileManager.default.createSymbolicLink(
            atPath: setup.dir.url("fixtures/product.json"), withDestinationPath: "../shared/product.json")
        _ = try setup.record()
        let kind = try FileManager.default.attributesOfItem(atPath: setup.dir.url("fixtures/product.json"))[.type]
        #expect(kind as? FileAttributeType == .typeSymbolicLink)
        #expect(setup.dir.read("shared/product.json")?.contains("/products/7") == true)
    }

    @Test("a fixture file that is a symlink out of the session is never written")
    func refusesSymlinkOut() throws {
        let setup = try Setup()
        let outside = try ScratchDirectory(["product.json": "{}"])
        defer {
            setup.dir.remove()
            outside.remove()
        }
        try FileManager.default.createSymbolicLink(
            atPath: setup.dir.url("fixtures/product.json"), withDestinationPath: outside.url("product.json"))
        #expect(throws: TransportError.self) { try setup.record() }
        #expect(outside.read("product.json") == "{}")
    }

    @Test("a fixtures folder that is a symlink out of the session is never written into")
    func refusesFolderSymlinkOut() throws {
        let setup = try Setup()
        let outside = try ScratchDirectory()
        defer {
            setup.dir.remove()
            outside.remove()
        }
        let fixtures = setup.dir.url("fixtures")
        try FileManager.default.removeItem(atPath: fixtures)
        try FileManager.default.createSymbolicLink(atPath: fixtures, withDestinationPath: outside.path)
        do {
            _ = try setup.record()
            Issue.record("the recording was written")
        } catch {
            #expect("\(error)".contains("leads outside the session"), "\(error)")
        }
        #expect(outside.list("").isEmpty, "\(outside.list(""))")
    }

    @Test("a temporary file left by a killed writer is cleaned up by the next write; none is left by a write")
    func staleTemporaryFiles() throws {
        let setup = try Setup()
        defer { setup.dir.remove() }
        try setup.dir.write("fixtures/.product.json.tmp-1B2C3D4E-0000-0000-0000-000000000000", "half a fi")
        _ = try setup.record()
        #expect(setup.dir.list("fixtures") == ["product-1.xml", "product.json", "products.json"])
    }

    @Test("a temporary file another writer holds is left alone")
    func heldTemporaryFileIsKept() throws {
        let dir = try ScratchDirectory(["a.txt": "old"])
        defer { dir.remove() }
        let held = dir.url(".a.txt.tmp-held")
        let fd = open(held, O_CREAT | O_WRONLY, 0o600)
        #expect(fd >= 0)
        #expect(flock(fd, LOCK_EX) == 0)
        try AtomicFile.write("new", to: dir.url("a.txt"))
        close(fd)
        #expect(dir.read("a.txt") == "new")
        #expect(dir.list() == [".a.txt.tmp-held", "a.txt"])
    }
}
