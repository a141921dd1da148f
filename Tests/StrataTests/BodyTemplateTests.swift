import Foundation
import Strata
import Testing

@Suite struct BodyTemplateTests {
    static func session(_ routes: String, directory: String = ".") throws -> Session {
        try Session.parse(
            Array(#"{ "baseURL": "http://h", "routes": [ \#(routes) ] }"#.utf8), file: "session.json",
            directory: directory)
    }

    static let order = """
        { "name": "order", "method": "POST", "path": "/orders",
          "params": { "sku": "A-1", "qty": "2", "price": "9.5", "gift": "true", "meta": "{\\"tags\\": [\\"x\\"]}" },
          "body": { "json": { "order": { "items": [ { "sku": "${sku}", "qty": "${qty:int}", "price": "${price:number}" } ],
                                         "gift": "${gift:bool}", "meta": "${meta:json}", "note": "for ${sku}", "n": 1 } } } }
        """

    @Test("a JSON template keeps its nesting and fills typed placeholders")
    func nested() throws {
        let s = try Self.session(Self.order)
        let r = try RequestBuilder(session: s, environment: [:]).build(s.route(named: "order")!)
        #expect(
            r.bodyText
                == #"{"order":{"items":[{"sku":"A-1","qty":2,"price":9.5}],"gift":true,"meta":{"tags": ["x"]},"note":"for A-1","n":1}}"#
        )
        #expect(r.headers["Content-Type"] == "application/json")
    }

    @Test("a value that does not fit its type is a problem naming the param")
    func wrongType() throws {
        let s = try Self.session(Self.order)
        let draft = RequestBuilder(session: s, environment: [:])
            .draft(s.route(named: "order")!, edits: [.set(name: "qty", value: "two"), .set(name: "meta", value: "{")])
        #expect(draft.request == nil)
        #expect(
            draft.problems[0]
                == "param 'qty' fills ${qty:int} in the body of route 'order' but its value (\"two\") is not a whole number"
        )
        #expect(
            draft.problems[1].hasPrefix(
                "param 'meta' fills ${meta:json} in the body of route 'order' but its value is not JSON"))
    }

    @Test("a body param no placeholder names is added to a JSON object body")
    func extraMember() throws {
        let s = try Self.session(Self.order)
        let r = try RequestBuilder(session: s, environment: [:])
            .build(s.route(named: "order")!, edits: [.set(name: "coupon", value: "SAVE", location: .body)])
        #expect(r.bodyText?.hasSuffix(#""n":1},"coupon":"SAVE"}"#) == true)
    }

    @Test("a raw body is sent with its content type")
    func raw() throws {
        let s = try Self.session(
            #"{ "name": "csv", "method": "POST", "path": "/c", "params": { "name": "ann" }, "body": { "raw": "name\n${name}\n", "contentType": "text/csv" } }"#
        )
        let r = try RequestBuilder(session: s, environment: [:]).build(s.route(named: "csv")!)
        #expect(r.bodyText == "name\nann\n")
        #expect(r.headers["Content-Type"] == "text/csv")
    }

    @Test("a multipart body has each field and the file from the session folder, with its boundary")
    func multipart() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("strata-multipart-\(UUID())").path
        try FileManager.default.createDirectory(atPath: dir + "/fixtures", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("PNGDATA".utf8).write(to: URL(fileURLWithPath: dir + "/fixtures/up.png"))
        let s = try Self.session(
            #"{ "name": "up", "method": "POST", "path": "/u", "params": { "title": "Cat" }, "body": { "multipart": { "file": "@fixtures/up.png", "title": "${title}" } } }"#,
            directory: dir)
        let r = try RequestBuilder(session: s, environment: [:]).build(s.route(named: "up")!)
        let type = try #require(r.headers["Content-Type"])
        #expect(type.hasPrefix("multipart/form-data; boundary="))
        let boundary = String(type.dropFirst("multipart/form-data; boundary=".count))
        #expect(
            r.bodyText == """
                --\(boundary)\r
                Content-Disposition: form-data; name="file"; filename="up.png"\r
                Content-Type: image/png\r
                \r
                PNGDATA\r
                --\(boundary)\r
                Content-Disposition: form-data; name="title"\r
                \r
                Cat\r
                --\(boundary)--\r

                """)
        #expect(r.curl().contains("-F 'file=@\(dir)/fixtures/up.png'"))
    }

    @Test("a multipart file outside the session folder is refused when the session loads")
    func confined() throws {
        let (_, problems) = Session.loadReportingProblems(
            bytes:
                #"{ "routes": [ { "name": "up", "method": "POST", "path": "/u", "body": { "multipart": { "f": "@../../etc/passwd" } } } ] }"#
        )
        #expect(problems.count == 1)
        #expect(problems[0].description.contains("multipart file 'f' of route 'up': '../../etc/passwd'"))
    }

    @Test("an unknown placeholder is an error with did-you-mean at its position")
    func unknownPlaceholder() throws {
        let (_, problems) = Session.loadReportingProblems(
            bytes: """
                { "routes": [ { "name": "o", "method": "POST", "path": "/o", "params": { "quantity": "1" },
                  "body": { "json": { "q": "${quantty:int}", "t": "${quantity:integer}" } } } ] }
                """)
        #expect(
            problems.map(\.description) == [
                "session.json:2:28: placeholder ${quantty} in the body of route 'o' names no param; did you mean "
                    + "'quantity'? (declare it in the route's params)",
                "session.json:2:51: in the body of route 'o': unknown type 'integer' in '${quantity:integer}' "
                    + "(types: string, int, number, bool, json)",
            ])
    }

    @Test("the mock source still matches a fixture on a body param a template fills in")
    func fixtureMatch() throws {
        let s = try Self.session(Self.order)
        let r = try RequestBuilder(session: s, environment: [:]).build(s.route(named: "order")!)
        let fixtures = FixtureSet.parse(
            Array(
                #"{ "/orders": [ { "request": { "method": "POST", "params": { "sku": "B-2" } }, "response": { "status": 409 } }, { "request": { "method": "POST", "params": { "sku": "A-1" } }, "response": { "status": 201 } } ] }"#
                    .utf8), file: "/nonexistent/fixtures/orders.json")
        guard case .success(let pair) = fixtures.match(r) else {
            Issue.record("no match")
            return
        }
        #expect(pair.index == 1)
    }
}
