import Foundation
import StrataTestSupport
import Testing

/// `strata import postman | insomnia | http`: a checked session from each, environments from `--environment`.
@Suite(.enabled(if: StrataBinary.url != nil, "the strata binary is not built next to the tests"))
struct ImportCollectionCommandTests {
    static let bookshelf = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sessions/bookshelf/source").path

    @Test(
        "import postman with --environment writes the session, reports it and checks it; the folder is named after the collection"
    )
    func postman() throws {
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        let r = try StrataBinary.run(
            [
                "import", "postman", Self.bookshelf + "/bookshelf.postman_collection.json", "--environment",
                Self.bookshelf + "/staging.postman_environment.json",
            ], in: URL(fileURLWithPath: dir.path))
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("made: route booksListBooks GET /shelves/{shelf}/books"))
        #expect(r.stdout.contains("made: environment staging from 'Staging'"))
        #expect(r.stdout.contains("wrote bookshelf/session.json"))
        #expect(r.stdout.contains("check: OK: Bookshelf — 4 routes, 4 fixture files, 5 pairs"))
        let run = try StrataBinary.run(["run", dir.url("bookshelf"), "booksGetBook", "--query", "$.title"])
        #expect(run.stdout.contains("The Left Hand of Darkness"), "\(run.stdout)\(run.stderr)")
    }

    @Test("import insomnia and import http make sessions; --environment applies to postman and http only")
    func insomniaAndHTTP() throws {
        let dir = try ScratchDirectory([
            "export.yaml": """
            type: collection.insomnia.rest/5.0
            name: Pings
            collection:
              - url: https://pings.test/ping
                name: Ping
                method: GET
            """,
            "requests.http": "### Ping\nGET https://pings.test/ping\n",
        ])
        defer { dir.remove() }
        let insomnia = try StrataBinary.run(["import", "insomnia", dir.url("export.yaml"), "--out", dir.url("a")])
        #expect(insomnia.status == 0, "\(insomnia.stdout)\(insomnia.stderr)")
        #expect(insomnia.stdout.contains("made: route ping GET /ping"))
        let http = try StrataBinary.run(["import", "http", dir.url("requests.http"), "--out", dir.url("b")])
        #expect(http.status == 0, "\(http.stdout)\(http.stderr)")
        #expect(http.stdout.contains("check: OK: requests — 1 route"))
        let wrong = try StrataBinary.run(
            ["import", "insomnia", dir.url("export.yaml"), "--environment", dir.url("requests.http")])
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("--environment applies to postman and http only"))
        let kind = try StrataBinary.run(["import", "postmann", dir.url("export.yaml")])
        #expect(kind.status == 2)
        #expect(kind.stderr.contains("did you mean 'postman'?"))
        let missing = try StrataBinary.run(["import", "postman", dir.url("nope.json")])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("nope.json: cannot read the file"))
    }
}
