import Foundation
import Strata

/// `strata import openapi` on a generated 5 MB spec with thousands of operations: the whole import (parse,
/// `$ref`s, mappings, fixtures) must take at most 5 s; JSONSerialization reading the same bytes is the peer.
enum ImportBenchmark {
    static func run(_: [String]) throws {
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
