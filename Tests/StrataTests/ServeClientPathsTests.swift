import Foundation
import Strata
import StrataTestSupport
import Testing

/// What `strata serve` tells its clients names files from the session folder (`fixtures/items.json:1:15`), never
/// where the server keeps them, even when the session was named by an absolute path.
@Suite struct ServeClientPathsTests {
    static let session = #"{ "name": "paths", "routes": [ { "name": "items", "path": "/items" } ] }"#
    static let items = #"{ "/items": [ { "request": { "params": { "page": "2" } }, "response": { "body": [] } } ] }"#

    /// A responder for a session in a scratch folder, loaded by its absolute path.
    struct Served {
        let dir: ScratchDirectory
        let responder: ServeResponder

        init(_ fixtures: [String: String]) throws {
            var files = ["session.json": ServeClientPathsTests.session]
            for (name, text) in fixtures { files["fixtures/" + name] = text }
            dir = try ScratchDirectory(files)
            let session = try Session.load(from: dir.path)
            responder = ServeResponder(
                session: session, upstream: .mock(MockSource(session: session)), journal: try ServeJournal(),
                loopback: true, environment: [:])
        }

        /// Answers `target` and logs it, as the server does.
        @discardableResult
        func fetch(_ target: String, accept: String = "*/*") -> (reply: ServeReply, entry: ServeJournal.Entry) {
            let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
            let request = ServeRequest(
                method: "GET", path: parts[0], query: parts.count > 1 ? parts[1] : "", headers: ["Accept": accept])
            let reply = responder.respond(request)
            return (reply, responder.log(request, reply, durationMs: 1))
        }

        /// The body of `/__strata/requests`.
        var requests: String { Self.text(fetch("/__strata/requests").reply) }

        static func text(_ reply: ServeReply) -> String {
            guard case .bytes(let bytes) = reply.body else { return "" }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    @Test("a near miss names the nearest pair from the session folder in its text, its header and the journal")
    func nearMissText() throws {
        let served = try Served(["items.json": Self.items])
        defer { served.dir.remove() }
        let (reply, entry) = served.fetch("/items?page=3")
        #expect(reply.status == 404)
        let body = Served.text(reply)
        #expect(body.contains("\n  fixtures/items.json:1:15 (/items #1)\n"), "\(body)")
        #expect(reply.headers["Strata-Near-Miss"] == "fixtures/items.json:1:15 (/items #1)")
        #expect(served.requests.contains(#""nearMiss": "fixtures/items.json:1:15 (/items #1)""#))
        #expect(entry.line.contains("near miss (nearest fixtures/items.json:1:15 (/items #1))"))
        for shown in [body, reply.headers["Strata-Near-Miss"] ?? "", served.requests, entry.line] {
            #expect(!shown.contains(served.dir.path), "\(shown)")
        }
    }

    @Test("the JSON near miss names its pairs from the session folder")
    func nearMissJSON() throws {
        let served = try Served(["items.json": Self.items])
        defer { served.dir.remove() }
        let reply = served.fetch("/items?page=3", accept: "application/json").reply
        let body = Served.text(reply)
        #expect(body.contains(#""location": "fixtures/items.json:1:15""#), "\(body)")
        #expect(!body.contains(served.dir.path))
        #expect(reply.headers["Strata-Near-Miss"] == "fixtures/items.json:1:15 (/items #1)")
    }

    @Test("fixture problems in a near miss, and a folder with no pairs, are named from the session folder")
    func problemsAndEmptyFolder() throws {
        let served = try Served([
            "items.json": Self.items,
            "broken.json": #"{ "/b": [ { "response": { "bodyFile": "missing.bin" } } ] }"#,
        ])
        defer { served.dir.remove() }
        let body = Served.text(served.fetch("/items?page=3").reply)
        #expect(
            body.contains(
                "  fixtures/broken.json:1:39: bodyFile 'missing.bin' of pair #1 of '/b' does not exist "
                    + "(looked for fixtures/missing.bin)"), "\(body)")
        #expect(!body.contains(served.dir.path))

        let empty = try Served([:])
        defer { empty.dir.remove() }
        let none = Served.text(empty.fetch("/items").reply)
        #expect(none.contains(": fixtures has no fixture pairs"), "\(none)")
        #expect(!none.contains(empty.dir.path))
    }

    @Test("a matched request is journalled with the pair named from the session folder")
    func matched() throws {
        let served = try Served(["items.json": Self.items])
        defer { served.dir.remove() }
        let entry = served.fetch("/items?page=2").entry
        #expect(entry.status == 200)
        #expect(entry.outcome == "fixtures/items.json:1:15 (/items #1)")
        #expect(served.requests.contains(#""matched": "fixtures/items.json:1:15 (/items #1)""#))
        #expect(!served.requests.contains(served.dir.path))
    }

    @Test("a body file refused when it is served is a 500 naming the pair from the session folder")
    func refusedBodyFile() throws {
        let served = try Served(["a.json": #"{ "/a": [ { "response": { "bodyFile": "leak.txt" } } ] }"#])
        defer { served.dir.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: served.dir.url("fixtures/leak.txt"), withDestinationPath: "/etc/passwd")
        let (reply, entry) = served.fetch("/a")
        #expect(reply.status == 500)
        let body = Served.text(reply)
        #expect(body.hasPrefix("fixtures/a.json:1:11: bodyFile 'leak.txt' resolves to "), "\(body)")
        #expect(entry.outcome == "fixtures/a.json:1:11 (/a #1)")
        for shown in [body, served.requests] { #expect(!shown.contains(served.dir.path), "\(shown)") }
    }

    @Test("only paths that start with the folder lose it: a request path holding the folder's name keeps it")
    func relativeNamesOnlyPathsInside() {
        let root = "/srv/shop"
        #expect(SessionFiles.relative("/srv/shop/fixtures/a.json:3:5", to: root) == "fixtures/a.json:3:5")
        #expect(SessionFiles.relative("/srv/shop/fixtures/a.json:3:5", to: root + "/") == "fixtures/a.json:3:5")
        #expect(
            SessionFiles.relative("bodyFile 'x' does not exist (looked for /srv/shop/fixtures/x)", to: root)
                == "bodyFile 'x' does not exist (looked for fixtures/x)")
        #expect(SessionFiles.relative("(/srv/shop/fixtures/a.json)", to: root) == "(fixtures/a.json)")
        #expect(SessionFiles.relative("GET /api/srv/shop/x", to: root) == "GET /api/srv/shop/x")
        #expect(SessionFiles.relative("sent \"/srv/shop/x\"", to: root) == "sent \"/srv/shop/x\"")
        #expect(SessionFiles.relative("/srv/shopping/a.json", to: root) == "/srv/shopping/a.json")
        #expect(SessionFiles.relative("./fixtures/a.json:1:1", to: ".") == "fixtures/a.json:1:1")
        #expect(SessionFiles.relative("fixtures/a.json:1:1", to: "") == "fixtures/a.json:1:1")
    }
}
