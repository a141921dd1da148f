import Foundation
import Strata

/// `strata import openapi` on generated descriptions: a flat 5 MB spec with thousands of operations, and one of
/// Kubernetes' size and shape (about 1 000 routes and 5.8 MB: long descriptions, hundreds of definitions nested a
/// dozen levels deep with a self-referring one, query params on every list, shared params by `$ref`, proxy routes
/// with a path and a query param of one name, no examples), as OpenAPI 3.0 and as the Swagger 2.0 Kubernetes
/// publishes. Each import must take at most 5 s, and the Kubernetes-shaped one at most 150 MB as the release
/// `strata import openapi` command (writing and checking the session included); JSONSerialization reading the
/// same bytes is the peer.
enum ImportBenchmark {
    static func run(_ args: [String]) throws {
        if let k = args.firstIndex(of: ImportBenchmark.childFlag) {
            // The measuring child: a fresh, small process, so its own child's peak RSS is that child's alone.
            let command = Array(args[(k + 1)...])
            let r = try ChildPeak.run(command[0], Array(command.dropFirst()), output: "/dev/null", errors: "/dev/null")
            print("status=\(r.status) seconds=\(r.seconds) peakKB=\(r.peakKB)")
            return
        }
        if let k = args.firstIndex(of: "--write"), k + 1 < args.count {
            // The Kubernetes-shaped descriptions as files, to import by hand.
            for swagger in [false, true] {
                let file = args[k + 1] + (swagger ? "/kubernetes-swagger.json" : "/kubernetes-openapi.json")
                try BenchFiles.writeFile(file, KubernetesShape.generate(swagger: swagger).bytes)
                print("wrote \(file)")
            }
            return
        }
        let runs = 3
        let spec = generate(targetBytes: 5_000_000)
        let operations = spec.operations
        print("import: OpenAPI spec of \(spec.bytes.count / 1000) kB, \(operations) operations, best of \(runs)")
        var result: ImportResult? = nil
        let importing = try BenchTiming.measure(runs: runs) {
            result = try OpenAPIImport.session(spec.bytes, file: "generated.json")
        }.best
        let peer = BenchTiming.measure(runs: runs) {
            blackHole(try? JSONSerialization.jsonObject(with: Data(spec.bytes)))
        }.best
        var table = BenchTable(["step", "time", "ratio to peer", "limit"], rightAligned: [1, 2, 3])
        table.add([
            "strata import openapi (in process)", ms(importing), String(format: "%.1f×", importing / peer), "5000 ms",
        ])
        table.add(["JSONSerialization parse (peer)", ms(peer), "1.0×", ""])
        print(table.markdown)
        let routes = result?.made.first ?? ""
        print("made: \(routes)")
        if importing > 5 { throw BenchError("import took \(ms(importing)), over 5 s") }
        try kubernetesShaped(runs: runs)
    }

    /// The Kubernetes-shaped description, as OpenAPI 3.0 and Swagger 2.0: in process, then as the command.
    static func kubernetesShaped(runs: Int) throws {
        let strata = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("strata").path
        guard FileManager.default.isExecutableFile(atPath: strata) else {
            throw BenchError("\(strata) is missing: build it with `swift build -c release` (all products)")
        }
        let scratch = NSTemporaryDirectory() + "strata-bench-import-\(getpid())"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var table = BenchTable(
            ["description", "routes", "in process", "command (wall)", "command peak RSS", "peer", "limits"],
            rightAligned: [1, 2, 3, 4, 5])
        var failures: [String] = []
        for swagger in [false, true] {
            let spec = KubernetesShape.generate(swagger: swagger)
            let file = scratch + (swagger ? "/kubernetes-swagger.json" : "/kubernetes-openapi.json")
            try BenchFiles.writeFile(file, spec.bytes)
            var made = ""
            let importing = try BenchTiming.measure(runs: runs) {
                made = try OpenAPIImport.session(spec.bytes, file: file).made.first ?? ""
            }.best
            let peer = BenchTiming.measure(runs: runs) {
                blackHole(try? JSONSerialization.jsonObject(with: Data(spec.bytes)))
            }.best
            // The command, through a fresh child of this program that spawns it (this process holds the imports
            // above, and Linux counts a spawner's resident size in its child's peak).
            var command: ChildPeak.Result? = nil
            let arguments = ["import", "openapi", file, "--out", scratch + "/session", "--force"]
            for _ in 0..<runs {
                let r = try measureCommand([strata] + arguments, scratch: scratch)
                guard r.status == 0 else { throw BenchError("strata import openapi exited \(r.status)") }
                if command == nil || r.seconds < command!.seconds { command = r }
            }
            let checked = try ChildPeak.run(
                strata, arguments, output: scratch + "/out.txt", errors: scratch + "/err.txt")
            let out = (try? String(contentsOfFile: scratch + "/out.txt", encoding: .utf8)) ?? ""
            guard checked.status == 0, out.contains("check: OK") else {
                throw BenchError("the imported session does not check clean: \(out.suffix(500))")
            }
            let name = swagger ? "Kubernetes-shaped, Swagger 2.0" : "Kubernetes-shaped, OpenAPI 3.0"
            let megabytes = Double(command!.peakKB) / 1024
            table.add([
                "\(name), \(spec.bytes.count / 1000) kB", "\(spec.routes)", ms(importing), ms(command!.seconds),
                String(format: "%.0f MB", megabytes), ms(peer), "5000 ms, 150 MB",
            ])
            print("made (\(name)): \(made)")
            if importing > 5 || command!.seconds > 5 { failures.append("\(name) took over 5 s") }
            if megabytes > 150 { failures.append("\(name) peaked at \(Int(megabytes)) MB, over 150 MB") }
        }
        print(table.markdown)
        if !failures.isEmpty { throw BenchError(failures.joined(separator: "; ")) }
    }

