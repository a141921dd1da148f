import Foundation
import Strata
import StrataTestSupport
import Testing

/// Real exports from public repositories (Postman's newman and the RealWorld Conduit collection, Insomnia's own
/// fixtures in v4 and v5, `.http` files of JetBrains and REST Client users), kept beside the clone in
/// ../shared/conformance/collections (or where `STRATA_COLLECTIONS_CORPUS` says; SOURCES.md there names each
/// file's origin; http/ holds a folder per project, its `.http` files beside their `http-client.env.json`). Each
/// imports into a session that passes `strata check` (a multipart file the exporter's machine had is the one problem
/// allowed: the import says where to copy it), every route builds, and routes answered by an example answer in mock
/// mode.
@Suite struct ImportCollectionCorpusTests {
    static let folder: String = {
        if let given = ProcessInfo.processInfo.environment["STRATA_COLLECTIONS_CORPUS"] { return given }
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return here.appendingPathComponent("../shared/conformance/collections").standardizedFileURL.path
    }()

    static let present = FileManager.default.fileExists(atPath: folder)

    /// Why the suite is skipped when the corpus is not there.
    static let absent = Comment(
        rawValue: "no collections corpus: set STRATA_COLLECTIONS_CORPUS to its folder (or keep "
            + "../shared/conformance/collections beside the clone)")

    /// The files of `kind` (a subfolder), with the environment files kept apart.
    static func files(_ kind: String, where keep: (String) -> Bool = { _ in true }) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + kind)) ?? []
        return names.filter(keep).sorted().map { kind + "/" + $0 }
    }

    static let postman = files("postman") { $0.hasSuffix(".json") && !$0.hasSuffix(".postman_environment.json") }
    static let insomnia = files("insomnia") + files("insomnia5")
    /// The `.http` files of http/ and of each project folder under it (kibana/, …), each beside its environment file.
    static let http = (["http"] + files("http") { !$0.contains(".") }).flatMap { files($0) { $0.hasSuffix(".http") } }

    /// Imports, checks, builds every route, and runs those with a fixture.
    func expectUsable(_ result: ImportResult, _ name: String) async throws {
        let imported = try ImportedSession(result)
        defer { imported.scratch.remove() }
        let problems = imported.checkProblems.filter {
            !$0.contains("does not exist") || !$0.contains("multipart file")
        }
        #expect(problems == [], "\(name)")
        // The files the import said to copy into the session, copied.
        for line in imported.result.made where line.contains("sends files/") {
            let file = line.components(separatedBy: "sends ")[1].components(separatedBy: ":")[0]
            try imported.scratch.write("session/" + file, "copied by the user\n")
        }
        #expect(imported.checkProblems == [], "\(name)")
        let session = try imported.session
        #expect(!session.routes.isEmpty, "\(name)")
        for route in session.routes {
            do {
                _ = try RequestBuilder(session: session, environment: [:]).build(route)
            } catch {
                Issue.record("\(name): route \(route.name) does not build: \(error)")
            }
        }
        let fixtures = Set(imported.scratch.list("session/fixtures"))
        for route in session.routes where fixtures.contains(route.name + ".json") {
            do {
                let exchange = try await imported.run(route.name)
                #expect(exchange.response.status < 500, "\(name) \(route.name)")
            } catch {
                Issue.record("\(name): route \(route.name) does not run in mock mode: \(error)")
            }
        }
    }

    /// ``expectUsable(_:_:)`` of what `importing` makes, or its refusal of an input without requests, saying so.
    func expectUsableOrRefused(_ file: String, _ importing: () throws(ImportError) -> ImportResult) async throws {
        let result: ImportResult
        do {
            result = try importing()
        } catch {
            #expect(error.description.contains("no HTTP request to import"), "\(file): \(error)")
            return
        }
        try await expectUsable(result, file)
    }

    @Test(
        "each Postman collection imports into a usable session",
        .enabled(if: present, Self.absent), arguments: postman)
    func postmanCollections(_ file: String) async throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/" + file))
        let environment = file.replacingOccurrences(of: ".postman_collection.json", with: ".postman_environment.json")
        var environments: [(String, [UInt8])] = []
        if environment != file, let env = FileManager.default.contents(atPath: Self.folder + "/" + environment) {
            environments.append((environment, Array(env)))
        }
        try await expectUsableOrRefused(file) { () throws(ImportError) in
            try PostmanImport.session(Array(bytes), file: file, environments: environments)
        }
    }

    @Test(
        "each Insomnia export imports into a usable session (one without requests is refused, saying so)",
        .enabled(if: present, Self.absent), arguments: insomnia)
    func insomniaExports(_ file: String) async throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/" + file))
        try await expectUsableOrRefused(file) { () throws(ImportError) in
            try InsomniaImport.session(Array(bytes), file: file)
        }
    }

    @Test(
        "each .http file imports into a usable session, with the environment file beside it",
        .enabled(if: present, Self.absent), arguments: http)
    func httpFiles(_ file: String) async throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/" + file))
        let envFile = (file as NSString).deletingLastPathComponent + "/http-client.env.json"
        var environments: [(String, [UInt8])] = []
        if let env = FileManager.default.contents(atPath: Self.folder + "/" + envFile) {
            environments.append((envFile, Array(env)))
        }
        try await expectUsable(HTTPFileImport.session(Array(bytes), file: file, environments: environments), file)
    }

    @Test(
        "the corpus holds a dozen files or more of each kind, each named in SOURCES.md",
        .enabled(if: present, Self.absent))
    func corpusIsThere() throws {
        #expect(Self.postman.count >= 12, "postman/: \(Self.postman.count) collections")
        #expect(Self.insomnia.count >= 12, "insomnia/, insomnia5/: \(Self.insomnia.count) exports")
        #expect(Self.files("insomnia5").count >= 3, "insomnia5/: v5 files")
        #expect(Self.http.count >= 12, "http/: \(Self.http.count) .http files")
        let sources = try String(contentsOfFile: Self.folder + "/SOURCES.md", encoding: .utf8)
        for file in Self.postman + Self.insomnia + Self.http where !sources.contains("| \(file) |") {
            Issue.record("SOURCES.md does not name \(file)")
        }
    }

    @Test(
        "what the real files hold that must not be written is not: passwords, tokens, keys",
        .enabled(if: present, Self.absent))
    func secretsStayOut() throws {
        let cases: [(String, ImportResult, [String])] = [
            (
                "kibana",
                try HTTPFileImport.session(
                    try read("http/kibana/crud_knowledge_base_entries_route.http"), file: "kibana.http",
                    environments: [("http-client.env.json", try read("http/kibana/http-client.env.json"))]),
                ["changeme"]
            ),
            (
                "basic auth", try PostmanImport.session(try read("postman/basic-auth-v2_1-input.json"), file: "b.json"),
                ["dXNlcm5hbWU6cGFzc3dvcmQ="]
            ),
            (
                "insomnia auth", try InsomniaImport.session(try read("insomnia5/auth-types.yaml"), file: "a.yaml"),
                ["secret", "dXNlcjpwYXNz"]
            ),
        ]
        for (name, result, secrets) in cases {
            let text = result.files.map { String(decoding: $0.bytes, as: UTF8.self) }.joined()
            for secret in secrets { #expect(!text.contains(secret), "\(name): \(secret)") }
        }
    }

    func read(_ file: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/" + file)))
    }
}
