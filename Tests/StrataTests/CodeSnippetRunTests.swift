import Foundation
import Strata
import StrataTestSupport
import Testing

/// Each generated snippet, run by its language against a loopback server, sends the request Strata sends: the same
/// method, path and query, the session's headers with the same values (secrets read from the environment), and the
/// same body (a multipart body part by part: each library writes its own boundary).
///
/// A language is tried where it is installed: Python with `requests`, Node 18 or later, Swift (the toolchain
/// running the tests), HTTPie.
@Suite(.serialized) struct CodeSnippetRunTests {
    /// The secrets the routes read from the environment, as the snippet's process and Strata's builder see them.
    static let secrets = ["SNIP_KEY": "k3y-s3cret", "SNIP_TOKEN": "t0ken-9f1", "SNIP_PW": "p@ss w0rd:é"]

    /// A session at `baseURL` whose routes carry what an export must: a query with encoded text and a secret, a JSON
    /// body with escapes and a bearer token, a form, multipart text and a file with basic auth, a cookie, a raw
    /// body, a method without a body.
    static func files(baseURL: String) -> [String: String] {
        [
            "session.json": #"""
            { "name": "Snippets", "baseURL": "\#(baseURL)/api",
              "headers": { "Accept": "application/json" },
              "redact": ["api_key"],
              "routes": [
                { "name": "search", "method": "GET", "path": "/search",
                  "params": { "q": "café & crème", "tag": "a/b+c", "api_key": "${env:SNIP_KEY}" } },
                { "name": "order", "method": "POST", "path": "/orders/{id}",
                  "params": { "id": "7", "sku": "PEN-1", "qty": "3" },
                  "auth": { "type": "bearer", "token": "${env:SNIP_TOKEN}" },
                  "body": { "json": { "sku": "${sku}", "qty": "${qty:int}", "note": "line 1\nline \"2\" \\ é $5 {c} `b`" } } },
                { "name": "profile", "method": "PUT", "path": "/profile",
                  "params": { "name": "Ada L", "bio": "a=b&c d+e é" } },
                { "name": "upload", "method": "POST", "path": "/upload",
                  "params": { "caption": "me at the beach" },
                  "auth": { "type": "basic", "user": "me", "password": "${env:SNIP_PW}" },
                  "body": { "multipart": { "file": "@files/hello.txt", "caption": "${caption}" } } },
                { "name": "prefs", "method": "GET", "path": "/prefs",
                  "headers": { "X-Trace": "t-1" },
                  "params": { "theme": { "value": "dark", "in": "cookie" }, "lang": { "value": "fr", "in": "cookie" } } },
                { "name": "notes", "method": "PATCH", "path": "/notes",
                  "body": { "raw": "sku,qty\nPEN-1,3\n", "contentType": "text/csv" } },
                { "name": "remove", "method": "DELETE", "path": "/items/42" }
              ] }
            """#,
            "files/hello.txt": "hello, file\n",
        ]
    }

    /// How a language's code is run here: a program and its arguments before the file.
    struct Runner: CustomStringConvertible, Sendable {
        var language: CodeLanguage
        var executable: String
        var arguments: [String] = []
        var description: String { language.rawValue }
    }

    /// The languages installed here whose snippets run one file at a time.
    static let runners: [Runner] = {
        var out: [Runner] = []
        if let python = ChildProcess.executable(named: "python3"),
            (try? ChildProcess.run(python, ["-c", "import requests"], timeout: 60))?.status == 0
        {
            out.append(Runner(language: .python, executable: python))
        }
        if let node = ChildProcess.executable(named: "node"),
            let version = try? ChildProcess.run(node, ["--version"], timeout: 60),
            let major = Int(version.stdout.dropFirst().prefix { $0.isNumber }), major >= 18
        {
            out.append(Runner(language: .javascript, executable: node))
        }
        if ChildProcess.executable(named: "http") != nil {
            out.append(Runner(language: .httpie, executable: "/bin/sh"))
        }
        if ChildProcess.executable(named: "curl") != nil {
            out.append(Runner(language: .curl, executable: "/bin/sh"))
        }
        return out
    }()

    /// What a loopback server received for one request.
    typealias Received = LoopbackServer.Request

    /// The environment a snippet runs with: the secrets, and no proxy between it and the loopback server.
    static let environment: [String: String?] =
        secrets.mapValues { $0 }.merging(
            ["http_proxy": nil, "https_proxy": nil, "HTTP_PROXY": nil, "HTTPS_PROXY": nil, "ALL_PROXY": nil]
        ) { a, _ in a }

    /// Sends every route through Strata's live source, writes each route's request as `language` code into the
    /// session folder, hands the files to `run` (which runs them, in order), and returns both requests of each route.
    static func roundTrip(
        _ language: CodeLanguage, run: (_ files: [String], _ dir: ScratchDirectory) throws -> Void
    ) async throws -> [(route: String, request: BuiltRequest, strata: Received, snippet: Received)] {
        let server = try LoopbackServer { _ in .json(#"{"ok": true}"#) }
        defer { server.stop() }
        let dir = try ScratchDirectory(files(baseURL: server.baseURL))
        defer { dir.remove() }
        var session = try Session.load(from: dir.path)
        session.isTrusted = true
        let client = Client(session: session, source: LiveSource(), environment: secrets)
        var requests: [(String, BuiltRequest)] = []
        for route in session.routes {
            let request = try client.request(route.name)
            _ = try await client.run(request, route: route)
            requests.append((route.name, request))
        }
        let fromStrata = server.requests
        try #require(fromStrata.count == requests.count)
        var files: [String] = []
        for (k, (route, request)) in requests.enumerated() {
            let code = request.code(language)
            for secret in secrets.values { #expect(!code.contains(secret), "\(route): the code holds no secret") }
            let name =
                "snippets/\(k)-\(route).\(language == .javascript ? "mjs" : language == .python ? "py" : language == .swift ? "swift" : "sh")"
            try dir.write(name, code + "\n")
            files.append(dir.url(name))
        }
        try run(files, dir)
        let fromSnippets = Array(server.requests.dropFirst(fromStrata.count))
        try #require(fromSnippets.count == requests.count, "each snippet sent one request")
        return requests.enumerated().map { k, r in (r.0, r.1, fromStrata[k], fromSnippets[k]) }
    }

    /// Runs `file` with `executable`; a failure is recorded with what the program printed.
    static func runFile(_ executable: String, _ arguments: [String], _ file: String) throws {
        let r = try ChildProcess.run(executable, arguments + [file], environment: environment, timeout: 120)
        #expect(r.status == 0, "\(file): \(r.stdout)\(r.stderr)")
    }

    /// Checks that `snippet` carries what `strata` does for `request`.
    static func expectSame(
        _ route: String, _ request: BuiltRequest, _ strata: Received, _ snippet: Received, language: CodeLanguage
    ) {
        let what = "\(language.rawValue) \(route)"
        #expect(snippet.method == strata.method, "\(what)")
        #expect(snippet.target == strata.target, "\(what)")
        let multipart = strata.headers["Content-Type"]?.hasPrefix("multipart/form-data") == true
        for field in request.headers where !(multipart && field.name.lowercased() == "content-type") {
            #expect(strata.headers[field.name] != nil, "\(what): Strata sent \(field.name)")
            #expect(snippet.headers[field.name] == strata.headers[field.name], "\(what): \(field.name)")
        }
        if multipart {
            #expect(snippet.headers["Content-Type"]?.hasPrefix("multipart/form-data; boundary=") == true, "\(what)")
            #expect(parts(snippet) == parts(strata), "\(what)")
            #expect(parts(strata).count == 2)
        } else {
            #expect(snippet.body == strata.body, "\(what): \(snippet.bodyText) ≠ \(strata.bodyText)")
        }
    }

    /// A multipart body's parts: each one's name, file name and bytes.
    static func parts(_ request: Received) -> [String] {
        guard let type = request.headers["Content-Type"], let range = type.range(of: "boundary=") else { return [] }
        let boundary = "--" + type[range.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        let text = String(decoding: request.body, as: UTF8.self)
        return text.components(separatedBy: boundary).dropFirst().compactMap { chunk -> String? in
            guard !chunk.hasPrefix("--"), let split = chunk.range(of: "\r\n\r\n") else { return nil }
            let head = chunk[..<split.lowerBound].lowercased()
            let name = head.components(separatedBy: "name=\"").dropFirst().first?.prefix { $0 != "\"" } ?? ""
            let file = head.components(separatedBy: "filename=\"").dropFirst().first?.prefix { $0 != "\"" } ?? ""
            var data = String(chunk[split.upperBound...])
            if data.hasSuffix("\r\n") { data.removeLast() }
            return "\(name) file=\(file) \(data)"
        }.sorted()
    }

    @Test("each installed language's snippet sends the request Strata sends", arguments: runners)
    func snippetSendsTheSameRequest(_ runner: Runner) async throws {
        let results = try await Self.roundTrip(runner.language) { files, _ in
            for file in files { try Self.runFile(runner.executable, runner.arguments, file) }
        }
        for r in results { Self.expectSame(r.route, r.request, r.strata, r.snippet, language: runner.language) }
    }

    @Test(
        "the Swift snippets send the request Strata sends (run as one script: each in its own scope)",
        .enabled(if: ChildProcess.executable(named: "swift") != nil, "needs swift on PATH"))
    func swiftSnippetsSendTheSameRequest() async throws {
        let results = try await Self.roundTrip(.swift) { files, dir in
            let header =
                "import Foundation\n#if canImport(FoundationNetworking)\n    import FoundationNetworking\n#endif\n"
            var script = header
            for file in files {
                let code = try String(contentsOfFile: file, encoding: .utf8)
                #expect(code.hasPrefix(header), "\(file) starts by importing Foundation")
                script += "do {\n" + code.dropFirst(header.count) + "}\n"
            }
            try dir.write("snippets/all.swift", script)
            try Self.runFile(ChildProcess.executable(named: "swift")!, [], dir.url("snippets/all.swift"))
        }
        for r in results { Self.expectSame(r.route, r.request, r.strata, r.snippet, language: .swift) }
    }
}