    static let childFlag = "--measure-command"

    /// Runs `command` from a fresh child of this benchmark (`--measure-command`), which reports its wall time and
    /// its own peak resident memory.
    static func measureCommand(_ command: [String], scratch: String) throws -> ChildPeak.Result {
        let me = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let report = scratch + "/measure.txt"
        let r = try ChildPeak.run(me, ["import", childFlag] + command, output: report)
        let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
        var fields: [String: String] = [:]
        for part in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let kv = part.split(separator: "=", maxSplits: 1)
            if kv.count == 2 { fields[String(kv[0])] = String(kv[1]) }
        }
        guard r.status == 0, let status = fields["status"].flatMap({ Int32($0) }),
            let seconds = fields["seconds"].flatMap({ Double($0) }), let peak = fields["peakKB"].flatMap({ Int($0) })
        else { throw BenchError("the measuring child failed: \(text)") }
        return ChildPeak.Result(status: status, seconds: seconds, peakKB: peak)
    }

    static func ms(_ seconds: Double) -> String { String(format: "%.0f ms", seconds * 1000) }

    /// A spec of about `targetBytes`: resources with list / get / create / update / delete operations, a schema
    /// each (with a nested object, an array, formats and an enum) and an example per response.
    static func generate(targetBytes: Int) -> (bytes: [UInt8], operations: Int) {
        var paths: [String] = []
        var schemas: [String] = []
        var operations = 0
        var size = 0
        var n = 0
        while size < targetBytes {
            n += 1
            let name = "Resource\(n)"
            let ref = ##"{"$ref":"#/components/schemas/\##(name)"}"##
            let example =
                #"{"id":\#(n),"title":"item \#(n)","created":"2024-01-02T03:04:05Z","state":"open","owner":{"name":"ann","site":"https://a.test"},"tags":["a","b"]}"#
            let ok = #"{"description":"ok","content":{"application/json":{"schema":\#(ref),"example":\#(example)}}}"#
            let list =
                #"{"description":"ok","content":{"application/json":{"schema":{"type":"array","items":\#(ref)}}}}"#
            let params =
                #"[{"name":"limit","in":"query","schema":{"type":"integer","default":20}},{"name":"q","in":"query","description":"search","schema":{"type":"string"}}]"#
            let idParam =
                #"[{"name":"id","in":"path","required":true,"example":\#(n),"schema":{"type":"integer","format":"int64"}}]"#
            let body = #"{"content":{"application/json":{"schema":\#(ref)}}}"#
            paths.append(
                #""/r\#(n)":{"get":{"operationId":"list\#(n)","summary":"List \#(n)","parameters":\#(params),"responses":{"200":\#(list)}},"post":{"operationId":"create\#(n)","requestBody":\#(body),"responses":{"201":\#(ok),"400":{"description":"bad","content":{"application/json":{"example":{"message":"bad"}}}}}}}"#
            )
            paths.append(
                #""/r\#(n)/{id}":{"parameters":\#(idParam),"get":{"operationId":"get\#(n)","responses":{"200":\#(ok)}},"put":{"operationId":"update\#(n)","requestBody":\#(body),"responses":{"200":\#(ok)}},"delete":{"operationId":"delete\#(n)","responses":{"204":{"description":"gone"}}}}"#
            )
            schemas.append(
                #""\#(name)":{"type":"object","required":["id","title"],"properties":{"id":{"type":"integer","format":"int64","readOnly":true},"title":{"type":"string"},"created":{"type":"string","format":"date-time"},"state":{"type":"string","enum":["open","closed"]},"owner":{"type":"object","properties":{"name":{"type":"string"},"site":{"type":"string","format":"uri"}}},"tags":{"type":"array","items":{"type":"string"}},"extra":{"type":"object","additionalProperties":{"type":"integer"}}}}"#
            )
            operations += 5
            size +=
                paths[paths.count - 1].utf8.count + paths[paths.count - 2].utf8.count
                + schemas[schemas.count - 1].utf8.count
        }
        let text =
            #"{"openapi":"3.0.3","info":{"title":"Generated","version":"1"},"servers":[{"url":"https://gen.test/v1"}],"#
            + #""components":{"securitySchemes":{"key":{"type":"apiKey","in":"header","name":"X-Key"}},"schemas":{"#
            + schemas.joined(separator: ",") + "}},\"security\":[{\"key\":[]}],\"paths\":{"
            + paths.joined(separator: ",") + "}}"
        return (Array(text.utf8), operations)
    }
}

