import Foundation
import StrataTestSupport
import Testing

@testable import Strata
@testable import StrataDocuments
@testable import StrataMapping

/// An import writes its session whole or not at all.
@Suite struct ImportAllOrNothingTests {
    static func file(_ path: String, _ text: String) -> ImportedFile {
        ImportedFile(path: path, bytes: Array(text.utf8))
    }

    @Test("a file that cannot be written takes back the ones before it: new files and folders gone, old ones restored")
    func takenBack() throws {
        let scratch = try ScratchDirectory(["out/session.json": "old session", "out/blocked": "a file, not a folder"])
        defer { scratch.remove() }
        let result = ImportResult(
            files: [
                Self.file("session.json", "new session"), Self.file("fixtures/a.json", "{}"),
                Self.file("blocked/b.json", "{}"),
            ], made: [], notCarried: [])
        #expect(throws: ImportError.self) { try result.write(to: scratch.url("out"), force: true) }
        #expect(scratch.read("out/session.json") == "old session")
        #expect(scratch.list("out") == ["blocked", "session.json"])
        #expect(scratch.read("out/blocked") == "a file, not a folder")
    }

    @Test("an OpenAPI operationId of 300 characters imports whole, its fixture file under a bounded name")
    func longOperationId() throws {
        let op = String(repeating: "x", count: 300)
        let spec = """
            { "openapi": "3.0.0", "info": { "title": "T", "version": "1" },
              "paths": { "/b": { "get": { "operationId": "\(op)", "responses": { "200": { "description": "ok",
                "content": { "application/json": { "example": { "b": 1 } } } } } } } } }
            """
        let scratch = try ScratchDirectory(["spec.json": spec])
        defer { scratch.remove() }
        let result = try OpenAPIImport.session(path: scratch.url("spec.json"))
        _ = try result.write(to: scratch.url("S"), force: false)
        let names = scratch.list("S/fixtures")
        #expect(names.count == 1 && names[0].utf8.count <= 125, "\(names)")
        #expect(SessionCheck.run(path: scratch.url("S")).diagnostics.isEmpty)
    }
}
