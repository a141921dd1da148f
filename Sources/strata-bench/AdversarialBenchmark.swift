import Foundation
import Strata

/// `strata-bench adversarial`: every input shape that once took quadratic time, built at two sizes (N and 10 N).
///
/// Work that grows linearly takes about 10× as long at 10 N; the goal is at most 15×. Each shape is timed best of
/// `--runs` (default 3) at both sizes, round robin, with its peer (jq, Python's expat) where one exists. Building
/// the input is not timed; work that takes under 50 ms at N is repeated (as often at 10 N) and the mean reported.
/// The verdict uses CPU time (user + system), because wall-clock time on a shared machine includes waiting; both
/// ratios are printed. Peers run as subprocesses, so their times include starting the interpreter. The last row
/// is a reference without a verdict: the standard library's `Set<String>` filled with N names, which shows how hash
/// tables (used by the fixes for duplicate attributes, headers and routes) scale on this machine's caches. `--only xml-attributes,routes` picks shapes; `--scale F` multiplies every N.
enum AdversarialBenchmark {
    /// The goal: a 10× larger input takes at most this many times as long.
    static let limit = 15.0

    /// One adversarial shape: how to build its input at size `n` and the work to time on it.
    struct Shape {
        var name: String
        /// What N counts, for the table.
        var unit: String
        /// N (the input is built at N and 10 N).
        var n: Int
        /// Builds the input at size `n` and returns the work to time (which returns something to keep alive).
        var prepare: (Int, String) throws -> () throws -> Any
        /// The peer's name and how to run it on the input at size `n`; nil when there is no peer.
        var peer: (name: String, prepare: (Int, String) throws -> (() throws -> Void)?)? = nil
        /// True for a reference row that measures the machine, not Strata: it has no verdict.
        var isReference = false
    }

    static func run(_ arguments: [String]) throws {
        var runs = 3
        var only: Set<String>? = nil
        var scale = 1.0
        var k = 0
        while k < arguments.count {
            let a = arguments[k]
            let value = k + 1 < arguments.count ? arguments[k + 1] : ""
            switch a {
            case "--runs": runs = Int(value) ?? runs
            case "--only": only = Set(value.split(separator: ",").map(String.init))
            case "--scale": scale = Double(value) ?? scale
            default: throw BenchError("unknown option '\(a)' (use --runs N, --only a,b, --scale F)")
            }
            k += 2
        }
        let scratch = NSTemporaryDirectory() + "strata-bench-adversarial-\(getpid())"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }

