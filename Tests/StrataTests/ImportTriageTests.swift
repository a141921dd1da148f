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

    @Test("OpenAI: without a discriminator mapping, a variant's one allowed value selects it, as its name does")
    func discriminatorValuesFromVariants() throws {
        let spec = """
            openapi: 3.1.0
            info: { title: Calls }
            paths:
              /calls:
                get:
                  operationId: listCalls
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema:
                            type: object
                            required: [data]
                            properties: { data: { type: array, items: { $ref: "#/components/schemas/Call" } } }
                          example: { data: [ { type: function, name: get_weather }, { type: custom, input: "x" } ] }
            components:
              schemas:
                Call:
                  oneOf: [ { $ref: "#/components/schemas/FunctionCall" }, { $ref: "#/components/schemas/CustomCall" } ]
                  discriminator: { propertyName: type }
                FunctionCall:
                  type: object
                  required: [type, name]
                  properties: { type: { type: string, enum: [function] }, name: { type: string } }
                CustomCall:
                  type: object
                  required: [type, input]
                  properties: { type: { const: custom }, input: { type: string } }
            """
        try imported(spec) { session in
            #expect(session.mappingErrors == [])
            #expect(session.text("session.json").contains(#""map": "ListCallsResponse""#))
            #expect(session.text("session.json").contains(#""function": "FunctionCall""#))
            #expect(session.text("session.json").contains(#""FunctionCall": "FunctionCall""#))
            #expect(session.text("session.json").contains(#""custom": "CustomCall""#))
        }
    }

    @Test("DigitalOcean: allOf of one $ref and a description is that ref's type, an array included")
    func allOfOfOnePart() throws {
        let spec = """
            openapi: 3.0.3
            info: { title: Firewalls }
            paths:
              /firewalls:
                get:
                  operationId: listFirewalls
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: { $ref: "#/components/schemas/firewall" }
                          example: { name: web, tags: [frontend], owner: { login: octo } }
              /firewalls/made:
                get:
                  operationId: madeFirewall
                  responses:
                    "200": { description: ok, content: { application/json: { schema: { $ref: "#/components/schemas/firewall" } } } }
            components:
              schemas:
                tags: { type: array, items: { type: string } }
                user: { type: object, required: [login], properties: { login: { type: string } } }
                firewall:
                  type: object
                  required: [name, tags, owner]
                  properties:
                    name: { type: string }
                    tags: { allOf: [ { $ref: "#/components/schemas/tags" }, { description: the firewall's tags } ] }
                    owner: { allOf: [ { $ref: "#/components/schemas/user" } ], nullable: true }
            """
        try imported(spec) { session in
            #expect(session.mappingErrors == [])
            let firewall = session.sessionObject["mappings"]?["firewall"]?["properties"]
            #expect(firewall?["tags"]?.value as? String == "[string]")
            #expect(firewall?["owner"]?["type"]?.value as? String == "user")
            #expect(firewall?["owner"]?["optional"]?.value as? Bool == true)
            #expect(session.sessionObject["mappings"]?["firewallOwner"] == nil)
        }
    }

    @Test("DigitalOcean: an example that is only a $ref is the value it names")
    func referencedExample() throws {
        let dir = try ScratchDirectory([
            "spec.yaml": """
            openapi: 3.0.3
            info: { title: Prefixes }
            paths:
              /prefixes:
                get:
                  operationId: listPrefixes
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema: { type: object, required: [meta], properties: { meta: { type: object, properties: { total: { type: integer } } } } }
                          example: { $ref: "examples.yml#/prefix_list" }
            """,
            "examples.yml": "prefix_list:\n  meta: { total: 2 }\n",
        ])
        defer { dir.remove() }
        let session = try ImportedSession(try OpenAPIImport.session(path: dir.url("spec.yaml")))
        defer { session.scratch.remove() }
        #expect(session.mappingErrors == [])
        #expect(session.text("fixtures/listPrefixes.json").contains(#""total": 2"#))
    }

    @Test("GitHub: another 2xx example of another shape than the mapped one is left out, and said so")
    func otherSuccessShapes() throws {
        let spec = """
            openapi: 3.0.3
            info: { title: Deployments }
            paths:
              /deployments:
                post:
                  operationId: createDeployment
                  responses:
                    "201":
                      description: created
                      content: { application/json: { schema: { $ref: "#/components/schemas/deployment" }, example: { id: 1, sha: abc } } }
                    "202":
                      description: merged branch
                      content: { application/json: { schema: { type: object, properties: { message: { type: string } } }, example: { message: Auto-merged } } }
                    "200":
                      description: the same shape again
                      content: { application/json: { schema: { $ref: "#/components/schemas/deployment" }, example: { id: 2, sha: def } } }
            components:
              schemas:
                deployment: { type: object, required: [id, sha], properties: { id: { type: integer }, sha: { type: string } } }
            """
        try imported(spec) { session in
            #expect(session.mappingErrors == [])
            let fixture = session.text("fixtures/createDeployment.json")
            #expect(!fixture.contains("Auto-merged"))
            #expect(fixture.contains(#""sha": "def""#))
            #expect(
                session.result.notCarried.contains {
                    $0.contains("the 202 example of createDeployment has another schema than the 201 response")
                })
        }
    }

    @Test("Kubernetes: an int-or-string takes both; a writeOnly member is not expected in a response")
    func intOrStringAndWriteOnly() throws {
        let spec = """
            swagger: "2.0"
            info: { title: Services }
            host: k8s.test
            paths:
              /services:
                get:
                  operationId: listServices
                  produces: [application/json]
                  responses:
                    "200":
                      description: ok
                      schema: { type: array, items: { $ref: "#/definitions/ServicePort" } }
                      examples: { application/json: [ { name: web, targetPort: 8080 }, { name: api, targetPort: http } ] }
            definitions:
              ServicePort:
                type: object
                required: [name, targetPort, password]
                properties:
                  name: { type: string }
                  targetPort: { type: string, format: int-or-string }
                  password: { type: string, writeOnly: true }
            """
        try imported(spec) { session in
            #expect(session.mappingErrors == [])
        }
    }
}
