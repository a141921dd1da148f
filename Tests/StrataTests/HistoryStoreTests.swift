import Foundation
import Strata
import StrataTestSupport
import Testing

/// The history folder: numbering, reading back, bounds by count and by size, atomic files inside the session.
@Suite struct HistoryStoreTests {
    static func request(_ session: Session, _ route: String = "listProducts", edits: [ParamEdit] = []) throws
        -> BuiltRequest
    {
        try RequestBuilder(session: session, environment: ["SHOP_KEY": "k3y-value"])
            .build(session.route(named: route)!, edits: edits)
    }

    static func response(_ body: String, status: Int = 200) -> Response {
        Response(
            status: status, headers: ["Content-Type": "application/json"], body: Array(body.utf8),
            duration: .milliseconds(12), origin: .live(url: "https://api.example.com/v1/products", redirects: []),
            timing: Response.Timing(
                dns: .milliseconds(1), connect: .milliseconds(2), tls: .zero, firstByte: .milliseconds(8),
                download: .milliseconds(1), total: .milliseconds(12)))
    }

    @Test("entries are numbered from 1, listed newest first, filtered by route, and read back whole")
    func appendListRead() throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        let store = HistoryStore(session: session)
        let first = try #require(
            try store.append(Self.request(session), Self.response(#"{"products": []}"#), source: "live"))
        try store.append(
            Self.request(session, "product", edits: [.set(name: "id", value: "7")]),
            Self.response(#"{"id": 7}"#, status: 404), source: "mock")
        #expect(first.number == 1)
        #expect(store.entries().map(\.number) == [2, 1])
        #expect(store.entries(route: "product").map(\.number) == [2])
        #expect(store.entries(route: "product").first?.status == 404)
        let entry = try store.entry(number: 1)
        #expect(entry.route == "listProducts")
        #expect(entry.source == "live")
        #expect(entry.request.method == "GET")
        #expect(entry.request.url == "https://api.example.com/v1/products?page=1&api_key=<redacted>")
        #expect(entry.request.headers["Accept"] == "application/json")
        #expect(entry.response == Self.response(#"{"products": []}"#))
        let latest = try #require(store.latest(route: "product"))
        #expect(latest.number == 2)
        #expect(String(decoding: latest.response.body, as: UTF8.self) == #"{"id": 7}"#)
        #expect(latest.edits == [.set(name: "id", value: "7", location: .path)])
        #expect(store.latest(route: "createOrder") == nil)
    }

    @Test("appends in the background are written in the order asked, and every read waits for them")
    func backgroundAppends() throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        let store = HistoryStore(session: session)
        let outcomes = Locked<[Int]>([])
        for k in 1...5 {
            store.appendInBackground(
                try Self.request(session), Self.response(#"{"n": \#(k)}"#), source: "live"
            ) { outcome in
                if case .success(let summary?) = outcome { outcomes.withLock { $0.append(summary.number) } }
            }
        }
        #expect(store.entries().map(\.number) == [5, 4, 3, 2, 1])
        #expect(outcomes.withLock { $0 } == [1, 2, 3, 4, 5], "each outcome is told before a read returns")
        #expect(try store.entry(number: 5).response.body == Array(#"{"n": 5}"#.utf8))
    }

    @Test(
        "a file named with a number past the largest entry number is not an entry; numbering goes on after the kept ones"
    )
    func numberPastTheLargest() throws {
        // A file named 9223372036854775807.json made the next number overflow and crashed every send (found by
        // review).
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        let store = HistoryStore(session: session)
        try store.append(Self.request(session), Self.response("{}"), source: "live")
        for name in ["9223372036854775807", "99999999999999999999", "1000000000000"] {
            try "{}".write(toFile: dir.path + "/.strata/history/\(name).json", atomically: true, encoding: .utf8)
        }
        let second = try #require(try store.append(Self.request(session), Self.response("{}"), source: "live"))
        #expect(second.number == 2)
        #expect(store.entries().map(\.number) == [2, 1])
    }

    @Test("a history whose last entry has the largest number says it is full instead of writing past it")
    func fullHistory() throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        let store = HistoryStore(session: session)
        try store.append(Self.request(session), Self.response("{}"), source: "live")
        try "{}".write(toFile: dir.path + "/.strata/history/999999999999.json", atomically: true, encoding: .utf8)
        let error = #expect(throws: HistoryError.self) {
            try store.append(Self.request(session), Self.response("{}"), source: "live")
        }
        #expect(
            error?.description.contains("the history is full: entry #999999999999") == true,
            "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/.strata/history/1000000000000.json"))
    }

    @Test("an unknown number is an error naming the entries kept")
    func unknownNumber() throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        let store = HistoryStore(session: session)
        #expect(throws: HistoryError.noEntry(3, kept: [])) { try store.entry(number: 3) }
        try store.append(Self.request(session), Self.response("{}"), source: "live")
        let error = #expect(throws: HistoryError.self) { try store.entry(number: 9) }
        #expect(error?.description == "no history entry #9 (entries kept: #1–#1; `strata history` lists them)")
    }

    @Test("past maxEntries the oldest entries are dropped first; numbers are never reused")
    func boundedByCount() throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        let store = HistoryStore(
            directory: HistoryStore.folder(ofSession: dir.path), root: dir.path,
            settings: HistorySettings(maxEntries: 3))
        for k in 1...5 { try store.append(Self.request(session), Self.response(#"{"k": \#(k)}"#), source: "live") }
        #expect(store.entries().map(\.number) == [5, 4, 3])
        #expect(dir.list(".strata/history") == ["3.body", "3.json", "4.body", "4.json", "5.body", "5.json"])
        #expect(throws: HistoryError.noEntry(1, kept: [3, 4, 5])) { try store.entry(number: 1) }
    }

    @Test("past maxBytes the oldest entries are dropped until the files fit; one entry alone too large is not kept")
    func boundedBySize() throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        let folder = HistoryStore.folder(ofSession: dir.path)
        let big = #"{"pad": ""# + String(repeating: "x", count: 4000) + #""}"#
        let store = HistoryStore(
            directory: folder, root: dir.path, settings: HistorySettings(maxEntries: 100, maxBytes: 15_000))
        for _ in 1...6 { try store.append(Self.request(session), Self.response(big), source: "live") }
        let kept = store.entries().map(\.number)
        #expect(kept.count < 6 && kept.count >= 2)
        #expect(kept.first == 6)
        #expect(kept == Array((7 - kept.count)...6).reversed())
        let total = dir.list(".strata/history").reduce(0) { sum, name in
            sum + ((try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.size] as? Int) ?? 0)
        }
        #expect(total <= 15_000)
        let tiny = HistoryStore(directory: folder, root: dir.path, settings: HistorySettings(maxBytes: 100))
        #expect(try tiny.append(Self.request(session), Self.response(big), source: "live") == nil)
    }

    @Test("maxEntries 0 keeps nothing and writes nothing")
    func disabled() throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        let store = HistoryStore(
            directory: HistoryStore.folder(ofSession: dir.path), root: dir.path,
            settings: HistorySettings(maxEntries: 0))
        #expect(try store.append(Self.request(session), Self.response("{}"), source: "live") == nil)
        #expect(!dir.list().contains(".strata"))
    }

    @Test("files are written whole (no temporary files left), and .strata/.gitignore keeps them out of git")
    func atomicFilesAndGitignore() throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        let store = HistoryStore(session: session)
        try store.append(Self.request(session), Self.response(#"{"a": 1}"#), source: "live")
        try store.append(Self.request(session), Self.response(#"{"a": 2}"#), source: "live")
        #expect(dir.list(".strata") == [".gitignore", "history"])
        #expect(dir.read(".strata/.gitignore")?.split(separator: "\n").last == "*")
        #expect(dir.list(".strata/history") == ["1.body", "1.json", "2.body", "2.json"])
        #expect(dir.read(".strata/history/2.body") == #"{"a": 2}"#)
    }

    @Test("a body left without its meta file (a writer killed between the two) is not listed and is cleaned up")
    func orphanBody() throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        let store = HistoryStore(session: session)
        try dir.write(".strata/history/1.body", "{}")
        #expect(store.entries().isEmpty)
        try store.append(Self.request(session), Self.response("{}"), source: "live")
        #expect(store.entries().map(\.number) == [1])
        #expect(dir.list(".strata/history") == ["1.body", "1.json"])
    }

    @Test(
        "a history folder that is a symlink out of the session is refused, in the background too, and nothing is written there"
    )
    func confinedToTheSession() throws {
        let dir = try ScratchDirectory(ShopSession.files())
        let outside = try ScratchDirectory()
        defer {
            dir.remove()
            outside.remove()
        }
        let session = try Session.load(from: dir.path)
        try FileManager.default.createSymbolicLink(atPath: dir.url(".strata"), withDestinationPath: outside.path)
        let store = HistoryStore(session: session)
        #expect(throws: HistoryError.self) {
            try store.append(Self.request(session), Self.response("{}"), source: "live")
        }
        let failures = Locked(0)
        store.appendInBackground(try Self.request(session), Self.response("{}"), source: "live") { outcome in
            if case .failure = outcome { failures.withLock { $0 += 1 } }
        }
        store.settle()
        #expect(failures.withLock { $0 } == 1, "the outcome is told before settle() returns")
        #expect(outside.list().isEmpty)
    }
}
