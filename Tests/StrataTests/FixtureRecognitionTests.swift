import Foundation
import Strata
import StrataTestSupport
import Testing

/// The loader's rule for which `*.json` files in `fixtures/` are fixture files (issue 32): a file a `bodyFile`
/// names is a body, a file that does not start as a fixture file is one warning, `fixtures/bodies/` is not listed.
@Suite struct FixtureRecognitionTests {
    @Test(
        "a start of '{' then a path key or '}' is a fixture file (or one cut before it can tell)",
        arguments: [#"{"/a": []}"#, "  \n{ }", "{", "{\n  \"", #"{ "/"#, "{}"])
    func fixtureStarts(text: String) {
        #expect(FixtureSet.recognise(Array(text.utf8)) == .fixtureFile)
    }

    @Test("any other start is not a fixture file, with where and why")
    func otherStarts() {
        let cases: [(String, FixtureSet.Recognition)] = [
            ("", .other(line: 1, column: 1, why: "it is empty")),
            (" \n ", .other(line: 2, column: 2, why: "it holds only white space")),
            (
                "[1, 2, 3]",
                .other(
                    line: 1, column: 1,
                    why: "a fixture file is an object of \"/path\": [pairs]; it starts with '[1, 2, 3]'")
            ),
            (
                "{\n  \"items\": [1]}",
                .other(
                    line: 2, column: 3,
                    why: "a fixture file's keys are request paths starting with '/'; its first key is 'items'")
            ),
            (
                "{ products: 1 }",
                .other(
                    line: 1, column: 3,
                    why: "a fixture file's keys are request paths; its first member starts with 'products: 1 }'")
            ),
        ]
        for (text, expected) in cases { #expect(FixtureSet.recognise(Array(text.utf8)) == expected, "\(text)") }
    }

    /// `{"items": [{"a": 1, "b": 2, "c": 3}, ...]}`: read as pairs, every item would be three problems.
    static let body =
        #"{"items": ["# + (0..<1000).map { _ in #"{"a": 1, "b": 2, "c": 3}"# }.joined(separator: ",") + "]}"

    @Test("a JSON body beside the fixture that names it is a body, even when it sorts first")
    func namedBodyBesideTheFixture() throws {
        let dir = try ScratchDirectory([
            "fixtures/big-1.json": Self.body,
            "fixtures/big.json": #"{ "/big": [ { "response": { "bodyFile": "big-1.json" } } ] }"#,
        ])
        defer { dir.remove() }
        let set = FixtureSet.load(directory: dir.url("fixtures"))
        #expect(set.diagnostics == [])
        #expect(set.files == [dir.url("fixtures/big.json")])
        #expect(set.bodies == [dir.url("fixtures/big-1.json")])
        #expect(set.pairs.count == 1)
    }

    @Test("a body is recognised by the file, however the bodyFile spells its path")
    func namedBodySpelledOtherwise() throws {
        let dir = try ScratchDirectory([
            "fixtures/a.json": Self.body,
            "fixtures/b.json": Self.body,
            "fixtures/c.json":
                #"{ "/c": [ { "response": { "bodyFile": "./a.json" } } ], "/d": [ { "response": { "bodyFile": "bodies/../b.json" } } ] }"#,
            "fixtures/bodies/.keep": "",
        ])
        defer { dir.remove() }
        let set = FixtureSet.load(directory: dir.url("fixtures"))
        #expect(set.diagnostics == [])
        #expect(set.bodies == [dir.url("fixtures/a.json"), dir.url("fixtures/b.json")])
        #expect(set.files == [dir.url("fixtures/c.json")])
    }

    @Test("a file that looks like a fixture file but that a bodyFile names is a body: its pairs are not loaded")
    func namedBodyThatLooksLikeAFixture() throws {
        let dir = try ScratchDirectory([
            "fixtures/a.json": #"{ "/a": [ { "response": { "body": 1 } } ] }"#,
            "fixtures/b.json": #"{ "/b": [ { "response": { "bodyFile": "a.json" } } ] }"#,
        ])
        defer { dir.remove() }
        let set = FixtureSet.load(directory: dir.url("fixtures"))
        #expect(set.diagnostics == [])
        #expect(set.pairs.map(\.path) == ["/b"])
        #expect(set.bodies == [dir.url("fixtures/a.json")])
    }

    @Test("a JSON file no bodyFile names that is not a fixture file is one warning naming it, not its contents")
    func strayFileIsOneWarning() throws {
        let dir = try ScratchDirectory([
            "fixtures/a.json": #"{ "/a": [ { "response": { "body": 1 } } ] }"#,
            "fixtures/stray.json": Self.body,
        ])
        defer { dir.remove() }
        let set = FixtureSet.load(directory: dir.url("fixtures"))
        #expect(
            set.diagnostics.map(\.description) == [
                dir.url("fixtures/stray.json")
                    + ":1:2: warning: not a fixture file (a fixture file's keys are request paths starting with '/'; "
                    + "its first key is 'items') and no fixture's bodyFile names it, so it is not read; name it in a "
                    + "bodyFile (bodies belong in fixtures/bodies/) or move it out of fixtures/"
            ])
        #expect(set.files == [dir.url("fixtures/a.json")] && set.bodies == [] && set.pairs.count == 1)
    }

    @Test("a broken fixture file that starts as one still reports each problem at its position")
    func brokenFixtureFileStillReported() throws {
        let dir = try ScratchDirectory([
            "fixtures/a.json": #"{ "/a": [ { "response": { "body": 1 }, "extra": 2 } ], "b": [] }"#,
            "fixtures/b.json": "{ \"/b\": [ ",
        ])
        defer { dir.remove() }
        let set = FixtureSet.load(directory: dir.url("fixtures"))
        #expect(set.diagnostics.count == 3, "\(set.diagnostics)")
        #expect(set.diagnostics.allSatisfy { $0.severity == .error })
        #expect(
            set.diagnostics.map(\.file) == [
                dir.url("fixtures/a.json"), dir.url("fixtures/a.json"), dir.url("fixtures/b.json"),
            ])
    }

    @Test("body files in fixtures/bodies/ are never listed, JSON or not, named or not")
    func bodiesFolderIsNotListed() throws {
        let dir = try ScratchDirectory([
            "fixtures/a.json": #"{ "/a": [ { "response": { "bodyFile": "bodies/a.json" } } ] }"#,
            "fixtures/bodies/a.json": Self.body,
            "fixtures/bodies/unnamed.json": "[",
        ])
        defer { dir.remove() }
        let set = FixtureSet.load(directory: dir.url("fixtures"))
        #expect(set.diagnostics == [] && set.files == [dir.url("fixtures/a.json")] && set.bodies == [])
    }

    @Test("with a cache, a named body is never parsed, and a stray file rewritten as a fixture file is read")
    func cacheSeesRecognitionChange() throws {
        let dir = try ScratchDirectory([
            "fixtures/big-1.json": Self.body,
            "fixtures/big.json": #"{ "/big": [ { "response": { "bodyFile": "big-1.json" } } ] }"#,
            "fixtures/stray.json": "[]",
        ])
        defer { dir.remove() }
        let cache = FixtureFileCache(recentSeconds: 0)
        let first = FixtureSet.load(directory: dir.url("fixtures"), cache: cache)
        #expect(first.pairs.count == 1 && first.diagnostics.count == 1)
        #expect(cache.parseCount == 1)
        _ = FixtureSet.load(directory: dir.url("fixtures"), cache: cache)
        #expect(cache.parseCount == 1)
        try dir.write("fixtures/stray.json", #"{ "/s": [ { "response": { "body": 2 } } ] }"#)
        let edited = FixtureSet.load(directory: dir.url("fixtures"), cache: cache)
        #expect(edited.diagnostics == [])
        #expect(edited.pairs.map(\.path) == ["/big", "/s"])
    }

    @Test("check names a stray JSON file in fixtures/ as its one problem")
    func checkNamesStrayFile() throws {
        let dir = try ScratchDirectory(
            ShopSession.files().merging(["fixtures/leftover.json": Self.body]) { $1 })
        defer { dir.remove() }
        let check = SessionCheck.run(path: dir.path)
        #expect(check.diagnostics.count == 1)
        #expect(check.diagnostics.first?.file == dir.url("fixtures/leftover.json"))
        #expect(check.diagnostics.first?.severity == .warning)
        #expect(check.summary == "1 problem found")
    }

    @Test("check lists the problems of fixture files first, then each file that is not one")
    func checkListsStrayFilesLast() throws {
        let dir = try ScratchDirectory(
            ShopSession.files().merging([
                "fixtures/0-stray.json": "[]", "fixtures/zz.json": #"{ "/products": [ { "response": { "x": 1 } } ] }"#,
            ]) { $1 })
        defer { dir.remove() }
        let check = SessionCheck.run(path: dir.path)
        #expect(check.diagnostics.map(\.file) == [dir.url("fixtures/zz.json"), dir.url("fixtures/0-stray.json")])
    }

    @Test("record never adds a pair to a JSON file a bodyFile names (a route named like an old body file)")
    func writerRefusesABody() throws {
        let dir = try ScratchDirectory([
            "session.json":
                #"{ "name": "B", "baseURL": "http://127.0.0.1:9", "routes": [ { "name": "big-1", "path": "/big" } ] }"#,
            "fixtures/big-1.json": Self.body,
            "fixtures/big.json": #"{ "/other": [ { "response": { "bodyFile": "big-1.json" } } ] }"#,
        ])
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        let request = try RequestBuilder(session: session, environment: [:]).build(session.route(named: "big-1")!)
        do {
            try FixtureWriter(session: session).preflight(request, overwrite: false)
            Issue.record("a pair was planned into a body file")
        } catch {
            #expect(
                "\(error)"
                    == "cannot add a pair to \(dir.url("fixtures/big-1.json")): a fixture's bodyFile names it, so it "
                    + "is a body; nothing was sent")
        }
        #expect(dir.read("fixtures/big-1.json") == Self.body)
    }
}
