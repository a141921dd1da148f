import Foundation
import StrataTestSupport
import Testing

@Suite struct ImportCommandTests {
    static let spec = """
        openapi: 3.0.0
        info: { title: Pets }
        servers: [ { url: "https://pets.test/v1" } ]
        paths:
          /pets:
            get:
              operationId: listPets
              responses:
                "200":
                  description: ok
                  content:
                    application/json:
                      schema: { type: array, items: { $ref: "#/components/schemas/Pet" } }
                      example: [ { id: 1, name: Rex } ]
        components:
          schemas:
            Pet: { type: object, required: [id], properties: { id: { type: integer }, name: { type: string } } }
        """

    @Test("import openapi writes a checked session, reports it, and never overwrites without --force")
    func openapi() throws {
        let dir = try ScratchDirectory(["pets.yaml": Self.spec])
        defer { dir.remove() }
        let first = try StrataBinary.run(["import", "openapi", "pets.yaml"], in: URL(fileURLWithPath: dir.path))
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("made: 1 route, 1 mapping class, 1 fixture pair"))
        #expect(first.stdout.contains("wrote pets/session.json"))
        #expect(first.stdout.contains("check: OK: Pets — 1 route, 1 fixture file, 1 pair"))
        let run = try StrataBinary.run(["run", dir.url("pets"), "listPets", "--show", "mapped"])
        #expect(run.stdout.contains("Pet"))
        #expect(run.stdout.contains("\"Rex\""))
        let again = try StrataBinary.run(["import", "openapi", "pets.yaml"], in: URL(fileURLWithPath: dir.path))
        #expect(again.status == 1)
        #expect(again.stderr.contains("not overwriting pets/session.json"))
        let forced = try StrataBinary.run(
            ["import", "openapi", "pets.yaml", "--force"], in: URL(fileURLWithPath: dir.path))
        #expect(forced.status == 0)
    }

    /// DigitalOcean's layout, cut down: the spec names each path item's file, and those name shared parameters
    /// through `../`, from another folder beside them.
    static let multiFile = [
        "spec.yaml": """
        openapi: 3.0.0
        info: { title: Droplets }
        servers: [ { url: "https://api.droplets.test" } ]
        paths:
          /v2/droplets/{droplet_id}/actions/{action_id}:
            get: { $ref: "resources/droplets/dropletActions_get.yml" }
        """,
        "resources/droplets/dropletActions_get.yml": """
        operationId: dropletActions_get
        parameters:
          - $ref: "parameters.yml#/droplet_id"
          - $ref: "../actions/parameters.yml#/action_id"
        responses:
          "200":
            description: ok
            content: { application/json: { example: { action: { id: 36804636, status: completed } } } }
        """,
        "resources/droplets/parameters.yml": """
        droplet_id: { in: path, name: droplet_id, required: true, schema: { type: integer }, example: 3164444 }
        """,
        "resources/actions/parameters.yml": """
        action_id: { in: path, name: action_id, required: true, schema: { type: integer }, example: 36804636 }
        """,
    ]

    @Test("a multi-file spec named by its bare file name reads the files beside it, '../' between them included")
    func multiFileFromItsFolder() throws {
        let dir = try ScratchDirectory(Self.multiFile)
        defer { dir.remove() }
        let r = try StrataBinary.run(["import", "openapi", "spec.yaml"], in: URL(fileURLWithPath: dir.path))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stdout.contains("outside the spec's folder"))
        #expect(r.stdout.contains("check: OK: Droplets — 1 route"))
        let session = dir.read("spec/session.json") ?? ""
        #expect(session.contains(#""droplet_id": "3164444""#) || session.contains(#""droplet_id": 3164444"#))
        #expect(session.contains(#""action_id": "36804636""#) || session.contains(#""action_id": 36804636"#))
    }

    @Test("unreadable input exits 1 with FILE:LINE:COL")
    func unreadable() throws {
        let dir = try ScratchDirectory(["bad.json": "{\n  \"openapi\": 3,,\n}"])
        defer { dir.remove() }
        let r = try StrataBinary.run(["import", "openapi", dir.url("bad.json")])
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("strata: \(dir.url("bad.json")):2:"))
    }

    @Test("import curl reads the command from standard input and adds it --into a session")
    func curlFromStdin() throws {
        let dir = try ScratchDirectory()
        defer { dir.remove() }
        let command = "curl 'https://api.test/items?page=2' \\\n  -H 'Authorization: Bearer abcd1234efgh'\n"
        let r = try StrataBinary.run(
            ["import", "curl", "-", "--into", dir.url("s"), "--name", "items"], stdin: Data(command.utf8))
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("made: route items GET /items"))
        let text = try #require(dir.read("s/session.json"))
        #expect(!text.contains("abcd1234efgh"))
        let routes = try StrataBinary.run(["routes", dir.url("s")])
        #expect(routes.stdout.contains("items"))
    }
}