        print(
            "## Adversarial shapes: `strata-bench adversarial` (10× larger input must take ≤ \(Int(limit))× the time)")
        print("")
        print("- Machine: \(BenchMachine.summary())")
        print("- Runs: best of \(runs) at each size, round robin")
        print("")
        var table = BenchTable(
            [
                "shape", "N", "at N (ms)", "at 10 N (ms)", "ratio (wall)", "ratio (CPU)", "verdict", "peer",
                "peer at N (ms)", "peer at 10 N (ms)",
            ],
            rightAligned: [1, 2, 3, 4, 5, 8, 9])
        var failed: [String] = []
        for shape in shapes where only?.contains(shape.name) ?? true {
            let n = max(1, Int(Double(shape.n) * scale))
            let sizes = [n, 10 * n]
            var work: [() throws -> Any] = []
            var peers: [() throws -> Void] = []
            for (s, size) in sizes.enumerated() {
                let dir = "\(scratch)/\(shape.name)-\(s)"
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
                work.append(try shape.prepare(size, dir))
                if let peer = shape.peer, let p = try peer.prepare(size, dir) { peers.append(p) }
            }
            // Small inputs are timed as several repetitions (the same number at both sizes), so the clock's
            // resolution and scheduling noise do not decide the ratio.
            let once = try BenchTiming.measure(runs: 1, work[0]).best
            let repeats = max(1, Int((0.05 / max(once, 1e-7)).rounded(.up)))
            let first = work[0]
            let second = work[1]
            work = [
                {
                    for _ in 1..<repeats { blackHole(try first()) }; return try first()
                },
                {
                    for _ in 1..<repeats { blackHole(try second()) }; return try second()
                },
            ]
            var timings = [BenchTiming(), BenchTiming()]
            var peerTimings = [BenchTiming(), BenchTiming()]
            for _ in 0..<max(runs, 1) {
                for s in 0..<2 {
                    try timings[s].record(work[s])
                    if peers.count == 2 { try peerTimings[s].record(peers[s]) }
                }
            }
            for s in 0..<2 {
                timings[s].seconds = timings[s].seconds.map { $0 / Double(repeats) }
                timings[s].cpuSeconds = timings[s].cpuSeconds.map { $0 / Double(repeats) }
            }
            let wallRatio = timings[1].best / timings[0].best
            // The verdict uses CPU time: on a shared machine, wall-clock time includes waiting for the cores.
            let cpuRatio = timings[1].bestCPU / timings[0].bestCPU
            let pass = shape.isReference || cpuRatio <= limit
            if !pass { failed.append(shape.name) }
            let hasPeer = peers.count == 2
            table.add([
                shape.name, "\(n) \(shape.unit)", ms(timings[0].best), ms(timings[1].best),
                String(format: "%.1f×", wallRatio), String(format: "%.1f×", cpuRatio),
                shape.isReference ? "reference" : pass ? "pass" : "FAIL",
                hasPeer ? shape.peer!.name : "–", hasPeer ? ms(peerTimings[0].best) : "–",
                hasPeer ? ms(peerTimings[1].best) : "–",
            ])
        }
        print(table.markdown)
        print("")
        if failed.isEmpty {
            print("All shapes are within \(Int(limit))×.")
        } else {
            print("Over \(Int(limit))×: \(failed.joined(separator: ", "))")
            throw BenchError("\(failed.count) shape(s) grew faster than \(Int(limit))× for a 10× larger input")
        }
    }

    static func ms(_ seconds: Double) -> String { String(format: "%.2f", seconds * 1000) }

    // MARK: - Shapes

    static var shapes: [Shape] {
        [
            Shape(
                name: "xml-attributes", unit: "attributes", n: 10_000,
                prepare: { n, _ in
                    let bytes = xmlAttributes(n)
                    return { try XMLFormat().parse(bytes) }
                },
                peer: (
                    "python3 expat", { n, dir in try python(expatScript, file: write(xmlAttributes(n), dir, "in.xml")) }
                )),
            Shape(
                name: "xml-invalid-utf8-name", unit: "bytes", n: 64_000,
                prepare: { n, _ in
                    let name = [UInt8(ascii: "a")] + [UInt8](repeating: 0xFF, count: n)
                    let bytes = Array("<".utf8) + name + Array(">x</".utf8) + name + Array(">".utf8)
                    return { try XMLFormat().parse(bytes) }
                }),
            Shape(
                name: "form-invalid-utf8-value", unit: "bytes", n: 64_000,
                prepare: { n, _ in
                    let bytes = Array("v=".utf8) + [UInt8](repeating: 0xFF, count: n)
                    return { try FormFormat().parse(bytes) }
                }),
            Shape(
                name: "json-invalid-utf8-string-print", unit: "bytes", n: 64_000,
                prepare: { n, _ in
                    let bytes = jsonInvalidString(n)
                    return { TreePrinter().string(try JSONParser().parse(bytes)) }
                },
                peer: (
                    "jq .",
                    { n, dir in
                        guard let jq = BenchJQ.locate() else { return nil }
                        let file = try write(jsonInvalidString(n), dir, "in.json")
                        return { try BenchJQ.run(jq, file: file) }
                    }
                )),
            Shape(
                name: "fixture-folder-json-file", unit: "KB", n: 200,
                prepare: { n, dir in
                    let request = try fixtureFolder(kilobytes: n, dir)
                    return { try check(FixtureSet.load(directory: dir + "/fixtures").match(request)) }
                }),
            Shape(
                name: "mock-response-headers", unit: "headers", n: 10_000,
                prepare: { n, dir in
                    let request = try headerFixture(n, dir)
                    return {
                        let pair = try check(FixtureSet.load(directory: dir + "/fixtures").match(request))
                        return pair.servedHeaders.description.utf8.count
                    }
                }),
            Shape(
                name: "request-header-sets", unit: "headers", n: 10_000,
                prepare: { n, _ in
                    let names = (0..<n).map { "X-Header-\($0)" }
                    return {
                        var headers = HTTPHeaders()
                        for name in names { headers[name] = "v" }
                        for name in names where headers[name] == nil { throw BenchError("lost header \(name)") }
                        return headers.count
                    }
                }),
            Shape(
                name: "session-routes", unit: "routes", n: 10_000,
                prepare: { n, dir in
                    let bytes = sessionWithRoutes(n)
                    return {
                        let session = try Session.parse(bytes, file: dir + "/session.json", directory: dir)
                        guard session.route(named: "route\(n - 1)") != nil else { throw BenchError("no last route") }
                        return session.routeListing().utf8.count
                    }
                }),
            checkShape("check-routes-and-fixture-paths", n: 2_000, templated: false),
            Shape(
                name: "json-wide-object-similar-keys", unit: "keys", n: 10_000,
                prepare: { n, _ in
                    let bytes = wideObject(n)
                    return { try JSONParser().parse(bytes).count }
                },
                peer: (
                    "jq .",
                    { n, dir in
                        guard let jq = BenchJQ.locate() else { return nil }
                        let file = try write(wideObject(n), dir, "in.json")
                        return { try BenchJQ.run(jq, file: file) }
                    }
                )),
            Shape(
                name: "mapping-wide-class", unit: "properties", n: 5_000,
                prepare: { n, _ in
                    let (mapper, tree) = try wideClass(n, fieldsMatch: true)
                    return { mapper.map(tree, with: RouteMapping(className: "Wide")).values.count }
                }),
            Shape(
                name: "mapping-wide-class-no-field-matches", unit: "properties", n: 2_000,
                prepare: { n, _ in
                    let (mapper, tree) = try wideClass(n, fieldsMatch: false)
                    return { mapper.map(tree, with: RouteMapping(className: "Wide")).issues.count }
                }),
            Shape(
                name: "xml-text-entity-references", unit: "references", n: 30_000,
                prepare: { n, _ in
                    let bytes = Array(("<r>" + String(repeating: "a&amp;", count: n) + "</r>").utf8)
                    return { try XMLFormat().parse(bytes).count }
                }),
            Shape(
                name: "xml-cdata-sections", unit: "sections", n: 50_000,
                prepare: { n, _ in
                    let bytes = Array(("<r>" + String(repeating: "<![CDATA[x]]>", count: n) + "</r>").utf8)
                    return { try XMLFormat().parse(bytes).count }
                }),
            Shape(
                name: "query-paths-wide-array", unit: "elements", n: 5_000,
                prepare: { n, _ in
                    let tree = try objects(n, modulo: n)
                    let query = try JSONPathQuery("$[*]")
                    return { tree.normalizedPaths(query.select(in: tree)).count }
                }),
            Shape(
                name: "yaml-flow-nesting-past-limit", unit: "levels", n: 4_000,
                prepare: { n, _ in
                    let bytes = Array(
                        ("---\n" + String(repeating: "[", count: n) + String(repeating: "]", count: n)).utf8)
                    return { (try? YAMLFormat().parse(bytes))?.count ?? -1 }
                }),
            Shape(
                name: "jsonapi-shared-resources", unit: "posts", n: 2_000,
                prepare: { n, _ in
                    let (mapper, route, tree) = try jsonAPIShared(n)
                    return {
                        let result = mapper.map(tree, with: route)
                        return result.text().utf8.count + result.jsonText().utf8.count
                    }
                }),
            checkShape("check-templated-routes", n: 1_000, templated: true),
            Shape(
                name: "path-placeholders-one-segment", unit: "path bytes", n: 20_000,
                prepare: { n, _ in
                    let template = "/" + (0..<12).map { "{p\($0)}" }.joined() + "x"
                    let path = "/" + String(repeating: "a", count: n)
                    return {
                        guard !Route.path(template, matches: path) else { throw BenchError("matched") }
                        return 0
                    }
                }),
            Shape(
                name: "request-edits", unit: "edits", n: 5_000,
                prepare: { n, dir in
                    let text = #"{"name":"edits","baseURL":"http://127.0.0.1:1","routes":[{"name":"r","path":"/r"}]}"#
                    let session = try Session.parse(Array(text.utf8), file: dir + "/session.json", directory: dir)
                    let edits = (0..<n).map { ParamEdit.set(name: "p\($0)", value: "\($0)") }
                    let builder = RequestBuilder(session: session, environment: [:])
                    return { try builder.build(session.routes[0], edits: edits).url.utf8.count }
                }),
            Shape(
                name: "request-path-placeholders", unit: "placeholders", n: 2_000,
                prepare: { n, dir in
                    let path = (0..<n).map { "/{p\($0)}" }.joined()
                    let params = (0..<n).map { #""p\#($0)":"\#($0)""# }.joined(separator: ",")
                    let text =
                        #"{"name":"path","baseURL":"http://127.0.0.1:1","routes":[{"name":"r","path":"\#(path)","params":{\#(params)}}]}"#
                    let session = try Session.parse(Array(text.utf8), file: dir + "/session.json", directory: dir)
                    let builder = RequestBuilder(session: session, environment: [:])
                    return { try builder.build(session.routes[0]).url.utf8.count }
                }),
            Shape(
                name: "query-filter-absolute-operand", unit: "elements", n: 5_000,
                prepare: { n, _ in
                    let tree = try objects(n, modulo: 7)
                    let query = try JSONPathQuery("$[?@.a == $[-1].a]")
                    return { query.select(in: tree).count }
                }),
            Shape(
                name: "scrub-long-secret-prefix", unit: "KB", n: 100,
                prepare: { n, _ in
                    // The secret grows with the body: comparing byte by byte would cost body × secret.
                    let scrubber = SecretScrubber(values: [String(repeating: "a", count: n * 10) + "b"])
                    let body = [UInt8](repeating: UInt8(ascii: "a"), count: n * 1000) + [UInt8(ascii: "b")]
                    return { scrubber.scrub(body, json: false).count }
                }),
            Shape(
                name: "openapi-schema-refs", unit: "schemas", n: 1_000,
                prepare: { n, _ in
                    let bytes = openAPIWithSchemas(n)
                    return { try OpenAPIImport.session(bytes, file: "spec.json").made.count }
                }),
            Shape(
                name: "har-entries-own-tokens", unit: "entries", n: 1_000,
                prepare: { n, _ in
                    let bytes = harWithTokens(n)
                    return { try HARImport.session(bytes, file: "traffic.har").made.count }
                }),
            Shape(
                name: "reference: Set<String> inserts", unit: "names", n: 10_000,
                prepare: { n, _ in
                    let names = (0..<n).map { "a\($0)" }
                    return {
                        var set = Set<String>()
                        for name in names { set.insert(name) }
                        return set.count
                    }
                }, isReference: true),
        ]
    }

    /// `SessionCheck.run` on ``checkSession(_:_:templated:)``: it must find no problem and, for templated routes,
    /// map every pair.
    static func checkShape(_ name: String, n: Int, templated: Bool) -> Shape {
        Shape(
            name: name, unit: "routes", n: n,
            prepare: { n, dir in
                try checkSession(n, dir, templated: templated)
                return {
                    let check = SessionCheck.run(path: dir)
                    guard check.diagnostics.isEmpty, !templated || check.mappedPairs == n else {
                        throw BenchError("check found \(check.summary)")
                    }
                    return check.fixtures.pairs.count
                }
            })
    }

    // MARK: - Inputs

    /// `[{"a":0},{"a":1},…]`: `n` objects, `a` counting modulo `modulo`.
    static func objects(_ n: Int, modulo: Int) throws -> Tree {
        let elements = (0..<n).map { #"{"a":\#($0 % modulo)}"# }
        return try JSONParser().parse(Array(("[" + elements.joined(separator: ",") + "]").utf8))
    }

    /// `<r a0="0" a1="1" … />`.
    static func xmlAttributes(_ n: Int) -> [UInt8] {
        var s = "<r"
        for i in 0..<n { s += " a\(i)=\"\(i)\"" }
        return Array((s + "/>").utf8)
    }

    /// A JSON object of `n` keys that differ only in the middle (`property_0000001_value`, …), so they share the
    /// parser's key fingerprint (length, first and last 8 bytes).
    static func wideObject(_ n: Int) -> [UInt8] {
        let members = (0..<n).map { i in
            let digits = String(10_000_000 + i).dropFirst()
            return #""property_\#(digits)_value":\#(i)"#
        }
        return Array(("{" + members.joined(separator: ",") + "}").utf8)
    }

    /// A class of `n` properties and an object to map with it: when `fieldsMatch`, its `n` fields match the
    /// properties by name, a third exactly, a third in snake case and a third in the singular; otherwise `n` fields
    /// none of them matches (each property is missing, with a hint).
    static func wideClass(_ n: Int, fieldsMatch: Bool) throws -> (Mapper, Tree) {
        let properties = (0..<n).map { PropertyMapping("itemName\($0)Categories", .string) }
        let fields = (0..<n).map { i -> String in
            guard fieldsMatch else { return "unrelated_key_\(i)" }
            switch i % 3 {
            case 0: return "itemName\(i)Categories"
            case 1: return "item_name\(i)_categories"
            default: return "itemName\(i)Category"
            }
        }
        let json = "{" + fields.map { #""\#($0)":"v""# }.joined(separator: ",") + "}"
        let mapper = Mapper(mappings: MappingSet([ClassMapping(name: "Wide", properties: properties)]))
        return (mapper, try JSONParser().parse(Array(json.utf8)))
    }

    /// A JSON string of `n` bytes that are not UTF-8.
    static func jsonInvalidString(_ n: Int) -> [UInt8] { [0x22] + [UInt8](repeating: 0xFF, count: n) + [0x22] }

    /// A session with one route and a fixture for it, plus a JSON file of about `kilobytes` KB (a saved response
    /// body, minified on one line) directly in `fixtures/`; returns the route's request.
    static func fixtureFolder(kilobytes: Int, _ dir: String) throws -> BuiltRequest {
        let request = try oneRouteSession(dir, fixture: #"{"/one":[{"response":{"status":200,"body":{"a":1}}}]}"#)
        var s = #"{"data":["#
        var i = 0
        while s.utf8.count < kilobytes * 1000 {
            if i > 0 { s += "," }
            s += #"{"id":\#(i),"name":"user \#(i)","email":"u\#(i)@example.com","tags":["a","b"]}"#
            i += 1
        }
        _ = try write(Array((s + "]}").utf8), dir + "/fixtures", "users.json")
        return request
    }

    /// A session with one route whose fixture answers with `n` headers; returns the route's request.
    static func headerFixture(_ n: Int, _ dir: String) throws -> BuiltRequest {
        var s = #"{"/one":[{"response":{"status":200,"headers":{"#
        for i in 0..<n { s += (i > 0 ? "," : "") + #""X-H\#(i)":"v\#(i)""# }
        return try oneRouteSession(dir, fixture: s + #"},"body":{"a":1}}}]}"#)
    }

    /// Writes a session with the route `one` (GET /one) and `fixture` as `fixtures/one.json`.
    static func oneRouteSession(_ dir: String, fixture: String) throws -> BuiltRequest {
        let text = #"{"name":"adversarial","baseURL":"http://127.0.0.1:1","routes":[{"name":"one","path":"/one"}]}"#
        let file = try write(Array(text.utf8), dir, "session.json")
        try FileManager.default.createDirectory(atPath: dir + "/fixtures", withIntermediateDirectories: true)
        _ = try write(Array(fixture.utf8), dir + "/fixtures", "one.json")
        let session = try Session.parse(Array(text.utf8), file: file, directory: dir)
        return try RequestBuilder(session: session, environment: [:]).build(session.routes[0])
    }

    /// A session with `n` routes and a fixture file answering each route's path; `templated` routes are
    /// `/kindI/{id}` and map their responses.
    static func checkSession(_ n: Int, _ dir: String, templated: Bool = false) throws {
        let mappings = templated ? #","mappings":{"Item":{"properties":{"id":"int"}}}"# : ""
        var session = #"{"name":"check","baseURL":"http://127.0.0.1:1"\#(mappings),"routes":["#
        var fixtures = "{"
        for i in 0..<n {
            let route =
                templated
                ? #"{"name":"route\#(i)","path":"/kind\#(i)/{id}","params":{"id":"1"},"map":{"class":"Item"}}"#
                : #"{"name":"route\#(i)","path":"/items/\#(i)"}"#
            let path = templated ? "/kind\(i)/1" : "/items/\(i)"
            session += (i > 0 ? ",\n" : "\n") + route
            fixtures += (i > 0 ? ",\n" : "\n") + #""\#(path)":[{"response":{"status":200,"body":{"id":\#(i)}}}]"#
        }
        _ = try write(Array((session + "]}").utf8), dir, "session.json")
        try FileManager.default.createDirectory(atPath: dir + "/fixtures", withIntermediateDirectories: true)
        _ = try write(Array((fixtures + "}").utf8), dir + "/fixtures", "items.json")
    }

    /// A JSON:API document of `n` posts, each with its own author and one comment by that author (so each person
    /// is shown once and referenced once), with the mapper and route mapping that read it.
    static func jsonAPIShared(_ n: Int) throws -> (Mapper, RouteMapping, Tree) {
        let config = """
            {"mappings": {
              "Post": {"jsonapi": "posts", "properties": {"id": "string", "title": "string",
                "author": {"hasOne": "Person"}, "comments": {"hasMany": "Comment"}}},
              "Person": {"jsonapi": "people", "properties": {"id": "string", "name": "string"}},
              "Comment": {"jsonapi": "comments", "properties": {"id": "string", "author": {"hasOne": "Person"}}}},
             "map": {"format": "jsonapi", "class": "Post"}}
            """
        let configTree = try JSONParser().parse(Array(config.utf8))
        let (set, _) = MappingSet.load(from: configTree, at: configTree.node(at: "$.mappings"), file: "bench")
        guard let mapNode = configTree.node(at: "$.map") else { throw BenchError("no map") }
        guard let route = RouteMapping.load(from: configTree, at: mapNode, file: "bench", mappings: set).0 else {
            throw BenchError("the route mapping does not load")
        }
        var s = #"{"data":["#
        for i in 0..<n {
            s += (i > 0 ? "," : "") + #"{"type":"posts","id":"\#(i)","attributes":{"title":"t"},"relationships":"#
            s +=
                #"{"author":{"data":{"type":"people","id":"\#(i)"}},"comments":{"data":[{"type":"comments","id":"\#(i)"}]}}}"#
        }
        s += #"],"included":["#
        for i in 0..<n { s += (i > 0 ? "," : "") + #"{"type":"people","id":"\#(i)","attributes":{"name":"p"}}"# }
        for i in 0..<n {
            s +=
                #",{"type":"comments","id":"\#(i)","relationships":{"author":{"data":{"type":"people","id":"\#(i)"}}}}"#
        }
        return (Mapper(mappings: set), route, try JSONParser().parse(Array((s + "]}").utf8)))
    }

    /// An OpenAPI spec with `n` schemas and a path answering with each (so each `$ref` names a different schema).
    static func openAPIWithSchemas(_ n: Int) -> [UInt8] {
        var paths: [String] = []
        var schemas: [String] = []
        for i in 0..<n {
            let ref = ##"{"$ref":"#/components/schemas/S\##(i)"}"##
            paths.append(
                #""/s\#(i)":{"get":{"operationId":"get\#(i)","responses":{"200":{"description":"ok","content":{"application/json":{"schema":\#(ref)}}}}}}"#
            )
            schemas.append(
                #""S\#(i)":{"type":"object","properties":{"id":{"type":"integer"},"name":{"type":"string"}}}"#)
        }
        let spec =
            #"{"openapi":"3.0.0","info":{"title":"refs","version":"1"},"servers":[{"url":"https://api.test"}],"paths":{"#
            + paths.joined(separator: ",") + #"},"components":{"schemas":{"# + schemas.joined(separator: ",") + "}}}"
        return Array(spec.utf8)
    }

    /// A HAR file of `n` requests to one search route, each with its own bearer token, cookie and query param, and
    /// a JSON response echoing its token (so every token is a secret to scrub from every value).
    static func harWithTokens(_ n: Int) -> [UInt8] {
        let entries = (0..<n).map { i -> String in
            let token = "tok\(100_000_000 + i)xyz"
            let request =
                #"{"method":"GET","url":"https://api.test/search?q\#(i)=v&page=\#(i)","headers":[{"name":"Authorization","value":"Bearer \#(token)"},{"name":"Cookie","value":"sid=s\#(token)"}],"queryString":[{"name":"q\#(i)","value":"v"},{"name":"page","value":"\#(i)"}]}"#
            let response =
                #"{"status":200,"headers":[{"name":"Content-Type","value":"application/json"}],"content":{"mimeType":"application/json","text":"{\"items\":[{\"id\":\#(i),\"name\":\"\#(token)\"}]}"}}"#
            return #"{"request":\#(request),"response":\#(response)}"#
        }
        return Array((#"{"log":{"version":"1.2","entries":["# + entries.joined(separator: ",") + "]}}").utf8)
    }

    /// A session.json with `n` routes, each with a param and one reading the previous route's response (each
    /// chained value's route is checked when the session loads).
    static func sessionWithRoutes(_ n: Int) -> [UInt8] {
        var s = #"{"name":"routes","baseURL":"http://127.0.0.1:1","routes":["#
        for i in 0..<n {
            let params = #"{"page":"1","after":"${response:route\#(max(0, i - 1)):$.id}"}"#
            s += (i > 0 ? ",\n" : "\n") + #"{"name":"route\#(i)","path":"/items/\#(i)","params":\#(params)}"#
        }
        return Array((s + "]}").utf8)
    }

    static func check(_ result: Result<FixturePair, NearMissReport>) throws -> FixturePair {
        switch result {
        case .success(let pair): return pair
        case .failure(let report): throw BenchError("no fixture matched: \(report)")
        }
    }

    static func write(_ bytes: [UInt8], _ dir: String, _ name: String) throws -> String {
        let path = dir + "/" + name
        try BenchFiles.writeFile(path, bytes)
        return path
    }

    // MARK: - Peers

    static let expatScript =
        "import sys, xml.parsers.expat as e; p = e.ParserCreate(); p.Parse(open(sys.argv[1], 'rb').read(), True)"

    /// Runs `python3 -c script file`, or nil when python3 is not on PATH.
    static func python(_ script: String, file: String) throws -> (() throws -> Void)? {
        guard let python = BenchFiles.program("python3") else { return nil }
        return {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = ["-c", script, file]
            process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw BenchError("python3 expat exited with \(process.terminationStatus)")
            }
        }
    }
}
