import Foundation
import Strata
import StrataTestSupport
import Testing

/// Mapping errors a real description's own examples showed that were ours, each on an excerpt written to reproduce
/// it: the session an import writes maps its fixtures without an error.
@Suite struct ImportTriageTests {
    /// Imports `spec` (JSON or YAML) named `file`, for the test to inspect; removes it when `body` returns.
    func imported(_ spec: String, file: String = "spec.yaml", _ body: (ImportedSession) throws -> Void) throws {
        let session = try ImportedSession(try OpenAPIImport.session(Array(spec.utf8), file: file))
        defer { session.scratch.remove() }
        #expect(session.checkProblems == [])
        try body(session)
    }

    @Test("GitHub: a fixture of /runners/downloads maps with that route, not with /runners/{runner_id}")
    func mostSpecificRoute() throws {
        let spec = """
            openapi: 3.0.3
            info: { title: Runners }
            paths:
              /orgs/{org}/actions/runners/{runner_id}:
                get:
                  operationId: getRunner
                  parameters:
                    - { name: org, in: path, required: true, schema: { type: string }, example: octo }
                    - { name: runner_id, in: path, required: true, schema: { type: integer }, example: 42 }
                  responses:
                    "200": { description: ok, content: { application/json: {
                      schema: { $ref: "#/components/schemas/runner" }, example: { id: 42, name: mac } } } }
              /orgs/{org}/actions/runners/downloads:
                get:
                  operationId: listDownloads
                  parameters: [ { name: org, in: path, required: true, schema: { type: string }, example: octo } ]
                  responses:
                    "200": { description: ok, content: { application/json: {
                      schema: { type: array, items: { $ref: "#/components/schemas/download" } },
                      example: [ { os: osx, filename: runner.tar.gz } ] } } }
            components:
              schemas:
                runner: { type: object, required: [id, name], properties: { id: { type: integer }, name: { type: string } } }
                download: { type: object, required: [os, filename], properties: { os: { type: string }, filename: { type: string } } }
            """
        try imported(spec) { session in
            #expect(session.mappingErrors == [])
        }
    }

    @Test("Kubernetes, DigitalOcean: a body made from a deep or self-referring schema fits it (no nulls, no cycles)")
    func madeUpBodiesFit() throws {
        let spec = """
            openapi: 3.0.3
            info: { title: Agents }
            paths:
              /agents/{id}:
                get:
                  operationId: getAgent
                  parameters: [ { name: id, in: path, required: true, schema: { type: string }, example: a1 } ]
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/agent" } } } }
            components:
              schemas:
                agent:
                  type: object
                  required: [name, selector]
                  properties:
                    name: { type: string }
                    parent: { $ref: "#/components/schemas/agent" }
                    children: { type: array, items: { $ref: "#/components/schemas/agent" } }
                    selector: { $ref: "#/components/schemas/level1" }
                level1: { type: object, required: [next], properties: { next: { $ref: "#/components/schemas/level2" } } }
                level2: { type: object, required: [next], properties: { next: { $ref: "#/components/schemas/level3" } } }
                level3: { type: object, required: [next], properties: { next: { $ref: "#/components/schemas/level4" } } }
                level4: { type: object, required: [next], properties: { next: { $ref: "#/components/schemas/level5" } } }
                level5:
                  type: object
                  required: [key, values]
                  properties:
                    key: { type: string }
                    values: { type: array, items: { type: string } }
                    extra: { type: object, properties: { deep: { type: string } } }
            """
        try imported(spec) { session in
            #expect(session.mappingErrors == [])
            let fixture = session.text("fixtures/getAgent.json")
            #expect(!fixture.contains("null"))
            #expect(fixture.contains(#""children": ["#))
            #expect(!fixture.contains(#""extra""#), "optional members deep down are left out")
        }
    }
}
