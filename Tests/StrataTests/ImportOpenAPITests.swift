import Foundation
import Strata
import StrataTestSupport
import Testing

@Suite struct ImportOpenAPITests {
    /// A spec using every construct the importer reads; `models.json` beside it holds shared schemas.
    static let spec = #"""
        {
          "openapi": "3.1.0",
          "info": { "title": "Zoo API", "version": "1" },
          "servers": [ { "url": "https://{region}.zoo.test/{version}",
                         "variables": { "region": { "default": "eu" }, "version": { "default": "v2" } } } ],
          "security": [ { "apiKey": [] } ],
          "paths": {
            "/animals": {
              "get": {
                "operationId": "listAnimals", "summary": "All the animals",
                "parameters": [
                  { "name": "limit", "in": "query", "schema": { "type": "integer", "default": 20 } },
                  { "name": "kind", "in": "query", "required": true, "schema": { "type": "string", "enum": ["cat", "dog"] } },
                  { "name": "X-Request-Id", "in": "header", "example": "r-1", "schema": { "type": "string" } },
                  { "name": "session_token", "in": "query", "schema": { "type": "string" } },
                  { "name": "prefs", "in": "cookie", "example": "compact", "schema": { "type": "string" } }
                ],
                "responses": {
                  "404": { "description": "none", "content": { "application/json": {
                    "schema": { "$ref": "#/components/schemas/Problem" }, "example": { "message": "no zoo" } } } },
                  "200": { "description": "ok", "content": { "application/json": {
                    "schema": { "type": "object", "properties": {
                      "animals": { "type": "array", "items": { "oneOf": [ { "$ref": "#/components/schemas/Cat" },
                                                                           { "$ref": "#/components/schemas/Dog" } ],
                                                               "discriminator": { "propertyName": "kind",
                                                                 "mapping": { "cat": "#/components/schemas/Cat", "dog": "Dog" } } } },
                      "total": { "type": "integer", "format": "int64" } }, "required": ["animals", "total"] },
                    "examples": { "two": { "value": { "total": 2, "animals": [
                      { "kind": "cat", "name": "Tom", "born": "2020-01-02T03:04:05Z", "lives": 9 },
                      { "kind": "dog", "name": "Rex", "born": "2019-05-06T00:00:00Z", "good": true } ] } } } } } }
                }
              },
              "post": {
                "operationId": "addAnimal",
                "security": [ { "bearer": [] } ],
                "requestBody": { "content": { "application/json": {
                  "schema": { "$ref": "#/components/schemas/Cat" },
                  "example": { "kind": "cat", "name": "Tom", "lives": 9, "password": "swordfish-77" } } } },
                "responses": { "201": { "description": "made", "content": { "application/json": {
                  "schema": { "$ref": "#/components/schemas/Cat" } } } } }
              }
            },
            "/animals/{animalId}": {
              "parameters": [ { "name": "animalId", "in": "path", "required": true, "schema": { "type": "string", "format": "uuid" },
                                "example": "0b7e4c1a-5f2e-4a57-9a7e-2d1f3c4b5a69" } ],
              "get": {
                "responses": { "200": { "description": "one", "content": { "application/json": {
                  "schema": { "$ref": "models.json#/Keeper" } } } } }
              },
              "put": {
                "operationId": "renameAnimal",
                "requestBody": { "content": { "application/x-www-form-urlencoded": {
                  "schema": { "type": "object", "properties": { "name": { "type": "string", "example": "Felix" } } } } } },
                "responses": { "204": { "description": "done" } }
              }
            }
          },
          "components": {
            "securitySchemes": {
              "apiKey": { "type": "apiKey", "in": "header", "name": "X-Zoo-Key" },
              "bearer": { "type": "http", "scheme": "bearer" }
            },
            "schemas": {
              "Animal": { "type": "object", "required": ["kind", "name"], "properties": {
                "kind": { "type": "string" }, "name": { "type": "string" },
                "born": { "type": "string", "format": "date-time" },
                "tags": { "type": "object", "additionalProperties": { "type": "string" } },
                "parent": { "$ref": "#/components/schemas/Animal" } } },
              "Cat": { "allOf": [ { "$ref": "#/components/schemas/Animal" },
                                  { "type": "object", "properties": { "lives": { "type": "integer", "format": "int32" } } } ] },
              "Dog": { "allOf": [ { "$ref": "#/components/schemas/Animal" },
                                  { "properties": { "good": { "type": ["boolean", "null"] },
                                                    "site": { "type": "string", "format": "uri" } } } ] },
              "Problem": { "type": "object", "properties": { "message": { "type": "string" } } }
            }
          }
        }
        """#

    static let models = #"""
        { "Keeper": { "type": "object", "required": ["id"], "properties": {
            "id": { "type": "string", "format": "uuid" },
            "since": { "type": "string", "format": "date" },
            "badge": { "type": "object", "properties": { "number": { "type": "integer" } } },
            "friend": { "$ref": "#/Keeper" } },
          "example": { "id": "k-1", "since": "2021-03-04", "badge": { "number": 7 } } } }
        """#

    static func importZoo() throws -> ImportedSession {
        let scratch = try ScratchDirectory(["spec/zoo.json": spec, "spec/models.json": models])
        return try ImportedSession(OpenAPIImport.session(path: scratch.url("spec/zoo.json")), scratch: scratch)
    }

    @Test func theImportedSessionPassesCheck() throws {
        let zoo = try Self.importZoo()
        defer { zoo.scratch.remove() }
        #expect(zoo.checkProblems == [])
        let session = try zoo.session
        #expect(session.baseURL.text == "${env:ZOO_API_URL:-https://eu.zoo.test/v2}")
        #expect(session.routes.map(\.name) == ["listAnimals", "addAnimal", "getAnimalsByAnimalId", "renameAnimal"])
    }

    @Test func securitySchemesReadTheEnvironmentAndAreRedacted() throws {
        let zoo = try Self.importZoo()
        defer { zoo.scratch.remove() }
        let text = zoo.text("session.json")
        #expect(text.contains(#""X-Zoo-Key": "${env:ZOO_API_API_KEY}""#))
        #expect(text.contains(#""Authorization": "Bearer ${env:ZOO_API_BEARER}""#))
        #expect(!text.contains("swordfish"))
        let session = try zoo.session
        for name in ["X-Zoo-Key", "Authorization", "password", "session_token"] {
            #expect(session.redact.contains(name), "\(name)")
        }
    }

    @Test func paramsKeepPlacementRequiredDefaultsAndExamples() throws {
        let zoo = try Self.importZoo()
        defer { zoo.scratch.remove() }
        let session = try zoo.session
        let list = try session.build("listAnimals")
        #expect(list.url == "https://eu.zoo.test/v2/animals?limit=20&kind=cat")
        #expect(list.headers["X-Request-Id"] == "r-1")
        #expect(list.headers["Cookie"] == "prefs=compact")
        let add = try session.build("addAnimal")
        #expect(add.bodyText == #"{"kind":"cat","name":"Tom","lives":9}"#)
        let rename = try session.build("renameAnimal")
        #expect(rename.bodyText == "name=Felix")
        #expect(rename.url == "https://eu.zoo.test/v2/animals/0b7e4c1a-5f2e-4a57-9a7e-2d1f3c4b5a69")
    }

    @Test func mappingsAreDraftedFromTheSchemas() throws {
        let zoo = try Self.importZoo()
        defer { zoo.scratch.remove() }
        let text = zoo.text("session.json")
        // allOf merged, date-time, dictionary, a cycle through $ref, int32, 3.1 nullable, uri.
        #expect(text.contains(#""born": {"#) && text.contains(#""format": "rfc3339""#))
        #expect(text.contains(#""tags": {"#) && text.contains(#""type": "{string}""#))
        #expect(text.contains(#""parent": {"#) && text.contains(#""type": "Animal""#))
        #expect(text.contains(#""lives": {"#) && text.contains(#""description": "int32""#))
        #expect(text.contains(#""site": {"#) && text.contains(#""type": "url""#))
        // oneOf with a discriminator: a polymorphic array; an inline object a named class.
        #expect(text.contains(#""of": {"#) && text.contains(#""by": "kind""#))
        #expect(text.contains(#""cat": "Cat""#) && text.contains(#""dog": "Dog""#))
        #expect(text.contains(#""badge": {"#) && text.contains(#""KeeperBadge": {"#))
        #expect(text.contains(#""map": "ListAnimalsResponse""#))
    }

    @Test("a response schema that is only additionalProperties maps the route as {T}, and its made fixture shows one")
    func dictionaryRoot() async throws {
        // APIs.guru's GET /list.json: a root dictionary of API, whose versions are a dictionary of ApiVersion.
        let spec = #"""
            { "openapi": "3.0.0", "info": { "title": "APIs", "version": "2" },
              "servers": [ { "url": "https://api.apis.guru/v2" } ],
              "paths": { "/list.json": { "get": { "operationId": "listAPIs", "responses": { "200": {
                "description": "OK", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/APIs" } } } } } } } },
              "components": { "schemas": {
                "APIs": { "type": "object", "additionalProperties": { "$ref": "#/components/schemas/API" }, "minProperties": 1 },
                "API": { "type": "object", "additionalProperties": false, "required": ["added", "versions"], "properties": {
                  "added": { "type": "string", "format": "date-time" },
                  "versions": { "type": "object", "additionalProperties": { "$ref": "#/components/schemas/ApiVersion" } },
                  "counts": { "type": "object", "additionalProperties": { "type": "integer" } } } },
                "ApiVersion": { "type": "object", "required": ["swaggerUrl"], "properties": {
                  "swaggerUrl": { "type": "string", "format": "url" } } } } } }
            """#
        let scratch = try ScratchDirectory(["spec/apis.json": spec])
        let apis = try ImportedSession(OpenAPIImport.session(path: scratch.url("spec/apis.json")), scratch: scratch)
        defer { apis.scratch.remove() }
        #expect(apis.checkProblems == [])
        let session = try apis.session
        #expect(
            session.routes.first.flatMap(session.mapping(for:))?.type == .dictionary(values: .object("API"), keys: [:]))
        let text = apis.text("session.json")
        #expect(text.contains(#""map": "{API}""#))
        #expect(text.contains(#""versions": "{ApiVersion}""#))
        #expect(text.contains(#""type": "{int}""#))
        let list = try await apis.run("listAPIs")
        let mapped = try #require(list.mapping)
        #expect(mapped.issues.filter { $0.severity == .error }.isEmpty, "\(mapped.issuesText())")
        #expect(mapped.text().hasPrefix("{1}\n  key: API\n"), "\(mapped.text())")
        #expect(mapped.text().contains("ApiVersion"), "\(mapped.text())")
    }

    @Test func routesAnswerFromExampleFixturesAndMapCleanly() async throws {
        let zoo = try Self.importZoo()
        defer { zoo.scratch.remove() }
        let list = try await zoo.run("listAnimals")
        #expect(list.response.status == 200)
        let mapped = try #require(list.mapping)
        #expect(mapped.issues.filter { $0.severity == .error }.isEmpty, "\(mapped.issuesText())")
        let text = mapped.text()
        #expect(text.contains("Cat"))
        #expect(text.contains("Dog"))
        #expect(text.contains("2020-01-02T03:04:05Z"))
        let keeper = try await zoo.run("getAnimalsByAnimalId")
        let keeperText = try #require(keeper.mapping).text()
        #expect(keeperText.contains("KeeperBadge"))
        #expect(keeperText.contains("2021-03-04T00:00:00Z"))
        let rename = try await zoo.run("renameAnimal")
        #expect(rename.response.status == 204)
    }

    @Test func the2xxPairComesFirst() throws {
        let zoo = try Self.importZoo()
        defer { zoo.scratch.remove() }
        let fixture = zoo.text("fixtures/listAnimals.json")
        let ok = try #require(fixture.range(of: "\"status\": 200"))
        let missing = try #require(fixture.range(of: "\"status\": 404"))
        #expect(ok.lowerBound < missing.lowerBound)
    }

    @Test func swagger2IsReadAsOpenAPI3() throws {
        let result = try OpenAPIImport.session(
            Array(#"{ "swagger": "2.0", "info": { "title": "Old" }, "paths": {} }"#.utf8), file: "old.json")
        #expect(result.made.contains("read as OpenAPI 3.0 from Swagger 2.0"))
    }

    @Test func unreadableInputSaysFileLineAndColumn() {
        do {
            _ = try OpenAPIImport.session(
                Array("{\n  \"openapi\": \"3.0.0\",\n  \"paths\": {,}\n}".utf8), file: "bad.json")
            Issue.record("malformed JSON was accepted")
        } catch {
            #expect(error.description.hasPrefix("bad.json:3:13: "))
        }
    }

    @Test func yamlSpecsImportLikeJSON() throws {
        let yaml = """
            openapi: 3.0.3
            info: { title: Tiny }
            servers: [ { url: "https://tiny.test" } ]
            paths:
              /items/{id}:
                get:
                  operationId: getItem
                  parameters:
                    - { name: id, in: path, required: true, example: 5, schema: { type: integer } }
                  responses:
                    "200":
                      description: one item
                      content:
                        application/json:
                          schema: { $ref: "item.yaml#/Item" }
                          example: { id: 5, label: yes, price: 1e3, note: ~ }
            """
        let item = """
            Item:
              type: object
              required: [id, label]
              properties:
                id: { type: integer }
                label: { type: string }
                price: { type: number }
                note: { type: string, nullable: true }
            """
        let scratch = try ScratchDirectory(["tiny.yaml": yaml, "item.yaml": item])
        let imported = try ImportedSession(OpenAPIImport.session(path: scratch.url("tiny.yaml")), scratch: scratch)
        defer { scratch.remove() }
        #expect(imported.checkProblems == [])
        #expect(imported.text("fixtures/getItem.json").contains(#""label": "yes""#))
        #expect(imported.text("session.json").contains(#""map": "Item""#))
    }
}