/// A description of Kubernetes' size and shape, generated: API groups of resource kinds, each listed, created, read,
/// replaced and deleted (list with Kubernetes' nine query params, shared `name`, `namespace` and `pretty` params on
/// the path item, `pretty` by `$ref`), a proxy route per group with `{path}` and `?path=`, and definitions: a kind,
/// its list, spec and status, over a pool of shared types that nest a dozen levels (each refers to deeper ones, in
/// arrays and maps) and one that refers to itself (as JSONSchemaProps does). Descriptions are a paragraph, as
/// Kubernetes' are (they are about half its bytes). No examples: every fixture is made from a schema.
enum KubernetesShape {
    static let groups = 20
    static let kindsPerGroup = 10
    static let poolTypes = 120

    typealias JSON = OutputJSON

    /// `n` words of prose about `what`.
    static func text(_ n: Int, _ what: String) -> JSON {
        let words = [
            "the", "object", "field", "value", "server", "clients", "resource", "version", "selector", "label", "must",
            "may", "when", "is", "set", "of", "and", "to", "in", "for",
        ]
        var out = "\(what) describes"
        for k in 0..<n { out += " " + words[(k * 7 + n) % words.count] }
        return .string(out + ".")
    }

    static func generate(swagger: Bool) -> (bytes: [UInt8], routes: Int) {
        let schemas = swagger ? "#/definitions/" : "#/components/schemas/"
        func ref(_ name: String) -> JSON { .object([("$ref", .string(schemas + name))]) }
        func type(_ t: String, format: String? = nil) -> JSON {
            .object([("type", .string(t))] + (format.map { [("format", .string($0))] } ?? []))
        }
        func param(_ name: String, _ place: String, _ t: String, required: Bool = false, words: Int = 40) -> JSON {
            var m: [(String, JSON)] = [
                ("name", .string(name)), ("in", .string(place)), ("description", text(words, name)),
            ]
            if required { m.append(("required", .bool(true))) }
            m += swagger ? [("type", .string(t))] : [("schema", type(t))]
            m.append(("uniqueItems", .bool(true)))
            return .object(m)
        }
        func response(_ schema: JSON, _ description: String) -> JSON {
            if swagger { return .object([("description", .string(description)), ("schema", schema)]) }
            let types = ["application/json", "application/yaml", "application/vnd.kubernetes.protobuf"]
            return .object([
                ("description", .string(description)),
                ("content", .object(types.map { ($0, .object([("schema", schema)])) })),
            ])
        }
        func operation(_ id: String, params: [JSON], body: JSON? = nil, responses: [(String, JSON)]) -> JSON {
            var m: [(String, JSON)] = [
                ("description", text(12, id)), ("operationId", .string(id)), ("tags", .array([.string("core")])),
            ]
            if swagger {
                m.append(("consumes", .array([.string("*/*")])))
                m.append(("produces", .array([.string("application/json"), .string("application/yaml")])))
            }
            var all = params
            if let body {
                if swagger {
                    all.append(
                        .object([
                            ("name", .string("body")), ("in", .string("body")), ("required", .bool(true)),
                            ("schema", body),
                        ]))
                } else {
                    m.append(
                        (
                            "requestBody",
                            .object([
                                ("required", .bool(true)),
                                ("content", .object([("application/json", .object([("schema", body)]))])),
                            ])
                        ))
                }
            }
            m.append(("parameters", .array(all)))
            m.append(("responses", .object(responses + [("401", .object([("description", .string("Unauthorized"))]))])))
            return .object(m)
        }
        let listParams = [
            "allowWatchBookmarks", "continue", "fieldSelector", "labelSelector", "limit", "resourceVersion",
            "resourceVersionMatch", "timeoutSeconds", "watch",
        ].map { param($0, "query", ["limit", "timeoutSeconds"].contains($0) ? "integer" : "string", words: 180) }
        let pretty = JSON.object([
            ("$ref", .string((swagger ? "#/parameters/" : "#/components/parameters/") + "pretty"))
        ])
        let dryRun = param("dryRun", "query", "string")
        var definitions: [(String, JSON)] = []
        // The pool: each shared type refers to the next (directly, and in an array); `Props` refers to itself.
        for i in 0..<poolTypes {
            var props: [(String, JSON)] = (0..<6).map { k in
                var m: [(String, JSON)] = [("type", .string(k % 3 == 0 ? "integer" : "string"))]
                if k % 3 == 0 { m.append(("format", .string("int64"))) }
                m.append(("description", text(55, "field\(k)")))
                return ("field\(k)", .object(m))
            }
            if i + 1 < poolTypes {
                props.append(("next", ref("Shared\(i + 1)")))
                props.append(
                    (
                        "items",
                        .object([("type", .string("array")), ("items", ref("Shared\(min(i + 2, poolTypes - 1))"))])
                    ))
            }
            if i % 10 == 0 {
                props.append(
                    ("labels", .object([("type", .string("object")), ("additionalProperties", type("string"))])))
            }
            definitions.append(
                (
                    "Shared\(i)",
                    .object([
                        ("type", .string("object")), ("description", text(30, "Shared\(i)")),
                        ("required", .array([.string("field0")])), ("properties", .object(props)),
                    ])
                ))
        }
        definitions.append(
            (
                "Props",
                .object([
                    ("type", .string("object")),
                    (
                        "properties",
                        .object([
                            (
                                "properties",
                                .object([("type", .string("object")), ("additionalProperties", ref("Props"))])
                            ),
                            ("items", ref("Props")),
                            ("allOf", .object([("type", .string("array")), ("items", ref("Props"))])),
                            ("type", type("string")),
                        ])
                    ),
                ])
            ))
        definitions.append(
            (
                "ObjectMeta",
                .object([
                    ("type", .string("object")),
                    (
                        "properties",
                        .object([
                            ("name", type("string")), ("namespace", type("string")),
                            ("creationTimestamp", type("string", format: "date-time")),
                            (
                                "labels",
                                .object([("type", .string("object")), ("additionalProperties", type("string"))])
                            ),
                            ("schema", ref("Props")),
                        ])
                    ),
                ])
            ))
        definitions.append(
            (
                "Status",
                .object([
                    ("type", .string("object")),
                    ("properties", .object([("code", type("integer", format: "int32")), ("message", type("string"))])),
                ])
            ))
        var paths: [(String, JSON)] = []
        var routes = 0
        for g in 0..<groups {
            let prefix = g == 0 ? "/api/v1" : "/apis/group\(g).k8s.test/v1"
            for k in 0..<kindsPerGroup {
                let kind = "Kind\(g)x\(k)"
                let plural = "kind\(g)x\(k)s"
                let depth = (g * kindsPerGroup + k) % (poolTypes - 12)
                func object(_ description: JSON?, _ properties: [(String, JSON)], required: [String] = []) -> JSON {
                    var m: [(String, JSON)] = [("type", .string("object"))]
                    if let description { m.append(("description", description)) }
                    if !required.isEmpty { m.append(("required", .array(required.map { .string($0) }))) }
                    m.append(("properties", .object(properties)))
                    return .object(m)
                }
                definitions.append(
                    (
                        kind + "Spec",
                        object(
                            text(150, kind + "Spec"),
                            [
                                ("template", ref("Shared\(depth)")),
                                (
                                    "containers",
                                    .object([("type", .string("array")), ("items", ref("Shared\(depth + 3)"))])
                                ),
                                ("replicas", type("integer", format: "int32")), ("paused", type("boolean")),
                            ])
                    ))
                definitions.append(
                    (
                        kind + "Status",
                        object(
                            nil,
                            [
                                ("phase", type("string")),
                                (
                                    "conditions",
                                    .object([("type", .string("array")), ("items", ref("Shared\(poolTypes - 2)"))])
                                ),
                            ])
                    ))
                definitions.append(
                    (
                        kind,
                        object(
                            text(120, kind),
                            [
                                (
                                    "apiVersion",
                                    .object([("type", .string("string")), ("description", text(100, "apiVersion"))])
                                ),
                                ("kind", .object([("type", .string("string")), ("description", text(100, "kind"))])),
                                ("metadata", ref("ObjectMeta")), ("spec", ref(kind + "Spec")),
                                ("status", ref(kind + "Status")),
                            ])
                    ))
                definitions.append(
                    (
                        kind + "List",
                        object(
                            nil,
                            [
                                ("items", .object([("type", .string("array")), ("items", ref(kind))])),
                                ("metadata", ref("ObjectMeta")),
                            ], required: ["items"])
                    ))
                let namespace = param("namespace", "path", "string", required: true, words: 60)
                let name = param("name", "path", "string", required: true, words: 60)
                paths.append(
                    (
                        "\(prefix)/namespaces/{namespace}/\(plural)",
                        .object([
                            ("parameters", .array([namespace, pretty])),
                            (
                                "get",
                                operation(
                                    "listNamespaced\(kind)", params: listParams,
                                    responses: [("200", response(ref(kind + "List"), "OK"))])
                            ),
                            (
                                "post",
                                operation(
                                    "createNamespaced\(kind)", params: [dryRun], body: ref(kind),
                                    responses: [
                                        ("200", response(ref(kind), "OK")), ("201", response(ref(kind), "Created")),
                                        ("202", response(ref(kind), "Accepted")),
                                    ])
                            ),
                        ])
                    ))
                paths.append(
                    (
                        "\(prefix)/namespaces/{namespace}/\(plural)/{name}",
                        .object([
                            ("parameters", .array([name, namespace, pretty])),
                            (
                                "get",
                                operation(
                                    "readNamespaced\(kind)", params: [], responses: [("200", response(ref(kind), "OK"))]
                                )
                            ),
                            (
                                "put",
                                operation(
                                    "replaceNamespaced\(kind)", params: [dryRun], body: ref(kind),
                                    responses: [
                                        ("200", response(ref(kind), "OK")), ("201", response(ref(kind), "Created")),
                                    ])
                            ),
                            (
                                "delete",
                                operation(
                                    "deleteNamespaced\(kind)",
                                    params: [param("gracePeriodSeconds", "query", "integer")],
                                    responses: [
                                        ("200", response(ref("Status"), "OK")),
                                        ("202", response(ref("Status"), "Accepted")),
                                    ])
                            ),
                        ])
                    ))
                routes += 5
            }
            let proxy: [JSON] = [
                param("name", "path", "string", required: true, words: 60),
                param("namespace", "path", "string", required: true, words: 60),
                param("path", "path", "string", required: true, words: 60),
                param("path", "query", "string", words: 20),
            ]
            paths.append(
                (
                    "\(prefix)/namespaces/{namespace}/services/{name}/proxy/{path}",
                    .object([
                        ("parameters", .array(proxy)),
                        (
                            "get",
                            operation(
                                "connectGet\(g)ServiceProxyWithPath", params: [],
                                responses: [("200", response(type("string"), "OK"))])
                        ),
                    ])
                ))
            routes += 1
        }
        let security: [(String, JSON)] = [
            (
                "BearerToken",
                .object([("type", .string("apiKey")), ("in", .string("header")), ("name", .string("authorization"))])
            )
        ]
        let shared: [(String, JSON)] = [("pretty", param("pretty", "query", "string", words: 15))]
        var root: [(String, JSON)] = []
        if swagger {
            root = [
                ("swagger", .string("2.0")),
                ("info", .object([("title", .string("Kubernetes")), ("version", .string("v1.30.0"))])),
                ("host", .string("k8s.test")), ("schemes", .array([.string("https")])),
                ("securityDefinitions", .object(security)),
                ("security", .array([.object([("BearerToken", .array([]))])])),
                ("parameters", .object(shared)), ("definitions", .object(definitions)), ("paths", .object(paths)),
            ]
        } else {
            root = [
                ("openapi", .string("3.0.0")),
                ("info", .object([("title", .string("Kubernetes")), ("version", .string("v1.30.0"))])),
                ("servers", .array([.object([("url", .string("https://k8s.test"))])])),
                ("security", .array([.object([("BearerToken", .array([]))])])),
                (
                    "components",
                    .object([
                        ("securitySchemes", .object(security)), ("parameters", .object(shared)),
                        ("schemas", .object(definitions)),
                    ])
                ),
                ("paths", .object(paths)),
            ]
        }
        return (Array(JSON.object(root).text().utf8), routes)
    }
}
