import Foundation
import StrataTestSupport
import Testing

@testable import Strata

@Suite struct DataSourceMockTests {
    @Test("a JSON body is served as the exact bytes written in the fixture, as application/json")
    func jsonBodyVerbatim() async throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let s = try Session.load(from: dir.path)
        let r = try RequestBuilder(session: s, environment: [:]).build(s.routes[0])
        let response = try await MockSource(session: s).send(r)
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{ "products": [] }"#)
        #expect(response.contentType == "application/json")
        #expect(response.origin == .fixture(file: dir.path + "/fixtures/products.json", number: 2, delay: .zero))
        #expect(response.size == 18)
    }

    @Test("a fixture pair has one number for people, from 1: the summary line and --json agree")
    func fixtureNumbersFromOne() async throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let s = try Session.load(from: dir.path)
        let client = Client(session: s, source: MockSource(session: s), environment: [:])
        // page=1 is answered by the second pair under /products.
        let exchange = try await client.run("listProducts")
        #expect(exchange.summaryLine.contains("mock \(dir.path)/fixtures/products.json #2 · "))
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(exchange.jsonReport().utf8)) as? [String: Any])
        let fixture = try #require(report["fixture"] as? [String: Any])
        #expect(fixture["number"] as? Int == 2)
        #expect(fixture["index"] == nil)
    }

    @Test("a bodyFile is read relative to the fixture file with the pair's headers")
    func bodyFile() async throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let s = try Session.load(from: dir.path)
        let r = try RequestBuilder(session: s, environment: [:]).build(s.route(named: "product")!)
        let response = try await MockSource(session: s).send(r)
        #expect(response.body == Array(ShopSession.productXML.utf8))
        #expect(response.contentType == "application/xml")
    }

    @Test("a string body is served as is with no content type added, and status defaults to 200")
    func stringBody() async throws {
        let dir = try ScratchDirectory(
            ShopSession.files().merging(["fixtures/o.json": #"{ "/orders": [ { "response": { "body": "<ok/>" } } ] }"#])
            { $1 })
        defer { dir.remove() }
        let s = try Session.load(from: dir.path)
        let r = try RequestBuilder(session: s, environment: [:]).build(s.route(named: "createOrder")!)
        let response = try await MockSource(session: s).send(r)
        #expect(response.status == 200)
        #expect(response.body == Array("<ok/>".utf8))
        #expect(response.headers.isEmpty)
    }

    @Test("no match throws the near-miss report")
    func noMatch() async throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let s = try Session.load(from: dir.path)
        let r = try RequestBuilder(session: s, environment: [:]).build(s.route(named: "createOrder")!)
        do {
            _ = try await MockSource(session: s).send(r)
            Issue.record("answered")
        } catch {
            let report = try #require(error.noMatchReport, "unexpected \(error)")
            #expect(report.method == "POST")
            #expect(report.candidates.count == 3)
        }
    }

    @Test("a response names its fixture pair from 1 and its delay; cancelling ends a send without the delay")
    func delayCancellable() async throws {
        let dir = try ScratchDirectory(
            ShopSession.files().merging([
                "fixtures/o.json": #"{ "/orders": [ { "response": { "body": "late", "delay": 10000 } } ] }"#,
                "fixtures/p.json": #"{ "/products/2": [ { "response": { "body": "soon", "delay": 150 } } ] }"#,
            ]) { $1 })
        defer { dir.remove() }
        let s = try Session.load(from: dir.path)
        let b = RequestBuilder(session: s, environment: [:])
        let soon = try await MockSource(session: s).send(
            try b.build(s.route(named: "product")!, edits: [.set(name: "id", value: "2")]))
        #expect(soon.origin == .fixture(file: dir.path + "/fixtures/p.json", number: 1, delay: .milliseconds(150)))
        // A cancelled send stops at its delay with `cancelled` (a 10 s delay would otherwise hold the test).
        let r = try b.build(s.route(named: "createOrder")!)
        let task = Task { try await MockSource(session: s).send(r) }
        task.cancel()
        let result = await task.result
        #expect(throws: TransportError.cancelled) { try result.get() }
    }

    @Test("unchanged fixture files are parsed once; an edit of the same size is served at once")
    func cacheFollowsEdits() async throws {
        let dir = try ScratchDirectory([
            "session.json": #"{ "routes": [ { "name": "r", "path": "/r" } ] }"#,
            "fixtures/a.json": #"{ "/r": [ { "response": { "body": "one" } } ] }"#,
            "fixtures/b.json": #"{ "/other": [] }"#,
        ])
        defer { dir.remove() }
        let s = try Session.load(from: dir.path)
        let r = try RequestBuilder(session: s, environment: [:]).build(s.routes[0])
        // Files count as recent for an hour here (2 s by default), so the test does not depend on how fast it runs.
        let source = MockSource(session: s, cache: FixtureFileCache(recentSeconds: 3600))
        #expect(try await source.send(r).body == Array("one".utf8))
        #expect(try await source.send(r).body == Array("one".utf8))
        #expect(source.cache.parseCount == 2)
        #expect(source.cache.readCount == 4, "recently changed files are read and compared at every send")
        try dir.write("fixtures/a.json", #"{ "/r": [ { "response": { "body": "two" } } ] }"#)
        #expect(try await source.send(r).body == Array("two".utf8))
        #expect(source.cache.parseCount == 3)
        try FileManager.default.removeItem(atPath: dir.url("fixtures/b.json"))
        #expect(try await source.send(r).body == Array("two".utf8))
        #expect(source.cache.count == 1)
    }

    @Test("a fixture file old enough to trust its signature is not read again until it changes")
    func cacheTrustsSignatures() async throws {
        let dir = try ScratchDirectory([
            "session.json": #"{ "routes": [ { "name": "r", "path": "/r" } ] }"#,
            "fixtures/a.json": #"{ "/r": [ { "response": { "body": "one" } } ] }"#,
        ])
        defer { dir.remove() }
        let s = try Session.load(from: dir.path)
        let r = try RequestBuilder(session: s, environment: [:]).build(s.routes[0])
        // Files count as old at once here; by default a file changed in the last 2 s is compared byte for byte.
        let source = MockSource(session: s, cache: FixtureFileCache(recentSeconds: -3600))
        #expect(try await source.send(r).body == Array("one".utf8))
        #expect(try await source.send(r).body == Array("one".utf8))
        #expect(source.cache.readCount == 1)
        try dir.write("fixtures/a.json", #"{ "/r": [ { "response": { "body": "three" } } ] }"#)
        #expect(try await source.send(r).body == Array("three".utf8))
        #expect(source.cache.readCount == 2)
        #expect(source.cache.parseCount == 2)
    }

    @Test("while nothing changes the whole set is reused; a new file, a removed one and an edit show at the next send")
    func setCacheFollowsTheFolder() async throws {
        let dir = try ScratchDirectory([
            "session.json": #"{ "routes": [ { "name": "r", "path": "/r" }, { "name": "s", "path": "/s" } ] }"#,
            "fixtures/a.json": #"{ "/r": [ { "response": { "body": "one" } } ] }"#,
        ])
        defer { dir.remove() }
        let s = try Session.load(from: dir.path)
        let builder = RequestBuilder(session: s, environment: [:])
        let (r, other) = (try builder.build(s.routes[0]), try builder.build(s.routes[1]))
        let source = MockSource(session: s, cache: FixtureFileCache(recentSeconds: -3600))
        for _ in 0..<3 { #expect(try await source.send(r).body == Array("one".utf8)) }
        #expect(source.cache.readCount == 1 && source.cache.parseCount == 1)
        try dir.write("fixtures/b.json", #"{ "/s": [ { "response": { "body": "new" } } ] }"#)
        #expect(try await source.send(other).body == Array("new".utf8))
        try FileManager.default.removeItem(atPath: dir.url("fixtures/b.json"))
        #expect(source.match(other).failure != nil, "a removed file still answered")
        try dir.write("fixtures/a.json", #"{ "/r": [ { "response": { "body": "two" } } ] }"#)
        #expect(try await source.send(r).body == Array("two".utf8))
    }

    @Test("once checked unchanged, the set is watched: later sends look at no file, and any change is served at once")
    func watchedSet() async throws {
        let dir = try ScratchDirectory([
            "session.json": #"{ "routes": [ { "name": "r", "path": "/r" } ] }"#,
            "fixtures/a.json": #"{ "/r": [ { "response": { "bodyFile": "../body.txt" } } ] }"#,
            "body.txt": "one",
        ])
        defer { dir.remove() }
        let s = try Session.load(from: dir.path)
        let r = try RequestBuilder(session: s, environment: [:]).build(s.routes[0])
        let source = MockSource(session: s, cache: FixtureFileCache(recentSeconds: -3600))
        // The first send loads the set, the second checks it and starts the watch, the others take its word.
        for _ in 0..<5 { #expect(try await source.send(r).body == Array("one".utf8)) }
        let watched = FileChangeWatch.seesChanges(under: dir.path)
        #expect(source.cache.watchedSetCount == (watched ? 3 : 0))
        // Each change is served by the very next send (a new size: a write in the same clock tick as the file's
        // creation keeps its times, which only the 2 s rule, off here, covers).
        try dir.write("body.txt", "second")
        #expect(try await source.send(r).body == Array("second".utf8))
        // After a change to a body file alone, the set is watched again at once.
        let before = source.cache.watchedSetCount
        for _ in 0..<3 { #expect(try await source.send(r).body == Array("second".utf8)) }
        #expect(source.cache.watchedSetCount == before + (watched ? 3 : 0))
        try dir.write("fixtures/a.json", #"{ "/r": [ { "response": { "body": "inline" } } ] }"#)
        #expect(try await source.send(r).body == Array("inline".utf8))
        try dir.write(
            "fixtures/b.json", #"{ "/r": [ { "request": { "method": "GET" }, "response": { "body": "b" } } ] }"#)
        #expect(try await source.send(r).body == Array("inline".utf8), "an earlier file's pair still answers first")
        try FileManager.default.removeItem(atPath: dir.url("fixtures/a.json"))
        #expect(try await source.send(r).body == Array("b".utf8))
        for _ in 0..<3 { #expect(try await source.send(r).body == Array("b".utf8)) }
        #expect(source.cache.watchedSetCount > before + (watched ? 3 : -1), "watched again once checked")
    }

    @Test("a body file created after the pair was read is seen without touching the fixture file")
    func cacheFollowsBodyFiles() async throws {
        let dir = try ScratchDirectory([
            "session.json": #"{ "routes": [ { "name": "r", "path": "/r" } ] }"#,
            "fixtures/a.json": #"{ "/r": [ { "response": { "bodyFile": "late.txt" } } ] }"#,
        ])
        defer { dir.remove() }
        let s = try Session.load(from: dir.path)
        let r = try RequestBuilder(session: s, environment: [:]).build(s.routes[0])
        let source = MockSource(session: s)
        await #expect(throws: TransportError.self) { try await source.send(r) }
        try dir.write("fixtures/late.txt", "here now")
        #expect(try await source.send(r).body == Array("here now".utf8))
        try FileManager.default.removeItem(atPath: dir.url("fixtures/late.txt"))
        let report = try #require(source.match(r).failure, "a pair whose body file is gone still matched")
        #expect(
            report.problems.map(\.message) == [
                "bodyFile 'late.txt' of pair #1 of '/r' does not exist (looked for \(dir.url("fixtures/late.txt")))"
            ])
    }

    @Test("a small body file's bytes are kept while it keeps its signature; an edit or a symlink swapped in is seen")
    func keptBodyFollowsTheFile() async throws {
        let dir = try ScratchDirectory([
            "session.json": #"{ "routes": [ { "name": "r", "path": "/r" } ] }"#,
            "fixtures/a.json": #"{ "/r": [ { "response": { "bodyFile": "body.txt" } } ] }"#,
            "fixtures/body.txt": "first",
        ])
        defer { dir.remove() }
        let outside = try ScratchDirectory(["secret.txt": "first"])
        defer { outside.remove() }
        let s = try Session.load(from: dir.path)
        let r = try RequestBuilder(session: s, environment: [:]).build(s.routes[0])
        // Files count as old at once here, so their signatures are trusted alone.
        let source = MockSource(session: s, cache: FixtureFileCache(recentSeconds: -3600))
        for _ in 0..<3 { #expect(try await source.send(r).body == Array("first".utf8)) }
        #expect(source.cache.keptBodyCount == 2, "the first send read the file; the next two used its bytes")
        // A new size: an edit in place within the clock's step keeps the times, which only the 2 s rule covers.
        try dir.write("fixtures/body.txt", "second")
        #expect(try await source.send(r).body == Array("second".utf8))
        try FileManager.default.removeItem(atPath: dir.url("fixtures/body.txt"))
        try FileManager.default.createSymbolicLink(
            atPath: dir.url("fixtures/body.txt"), withDestinationPath: outside.url("secret.txt"))
        await #expect(throws: TransportError.self, "a symlink out of the session is refused, not served") {
            try await source.send(r)
        }
        #expect(source.cache.keptBodyCount == 2)
    }
}

@Suite struct FixtureBodyReadTests {
    @Test("a fixture body file is read whole into an array of its exact size; a folder or a missing file is an error")
    func readsWholeFiles() throws {
        let dir = try ScratchDirectory(["a.bin": String(repeating: "xyz", count: 50_000), "empty.txt": ""])
        defer { dir.remove() }
        let bytes = try FileBytes.read(dir.url("a.bin"))
        #expect(bytes.count == 150_000)
        // Sized from the file (the allocator may round up a few bytes), not grown while reading.
        #expect(bytes.capacity - bytes.count < 64)
        #expect(bytes.prefix(3) == [0x78, 0x79, 0x7A])
        #expect(try FileBytes.read(dir.url("empty.txt")) == [])
        #expect((try? FileBytes.read(dir.path)) == nil)
        #expect((try? FileBytes.read(dir.url("missing"))) == nil)
    }
}
