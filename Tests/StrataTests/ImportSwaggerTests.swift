import Foundation
import Strata
import StrataTestSupport
import Testing

/// Swagger 2.0 read by the OpenAPI importer, on excerpts written after Kubernetes' and Slack's descriptions.
@Suite struct ImportSwaggerTests {
    /// Kubernetes' shape: `host`, `basePath` and `schemes`; global `parameters` named by `$ref` (a query param
    /// and a body param); `produces`/`consumes`; a `body` param; a proxy route with a path param and a query param
    /// both called `path`; `definitions` with `x-nullable` and a discriminator name; `x-example`.
    static let kubernetes = #"""
        {
          "swagger": "2.0",
          "info": { "title": "Kubernetes", "version": "v1.12.2" },
          "host": "k8s.test:6443", "basePath": "/", "schemes": ["http", "https"],
          "consumes": ["application/json"],
          "produces": ["application/json", "application/yaml"],
          "securityDefinitions": { "BearerToken": { "type": "apiKey", "name": "authorization", "in": "header" } },
          "security": [ { "BearerToken": [] } ],
          "paths": {
            "/api/v1/namespaces/{namespace}/pods": {
              "parameters": [
                { "$ref": "#/parameters/pretty" },
                { "name": "namespace", "in": "path", "required": true, "type": "string", "x-example": "default" }
              ],
              "get": {
                "operationId": "listNamespacedPod",
                "parameters": [ { "name": "limit", "in": "query", "type": "integer", "x-example": 5 } ],
                "responses": {
                  "200": { "description": "OK", "schema": { "$ref": "#/definitions/v1.PodList" },
                           "examples": { "application/json": { "items": [ { "name": "web-1", "phase": "Running",
                                                                          "nodeName": null } ] } } },
                  "401": { "description": "Unauthorized" }
                }
              },
              "post": {
                "operationId": "createNamespacedPod",
                "consumes": ["application/json", "application/yaml"],
                "parameters": [ { "$ref": "#/parameters/body" } ],
                "responses": { "201": { "description": "Created", "schema": { "$ref": "#/definitions/v1.Pod" } } }
              }
            },
            "/api/v1/namespaces/{namespace}/pods/{name}/proxy/{path}": {
              "parameters": [
                { "name": "namespace", "in": "path", "required": true, "type": "string", "x-example": "default" },
                { "name": "name", "in": "path", "required": true, "type": "string", "x-example": "web-1" },
                { "name": "path", "in": "path", "required": true, "type": "string", "x-example": "healthz" },
                { "name": "path", "in": "query", "type": "string", "description": "Path is the URL path to use" }
              ],
              "get": {
                "operationId": "connectGetNamespacedPodProxyWithPath",
                "produces": ["*/*"],
                "responses": { "200": { "description": "OK", "schema": { "type": "string" } } }
              }
            }
          },
          "parameters": {
            "pretty": { "name": "pretty", "in": "query", "type": "string", "uniqueItems": true },
            "body": { "name": "body", "in": "body", "required": true, "schema": { "$ref": "#/definitions/v1.Pod" } }
          },
          "definitions": {
            "v1.Pod": {
              "type": "object", "required": ["name", "nodeName"],
              "properties": {
                "name": { "type": "string", "example": "web-1" },
                "phase": { "type": "string" },
                "nodeName": { "type": "string", "x-nullable": true }
              }
            },
            "v1.PodList": {
              "type": "object",
              "properties": { "items": { "type": "array", "items": { "$ref": "#/definitions/v1.Pod" } } }
            }
          }
        }
        """#

    /// Slack's shape: only `basePath`'s host, `formData` params (a file among them makes the form multipart), a
    /// `token` in the query that the `apiKey` scheme also names, basic auth, and a discriminator given by name.
    static let slack = #"""
        swagger: "2.0"
        info: { title: Slack Web API, version: "1.7.0" }
        host: slack.test
        basePath: /api
        schemes: [https]
        produces: [application/json]
        securityDefinitions:
          slackAuth: { type: apiKey, name: token, in: query }
          admin: { type: basic }
        paths:
          /chat.postMessage:
            post:
              operationId: chat_postMessage
              consumes: [application/x-www-form-urlencoded]
              security: [ { admin: [] } ]
              parameters:
                - { name: channel, in: formData, required: true, type: string, x-example: C1234567890 }
                - { name: text, in: formData, type: string }
                - { name: as_user, in: formData, type: boolean }
              responses:
                "200":
                  description: ok
                  schema: { $ref: "#/definitions/Message" }
                  examples: { application/json: { ok: true, channel: C1234567890, kind: plain } }
          /files.upload:
            post:
              operationId: files_upload
              security: [ { slackAuth: [] } ]
              parameters:
                - { name: token, in: query, type: string }
                - { name: file, in: formData, type: file }
                - { name: title, in: formData, type: string, x-example: Report }
              responses:
                "200": { description: ok, schema: { type: object, properties: { ok: { type: boolean } } } }
        definitions:
          Message:
            type: object
            discriminator: kind
            required: [ok]
            properties:
              ok: { type: boolean }
              channel: { type: string }
              kind: { type: string }
        """#

    @Test("a Swagger 2.0 description imports and checks clean, read as OpenAPI 3.0")
    func importsAndChecks() throws {
        for (file, text) in [("kubernetes.json", Self.kubernetes), ("slack.yaml", Self.slack)] {
            let result = try OpenAPIImport.session(Array(text.utf8), file: file)
            #expect(result.made.contains("read as OpenAPI 3.0 from Swagger 2.0"), "\(file)")
            let imported = try ImportedSession(result)
            defer { imported.scratch.remove() }
            #expect(imported.checkProblems == [], "\(file)")
        }
    }

    @Test("Sessions/cluster is what importing the Kubernetes excerpt writes")
    func clusterSessionIsCurrent() throws {
        let result = try OpenAPIImport.session(
            Array(Self.kubernetes.utf8), file: "cluster-swagger.json", name: "Cluster (Swagger 2.0)")
        for file in result.files {
            let committed = FileManager.default.contents(atPath: "Sessions/cluster/" + file.path).map { [UInt8]($0) }
            #expect(committed == file.bytes, "Sessions/cluster/\(file.path) is stale: import the excerpt again")
        }
    }

    @Test("host, basePath and schemes make the base URL, https first; basePath alone is relative")
    func servers() throws {
        let k8s = try OpenAPIImport.session(Array(Self.kubernetes.utf8), file: "kubernetes.json")
        #expect(k8s.made.contains("baseURL reads ${env:KUBERNETES_URL}, default https://k8s.test:6443"))
        let slack = try OpenAPIImport.session(Array(Self.slack.utf8), file: "slack.yaml")
        #expect(slack.made.contains("baseURL reads ${env:SLACK_WEB_URL}, default https://slack.test/api"))
        let relative = Self.slack.replacingOccurrences(of: "host: slack.test\n", with: "")
        let noHost = try OpenAPIImport.session(Array(relative.utf8), file: "slack.yaml")
        #expect(noHost.notCarried.contains { $0.contains("server URL /api is relative") })
    }

    @Test("params: $ref'd globals, x-example values, path-item params, and the proxy's path and ?path=")
    func parameters() async throws {
        let imported = try ImportedSession(
            try OpenAPIImport.session(Array(Self.kubernetes.utf8), file: "kubernetes.json"))
        defer { imported.scratch.remove() }
        let session = try imported.session
        let list = try session.build("listNamespacedPod")
        #expect(list.url == "https://k8s.test:6443/api/v1/namespaces/default/pods?limit=5")
        #expect(list.params.contains { $0.name == "pretty" && $0.location == .query })
        let proxy = try #require(session.route(named: "connectGetNamespacedPodProxyWithPath"))
        let builder = RequestBuilder(session: session, environment: [:])
        let edited = try builder.build(proxy, edits: [.set(name: "query:path", value: "/ready")])
        #expect(edited.url == "https://k8s.test:6443/api/v1/namespaces/default/pods/web-1/proxy/healthz?path=%2Fready")
    }

    @Test("a body param is the JSON body (its schema's members are params); the response example by type a fixture")
    func bodyAndExamples() async throws {
        let imported = try ImportedSession(
            try OpenAPIImport.session(Array(Self.kubernetes.utf8), file: "kubernetes.json"))
        defer { imported.scratch.remove() }
        let create = try imported.session.build("createNamespacedPod")
        #expect(create.headers["Content-Type"] == "application/json")
        #expect(String(decoding: create.body ?? [], as: UTF8.self) == #"{"name":"web-1","nodeName":"example"}"#)
        let exchange = try await imported.run("listNamespacedPod")
        let mapped = try #require(exchange.mapping)
        #expect(mapped.issues.filter { $0.severity == .error }.isEmpty, "\(mapped.issuesText())")
        let pod = try #require(imported.sessionObject["mappings"]?["V1Pod"]?["properties"])
        #expect(pod["nodeName"]?["optional"]?.value as? Bool == true, "x-nullable, though required")
        #expect(pod["name"]?.value as? String == "string")
    }

    @Test("formData params are a form, multipart with a file; an operation's security names its credential param")
    func forms() throws {
        let imported = try ImportedSession(try OpenAPIImport.session(Array(Self.slack.utf8), file: "slack.yaml"))
        defer { imported.scratch.remove() }
        let session = try imported.session
        let post = try session.build("chat_postMessage", environment: ["SLACK_WEB_ADMIN": "u:p"])
        #expect(post.headers["Content-Type"] == "application/x-www-form-urlencoded")
        #expect(String(decoding: post.body ?? [], as: UTF8.self) == "channel=C1234567890")
        #expect(post.headers["Authorization"] == "Basic u:p")
        let upload = try session.build("files_upload", environment: ["SLACK_WEB_SLACK_AUTH": "xoxb-1234"])
        #expect(upload.url == "https://slack.test/api/files.upload?token=xoxb-1234")
        #expect(String(decoding: upload.body ?? [], as: UTF8.self) == "title=Report")
        #expect(imported.result.notCarried.contains { $0.contains("files_upload takes multipart/form-data") })
        let uploadParams = imported.sessionObject["routes"]?[1]?["params"]
        #expect(uploadParams?["token"]?["value"]?.value as? String == "${env:SLACK_WEB_SLACK_AUTH}")
    }

    @Test("allOf over a $ref'd definition merges its parts (whose discriminator is given by name)")
    func discriminatorName() throws {
        let swagger = #"""
            { "swagger": "2.0", "info": { "title": "Zoo" }, "host": "zoo.test",
              "paths": { "/pets": { "get": { "operationId": "pets", "responses": { "200": { "description": "ok",
                "schema": { "type": "array", "items": { "$ref": "#/definitions/Pet" } } } } } } },
              "definitions": {
                "Pet": { "type": "object", "discriminator": "petType", "required": ["petType"],
                         "properties": { "petType": { "type": "string" } } },
                "Cat": { "allOf": [ { "$ref": "#/definitions/Pet" },
                                    { "type": "object", "properties": { "purrs": { "type": "boolean" } } } ] } } }
            """#
        let imported = try ImportedSession(try OpenAPIImport.session(Array(swagger.utf8), file: "zoo.json"))
        defer { imported.scratch.remove() }
        let cat = try #require(imported.sessionObject["mappings"]?["Cat"]?["properties"])
        #expect(cat["petType"]?.value as? String == "string")
        #expect(cat["purrs"]?["type"]?.value as? String == "bool")
    }

    @Test("a Swagger version other than 2.0 is refused at its place")
    func otherVersions() throws {
        #expect(throws: ImportError.self) {
            try OpenAPIImport.session(Array(#"{ "swagger": "1.2", "paths": {} }"#.utf8), file: "old.json")
        }
        do {
            _ = try OpenAPIImport.session(Array(#"{ "swagger": "1.2", "paths": {} }"#.utf8), file: "old.json")
        } catch {
            #expect(error.description == "old.json:1:14: Swagger 1.2 is not supported (2.0, OpenAPI 3.0 and 3.1 are)")
        }
    }
}

/// OpenAPI keys a parameter by name and place: the path item's and the operation's parameters merge by both,
/// `$ref`'d ones included, and two of one name in different places both reach the session.
@Suite struct ImportParamKeyTests {
    static let spec = #"""
        openapi: 3.0.3
        info: { title: Proxy }
        servers: [ { url: "https://proxy.test" } ]
        paths:
          /nodes/{name}/proxy/{path}:
            parameters:
              - $ref: "#/components/parameters/name"
              - { name: path, in: path, required: true, schema: { type: string }, example: stats }
              - { name: path, in: query, schema: { type: string }, example: /old }
            get:
              operationId: proxyNode
              parameters:
                - { $ref: "#/components/parameters/queryPath" }
                - { name: name, in: query, schema: { type: string }, example: also-a-query }
              responses: { "200": { description: ok } }
        components:
          parameters:
            name: { name: name, in: path, required: true, schema: { type: string }, example: node-1 }
            queryPath: { name: path, in: query, schema: { type: string }, example: /metrics }
        """#

    @Test("the operation's $ref'd query param replaces the path item's of the same name and place, not the path one")
    func mergedByNameAndPlace() throws {
        let imported = try ImportedSession(try OpenAPIImport.session(Array(Self.spec.utf8), file: "proxy.yaml"))
        defer { imported.scratch.remove() }
        #expect(imported.checkProblems == [])
        let request = try imported.session.build("proxyNode")
        #expect(request.url == "https://proxy.test/nodes/node-1/proxy/stats?path=%2Fmetrics&name=also-a-query")
        let params = try #require(imported.sessionObject["routes"]?[0]?["params"])
        #expect(params["query:path"]?["name"]?.value as? String == "path")
        #expect(params["query:path"]?["in"]?.value as? String == "query")
        #expect(params["query:name"]?["name"]?.value as? String == "name")
        #expect(params["path"]?.value as? String == "stats")
        #expect(imported.text("fixtures/proxyNode.json").contains(#""/nodes/node-1/proxy/stats""#))
    }
}
