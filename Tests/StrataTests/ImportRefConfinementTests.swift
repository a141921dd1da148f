import Foundation
import Strata
import StrataTestSupport
import Testing

/// `strata import openapi` follows a `$ref` to another file only when it resolves to a regular file inside the
/// spec's folder: never out through a symlink or `..`, and never to a URL.
@Suite struct ImportRefConfinementTests {
    /// One operation per kind of `$ref`; each response has a schema and no example, so the fixture is made from it.
    static let spec = """
        openapi: 3.0.3
        info: { title: Refs }
        paths:
          /linked: { get: { operationId: linked, responses: { "200": { description: ok, content: {
              application/json: { schema: { $ref: "models.yaml#/Secret" } } } } } } }
          /parent: { get: { operationId: parent, responses: { "200": { description: ok, content: {
              application/json: { schema: { $ref: "../outside.yaml#/Secret" } } } } } } }
          /remote: { get: { operationId: remote, responses: { "200": { description: ok, content: {
              application/json: { schema: { $ref: "https://models.example/secret.yaml#/Secret" } } } } } } }
          /passwd: { get: { operationId: passwd, responses: { "200": { description: ok, content: {
              application/json: { schema: { $ref: "file:///etc/passwd" } } } } } } }
          /local: { get: { operationId: local, responses: { "200": { description: ok, content: {
              application/json: { schema: { $ref: "schemas/../local.yaml#/Item" } } } } } } }
        """

    /// A schema whose example is `value`: the value lands in the fixture when the schema is read.
    static func secret(_ value: String) -> String {
        "Secret: { type: object, properties: { token: { type: string, example: \(value) } } }"
    }

    /// The spec in `spec/`, `models.yaml` beside it a symlink to `elsewhere/models.yaml`, `outside.yaml` above it.
    static func importRefs() throws -> ImportedSession {
        let scratch = try ScratchDirectory([
            "spec/api.yaml": spec,
            "spec/local.yaml": "Item: { type: object, properties: { label: { type: string, example: in-folder } } }",
            "spec/schemas/.keep": "",
            "elsewhere/models.yaml": secret("symlinked-secret"),
            "outside.yaml": secret("parent-secret"),
        ])
        try FileManager.default.createSymbolicLink(
            atPath: scratch.url("spec/models.yaml"), withDestinationPath: scratch.url("elsewhere/models.yaml"))
        return try ImportedSession(OpenAPIImport.session(path: scratch.url("spec/api.yaml")), scratch: scratch)
    }

    @Test("values behind a symlink, a '..' path, an https: URL or a file: URL never reach the session")
    func nothingOutsideIsRead() throws {
        let refs = try Self.importRefs()
        defer { refs.scratch.remove() }
        for leaked in ["symlinked-secret", "parent-secret", "root:x:"] {
            #expect(!refs.allText.contains(leaked), "\(leaked) was read")
        }
        #expect(refs.checkProblems == [])
    }

    @Test("each ref not followed is a note naming the ref and why, and its schema is left open")
    func notesNameTheRefAndWhy() throws {
        let refs = try Self.importRefs()
        defer { refs.scratch.remove() }
        let notes = refs.result.notCarried
        let linked = try SessionFiles.resolve(refs.scratch.url("elsewhere/models.yaml"), inside: "/").get()
        let parent = try SessionFiles.resolve(refs.scratch.url("outside.yaml"), inside: "/").get()
        let why = [
            "models.yaml#/Secret": "resolves to \(linked), outside the spec's folder",
            "../outside.yaml#/Secret": "resolves to \(parent), outside the spec's folder",
            "https://models.example/secret.yaml#/Secret": "is a URL (https:); only files in the spec's folder",
            "file:///etc/passwd": "is a URL (file:); only files in the spec's folder",
        ]
        for (ref, reason) in why {
            let note = notes.first { $0.contains("$ref \(ref) ") }
            #expect(note?.contains(reason) == true, "\(ref): \(note ?? "no note") in \(notes)")
            #expect(note?.hasPrefix(refs.scratch.url("spec/api.yaml:")) == true, "\(note ?? "")")
        }
        for route in ["linked", "parent", "remote", "passwd"] {
            #expect(refs.text("fixtures/\(route).json").contains(#""body": null"#), "\(route)")
        }
    }

    @Test("a ref to a file in the spec's folder still resolves, through '..' that stays inside")
    func inFolderRefsResolve() throws {
        let refs = try Self.importRefs()
        defer { refs.scratch.remove() }
        #expect(refs.text("fixtures/local.json").contains(#""label": "in-folder""#))
        #expect(refs.text("session.json").contains(#""map": "Item""#))
        #expect(!refs.result.notCarried.contains { $0.contains("local.yaml") })
    }
}
