import Foundation
import Strata
import StrataTestSupport
import Testing

/// A route's `expect` object: how session.json writes it, the mistakes it reports at file:line:col, and what each
/// check passes and fails.
@Suite struct ExpectationsTests {
    /// A session whose route `r` maps `Item` and expects `expect` (JSON text).
    static func session(expect: String, map: Bool = true) throws -> Session {
        let text = """
            { "name": "E", "baseURL": "https://api.example.com", "redact": ["token"],
              "routes": [
                { "name": "r", "path": "/r", "params": { "token": "s3cret-t0ken" }\(map ? #", "map": "Item""# : ""),
                  "expect": \(expect) }
              ],
              "mappings": { "Item": { "properties": { "id": "int", "when": { "type": "date", "format": "yyyy-MM-dd" } } } } }
            """
        return try Session.parse(Array(text.utf8), file: "session.json", directory: ".")
    }

    static func problems(_ expect: String, map: Bool = true) -> [String] {
        let text = """
            { "name": "E", "baseURL": "https://api.example.com",
              "routes": [ { "name": "r", "path": "/r"\(map ? #", "map": "Item""# : ""), "expect": \(expect) } ],
              "mappings": { "Item": { "properties": { "id": "int" } } } }
            """
        do {
            _ = try Session.parse(Array(text.utf8), file: "session.json", directory: ".")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    /// The report of `body` (JSON) answered with `status` and `headers` for the session's route.
    static func check(
        _ expect: String, body: String, status: Int = 200, headers: HTTPHeaders = ["Content-Type": "application/json"],
        duration: Duration = .milliseconds(12), map: Bool = true
    ) throws -> ExpectationReport {
        let session = try session(expect: expect, map: map)
        let route = try #require(session.route(named: "r"))
        let response = Response(
            status: status, headers: headers, body: Array(body.utf8), duration: duration,
            origin: .live(url: "https://api.example.com/r", redirects: []))
        let (parsed, mapping) = ResponsePipeline(session: session).run(response, for: route)
        return try #require(route.expectations).check(response, parsed: parsed, mapping: mapping)
    }

    @Test("each form reads as its checks, in the order written, described as reports say them")
    func descriptions() throws {
        let session = try Self.session(
            expect: #"""
                { "status": [200, "3xx"], "headers": { "ETag": { "exists": true }, "Content-Type": "application/json" },
                  "body": { "$.items[*]": { "count": 2, "type": "object" }, "$.total": { ">=": 1, "<": 100 },
                            "$.name": { "matches": "^A", "notEquals": "B", "length": 3, "contains": "d" } },
                  "time": "1.5s", "mapping": "no warnings" }
                """#)
        let checks = try #require(session.route(named: "r")?.expectations).checks.map(\.description)
        #expect(
            checks == [
                "status is 200 or 3xx", "header ETag exists", "header Content-Type equals \"application/json\"",
                "$.items[*] selects 2 nodes", "$.items[*] is an object", "$.total >= 1", "$.total < 100",
                "$.name matches /^A/", "$.name is not \"B\"", "$.name has length 3", "$.name contains \"d\"",
                "time ≤ 1500 ms", "maps with no warnings",
            ])
    }

    @Test("status: a code, a class or a list; a failure says what came")
    func status() throws {
        #expect(try Self.check(#"{ "status": 200 }"#, body: "{}").passed)
        #expect(try Self.check(#"{ "status": "2xx" }"#, body: "{}", status: 204).passed)
        let report = try Self.check(#"{ "status": [200, "3xx"] }"#, body: "{}", status: 404)
        #expect(report.failures.map(\.line) == ["✗ status is 200 or 3xx: got 404 Not Found"])
    }

    @Test("headers match by name in any case; equals, contains, matches, exists")
    func headers() throws {
        let headers: HTTPHeaders = ["content-type": "application/json; charset=utf-8", "X-Count": "12"]
        let passing = try Self.check(
            #"""
            { "headers": { "Content-Type": { "contains": "json" }, "x-count": "12", "X-Count": { "matches": "^[0-9]+$" },
                           "ETag": { "exists": false } } }
            """#, body: "{}", headers: headers)
        #expect(passing.passed, "\(passing.failures)")
        let failing = try Self.check(
            #"{ "headers": { "Content-Type": "application/json", "ETag": { "exists": true } } }"#, body: "{}",
            headers: headers)
        #expect(
            failing.failures.map(\.line) == [
                "✗ header Content-Type equals \"application/json\": got \"application/json; charset=utf-8\"",
                "✗ header ETag exists: the header is missing",
            ])
    }

    @Test("body values compare as JSON values: numbers by value, objects in any order, arrays in order")
    func equality() throws {
        let body = #"{ "n": 1.50, "o": { "a": 1, "b": [1, 2] }, "s": "x", "z": null }"#
        let passing = try Self.check(
            #"""
            { "body": { "$.n": 1.5, "$.o": { "equals": { "b": [1, 2.0], "a": 1 } }, "$.s": "x", "$.z": null } }
            """#, body: body, map: false)
        #expect(passing.passed, "\(passing.failures)")
        let failing = try Self.check(
            #"{ "body": { "$.o": { "equals": { "b": [2, 1], "a": 1 } }, "$.s": 1, "$.n": "1.5" } }"#, body: body,
            map: false)
        #expect(
            failing.failures.map(\.line) == [
                #"✗ $.o equals {"b":[2,1],"a":1}: got {"a":1,"b":[1,2]}"#, #"✗ $.s equals 1: got "x""#,
                #"✗ $.n equals "1.5": got 1.50"#,
            ])
    }

    @Test("every node a JSONPath selects must pass; a failure names the first that does not")
    func everyNode() throws {
        let body = #"{ "items": [ { "price": 3 }, { "price": 0 }, { "price": -1 } ] }"#
        let report = try Self.check(#"{ "body": { "$.items[*].price": { ">": 0 } } }"#, body: body, map: false)
        #expect(report.failures.map(\.line) == ["✗ $.items[*].price > 0: $['items'][1]['price'] is 0"])
        let nothing = try Self.check(#"{ "body": { "$.missing": 1 } }"#, body: body, map: false)
        #expect(nothing.failures.map(\.line) == ["✗ $.missing equals 1: selected nothing"])
    }

    @Test("comparisons, contains, matches, exists, type, count and length")
    func operators() throws {
        let body = #"""
            { "date": "2024-03-01", "tags": ["a", "b"], "meta": { "k": 1 }, "name": "Desk Lamp", "n": 4.0 }
            """#
        let passing = try Self.check(
            #"""
            { "body": {
                "$.date": { ">=": "2024-01-01", "<": "2025" }, "$.n": { "<=": 4, ">": 3.5, "type": "int" },
                "$.tags": { "contains": "b", "length": 2, "type": "array" }, "$.meta": { "contains": "k" },
                "$.name": { "contains": "Lamp", "matches": "^D[a-z]+ L", "length": 9 },
                "$.tags[*]": { "count": 2 }, "$.gone": { "exists": false }, "$.meta.k": { "exists": true } } }
            """#, body: body, map: false)
        #expect(passing.passed, "\(passing.failures)")
        let failing = try Self.check(
            #"""
            { "body": { "$.n": { "type": "string" }, "$.tags": { "contains": "z" }, "$.name": { "matches": "^Lamp" },
                        "$.tags[*]": { "count": 3 }, "$.meta": { "exists": false } } }
            """#, body: body, map: false)
        #expect(
            failing.failures.map(\.line) == [
                "✗ $.n is a string: got 4.0", #"✗ $.tags contains "z": got ["a","b"]"#,
                #"✗ $.name matches /^Lamp/: got "Desk Lamp""#, "✗ $.tags[*] selects 3 nodes: selected 2",
                #"✗ $.meta does not exist: selected 1 node: {"k":1}"#,
            ])
    }

    @Test("a body that did not parse fails its body checks, saying why")
    func unparsedBody() throws {
        let report = try Self.check(#"{ "body": { "$.a": 1 } }"#, body: #"{"a": 1,}"#, map: false)
        #expect(report.failures.first?.failure?.hasPrefix("the body did not parse: ") == true)
    }

    @Test("time: at most the duration given, in milliseconds or with a unit")
    func time() throws {
        #expect(try Self.check(#"{ "time": 500 }"#, body: "{}", duration: .milliseconds(499)).passed)
        let slow = try Self.check(#"{ "time": "0.2s" }"#, body: "{}", duration: .milliseconds(250))
        #expect(slow.failures.map(\.line) == ["✗ time ≤ 200 ms: took 250 ms"])
    }

    @Test("mapping: no errors fails on the first group of errors, and counts them; infos pass it")
    func mapping() throws {
        let clean = try Self.check(#"{ "mapping": "no errors" }"#, body: #"{ "id": "7", "when": "2024-03-01" }"#)
        #expect(clean.passed, "a string id read as an int is an info")
        #expect(try !Self.check(#"{ "mapping": "no issues" }"#, body: #"{ "id": "7", "when": "2024-03-01" }"#).passed)
        let bad = try Self.check(#"{ "mapping": "no errors" }"#, body: #"{ "id": 1, "when": "2024-02-30" }"#)
        let failure = try #require(bad.failures.first?.failure)
        #expect(failure.hasPrefix("1 error: "), "\(failure)")
        #expect(failure.contains("$.when") && failure.contains("2024-02-30"), "\(failure)")
    }

    @Test("mistakes are errors at their place, with a did-you-mean where one fits")
    func mistakes() {
        #expect(
            Self.problems(#"{ "stauts": 200 }"#).contains {
                $0.contains("session.json:2:") && $0.contains("did you mean 'status'")
            })
        #expect(
            Self.problems(#"{ "status": 99 }"#).contains {
                $0.contains("'expect.status' of route 'r' must be a status code (100–599)")
            })
        #expect(
            Self.problems(#"{ "body": { "$.a[": 1 } }"#).contains {
                $0.contains("\"$.a[\" is not a JSONPath query")
            })
        #expect(Self.problems(#"{ "body": { "$.a": { "≥": 1 } } }"#).contains { $0.contains("unknown key '≥'") })
        #expect(
            Self.problems(#"{ "body": { "$.a": { "equal": 1 } } }"#).contains { $0.contains("did you mean 'equals'") })
        #expect(
            Self.problems(#"{ "body": { "$.a": { "matches": "a(b" } } }"#).contains { $0.contains("not an I-Regexp") })
        #expect(
            Self.problems(#"{ "body": { "$.a": { "type": "strng" } } }"#).contains {
                $0.contains("did you mean 'string'")
            })
        #expect(Self.problems(#"{ "body": { "$.a": {} } }"#).contains { $0.contains("is empty: give an operator") })
        #expect(
            Self.problems(#"{ "headers": { "ETag": { "count": 1 } } }"#).contains { $0.contains("unknown key 'count'") }
        )
        #expect(
            Self.problems(#"{ "time": "fast" }"#).contains {
                $0.contains("'expect.time' of route 'r' must be a duration")
            })
        #expect(Self.problems(#"{ "mapping": "no error" }"#).contains { $0.contains("did you mean 'no errors'") })
        #expect(
            Self.problems(#"{ "mapping": "no errors" }"#, map: false).contains {
                $0.contains("expects its body to map with no errors, but it maps nothing")
            })
    }
}
