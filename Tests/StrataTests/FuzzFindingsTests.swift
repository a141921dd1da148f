import Strata
import StrataTestSupport
import Testing

/// Inputs the fuzz targets (`scripts/fuzz`) found, each kept as a test with its input inline (reduced by hand).
@Suite struct FuzzFindingsTests {
    /// `fixtures` target, 2026-11-30 (the pair's param name was mutated bytes; `token` shows the same thing): a pair
    /// that lists a param with an empty value never matches, because a request leaves an empty param out, so nothing
    /// can be sent that equals "". Matching now reads a listed "" as "sent empty or left out".
    @Test func pairListingAnEmptyParamValueCanBeMatched() throws {
        let session = try Session.parse(
            Array(#"{ "routes": [ { "name": "status", "path": "/status/418" } ] }"#.utf8),
            file: "/nonexistent/session.json", directory: "/nonexistent")
        let fixtures = FixtureSet.parse(
            Array(
                #"{ "/status/418": [ { "request": { "method": "GET", "params": { "token": "" } }, "response": { "status": 418 } } ] }"#
                    .utf8), file: "/nonexistent/fixtures/status.json")
        #expect(fixtures.diagnostics.isEmpty)
        #expect(fixtures.pairs.count == 1)
        let request = try RequestBuilder(session: session, environment: [:])
            .build(session.routes[0], edits: [.set(name: "token", value: "", location: .query)])
        if case .failure(let report) = fixtures.match(request) { Issue.record("\(report)") }
        let withToken = try RequestBuilder(session: session, environment: [:])
            .build(session.routes[0], edits: [.set(name: "token", value: "abc", location: .query)])
        if case .success = fixtures.match(withToken) { Issue.record("a pair requiring an empty token answered abc") }
    }

    /// `yaml` target, 2026-11-30, on its first seeds: ` : ` (an empty key in a mapping that starts at byte 1) gave
    /// the key's empty scalar libfyaml's mark 0 (the parser linked then), before its mapping, so node starts left
    /// document order. Fixed in `YAMLTreeWriter`: starts never go back, spans never end before they start.
    @Test func yamlEmptyKeyBeforeItsMapping() throws {
        for text in [" : ", " :", "- : \n  :", "? \n: x"] {
            guard let tree = try? YAMLFormat().parse(Array(text.utf8)) else {
                #expect(throws: ParseError.self) { try YAMLFormat().parse(Array(text.utf8)) }
                continue
            }
            var previous = 0
            for i in tree.indices {
                let span = tree.span(i)
                #expect(span.lowerBound >= previous && span.upperBound <= text.utf8.count, "\(text): \(span)")
                previous = span.lowerBound
            }
        }
    }

    /// `yaml` target, 2026-11-30: `%YM` then a byte 0xFA (invalid UTF-8) in a directive made libfyaml 0.7.12 loop
    /// forever in `fy_scan_directive` (the parser linked then). Fixed by refusing invalid UTF-8 before the parser
    /// sees it, with the byte's position.
    @Test func yamlInvalidUTF8InADirective() throws {
        func error(_ bytes: [UInt8]) -> ParseError? {
            do {
                _ = try YAMLFormat().parse(bytes)
                return nil
            } catch {
                return error
            }
        }
        let bytes: [UInt8] = Array("%YM".utf8) + [0xFA] + Array("\n---\n".utf8)
        let failure = try #require(error(bytes))
        #expect(failure.description == "1:4: YAML must be UTF-8: invalid byte 0xFA")
        #expect(error(Array("é: [\u{10FFFF}]".utf8)) == nil)
        #expect(error([0x61, 0x3A, 0x20, 0xED, 0xA0, 0x80])?.column == 4)  // a UTF-8 surrogate
    }

    /// `yaml` target, 2026-11-30, in CI: 78 single quotes then `:}` (a single-quoted scalar of escaped quotes, then
    /// a stray `}`) is rejected with a position (libfyaml, linked then, leaked a buffer after this error).
    @Test func yamlEscapedQuotesThenAStrayBrace() throws {
        let text = String(repeating: "'", count: 78) + ":}"
        #expect(throws: ParseError.self) { try YAMLFormat().parse(Array(text.utf8)) }
        do {
            _ = try YAMLFormat().parse(Array(text.utf8))
        } catch {
            #expect(error.line == 1)
        }
    }

    /// `yaml` target, 2026-12-01, in CI: `?\n -:\t-\n` (a complex key, then a tab) made libfyaml 0.7.12 free a
    /// simple key twice and crash in `fy_parser_destroy`: memory corruption from 8 bytes of input. Strata reads
    /// YAML from servers, so the YAML parser is libyaml now; this input is an error with a position, and so are
    /// its neighbours the fuzzer reached.
    @Test func yamlComplexKeyThenTab() throws {
        for text in ["?\n -:\t-\n", "?\n -:\t-", "? \n -:\t- x\n", "?\n-:\t-\n"] {
            do {
                let tree = try YAMLFormat().parse(Array(text.utf8))
                #expect(tree.count > 0)
            } catch {
                #expect(error.line >= 1 && error.column >= 1, "\(text)")
            }
        }
        #expect(throws: ParseError.self) { try YAMLFormat().parse(Array("?\n -:\t-\n".utf8)) }
    }

    /// `serve` target, 2026-12-01, after 34 660 runs: the request `\u{7}e…\u{8}:` with the header `AcCept: ;;`
    /// crashed `strata serve` (index out of range): a near miss reads Accept to choose JSON or text, and splitting
    /// `;;` at `;` gave no media type to read. Any client could stop the server with one header.
    @Test func serveAcceptHeaderOfEmptyMediaRanges() throws {
        let dir = try ScratchDirectory([
            "session.json": #"{ "baseURL": "http://127.0.0.1:1", "routes": [ { "name": "a", "path": "/a" } ] }"#,
            "fixtures/a.json": #"{ "/a": [ { "response": { "status": 200 } } ] }"#,
        ])
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        let responder = ServeResponder(
            session: session, upstream: .mock(MockSource(session: session)), journal: try ServeJournal(capacity: 4),
            loopback: true, environment: [:])
        for accept in [";;", ";", ",", ";q=0"] {
            let request = ServeRequest(
                method: "\u{7}e\0\0\0\0\0\0\0\u{8}:", path: "/", query: "", headers: ["AcCept": accept], body: [])
            let reply = responder.respond(request)
            #expect(reply.status == 404, "Accept: \(accept)")
            #expect(reply.headers["Content-Type"] == "text/plain; charset=utf-8", "Accept: \(accept)")
        }
    }

    /// `mapper` target, 2026-12-01, after 623 201 runs: `{"id": 99…97}` (99 digits) mapped with an `int` property
    /// crashed `strata run` and the explorer (arithmetic overflow): the fast integer reader multiplied in a 19th
    /// digit before counting it. It now stops at 18 digits, and the general reader decides what fits.
    @Test func mappingAnIntegerOfNineteenDigits() throws {
        let mappings = MappingSet([ClassMapping(name: "T", properties: [PropertyMapping("id", .int)])])
        func mapped(_ number: String) throws -> MappingResult {
            let tree = try JSONParser().parse(Array(#"{"id": \#(number)}"#.utf8))
            return Mapper(mappings: mappings).map(tree, with: RouteMapping(className: "T"))
        }
        for number in ["999999999999999999", "9223372036854775807", "-9223372036854775808"] {
            let result = try mapped(number)
            #expect(result.issues.isEmpty, "\(number): \(result.issuesText())")
            #expect(result.text().contains("id: \(number)"), "\(number): \(result.text())")
        }
        for number in ["9999999999999999999", "9223372036854775808", String(repeating: "9", count: 99) + "7"] {
            let result = try mapped(number)
            #expect(result.issues.map(\.kind) == [.typeMismatch], "\(number): \(result.issuesText())")
        }
    }
}
