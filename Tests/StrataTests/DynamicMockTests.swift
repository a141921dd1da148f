import Foundation
import Strata
import StrataTestSupport
import Testing

/// Template fixture paths (`/products/{id}`) and responses filled from the request (`{{request.path.id}}`).
@Suite("Dynamic mocks")
struct DynamicMockTests {
    static let session = #"""
        {
          "baseURL": "https://shop.example.com",
          "params": { "api_key": "${env:SHOP_KEY:-k-secret-1}" },
          "redact": ["api_key"],
          "routes": [
            { "name": "product", "path": "/products/{id}", "params": { "id": "1", "q": "" } },
            { "name": "order", "method": "POST", "path": "/orders", "body": "json",
              "params": { "qty": "3", "note": "rush" } }
          ]
        }
        """#

    static let fixtures = #"""
        {
          "/products/{id}": [
            { "response": { "headers": { "X-Echo": "id={{request.path.id}} via {{request.method}}" },
                            "body": { "id": "{{json request.path.id}}", "name": "Product {{request.path.id}}",
                                      "q": "{{request.query.q}}", "key": "{{request.query.api_key}}",
                                      "missing": "{{json request.query.nope}}", "page": "{{ page }}" } } }
          ],
          "/products/1": [ { "response": { "body": { "literal": true } } } ],
          "/orders": [
            { "request": { "method": "POST" },
              "response": { "status": 201,
                            "body": { "qty": "{{json request.body.$.qty}}", "note": "{{request.body.$.note}}",
                                      "got": "{{json request.body}}" } } }
          ]
        }
        """#

    func send(_ route: String, _ edits: [ParamEdit] = []) async throws -> Response {
        let dir = try ScratchDirectory(["session.json": Self.session, "fixtures/shop.json": Self.fixtures])
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        let draft = RequestDraft(
            session: session, route: try #require(session.route(named: route)), edits: edits, environment: [:])
        return try await MockSource(session: session).send(try #require(draft.request))
    }

    func json(_ response: Response) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    @Test("a template path answers any value of its segment, filled into the body and headers")
    func templatePath() async throws {
        let response = try await send("product", [.set(name: "id", value: "42"), .set(name: "q", value: #"a "b""#)])
        let body = try json(response)
        #expect(body["id"] as? Int == 42)
        #expect(body["name"] as? String == "Product 42")
        #expect(body["q"] as? String == #"a "b""#)
        #expect(body["missing"] is NSNull)
        #expect(body["page"] as? String == "{{ page }}")
        #expect(response.headers["X-Echo"] == "id=42 via GET")
    }

    @Test("a literal path wins over a template that also matches")
    func literalWins() async throws {
        let body = try json(try await send("product"))
        #expect(body["literal"] as? Bool == true)
    }

    @Test("a secret the request carries is echoed as <redacted>")
    func secretsStayOut() async throws {
        let response = try await send("product", [.set(name: "id", value: "7")])
        #expect(try json(response)["key"] as? String == ResolvedParam.redacted)
        #expect(!String(decoding: response.body, as: UTF8.self).contains("k-secret-1"))
    }

    @Test("JSONPath into the request's JSON body: a number stays a number, the whole body is scrubbed")
    func bodyQuery() async throws {
        let response = try await send("order")
        #expect(response.status == 201)
        let body = try json(response)
        #expect(body["qty"] as? Int == 3)
        #expect(body["note"] as? String == "rush")
        let got = try #require(body["got"] as? String)
        #expect(got.contains("rush") && !got.contains("k-secret-1"))
    }

    @Test("strata serve answers a template pair filled the same way")
    func served() throws {
        let dir = try ScratchDirectory(["session.json": Self.session, "fixtures/shop.json": Self.fixtures])
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        let responder = ServeResponder(
            session: session, upstream: .mock(MockSource(session: session)), journal: try ServeJournal(),
            loopback: true)
        let reply = responder.respond(ServeRequest(method: "GET", path: "/products/9", query: "q=x", headers: [:]))
        guard case .bytes(let bytes) = reply.body else { return #expect(Bool(false)) }
        let body = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(body["id"] as? Int == 9)
        #expect(body["q"] as? String == "x")
        #expect(reply.headers["X-Echo"] == "id=9 via GET")
    }

    @Test("an unknown request expression and a brace that is not a whole segment are load errors at their place")
    func problems() throws {
        let dir = try ScratchDirectory([
            "session.json": Self.session,
            "fixtures/bad.json": """
            {
              "/a/x{id}": [ { "response": { "body": 1 } } ],
              "/b/{id}": [ { "response": { "body": { "v": "{{request.params.id}}" } } } ]
            }
            """,
        ])
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        let messages = FixtureSet.load(directory: session.fixturesDirectory).diagnostics.map(\.description)
        #expect(
            messages.contains {
                $0.hasSuffix(
                    "bad.json:2:3: fixture path '/a/x{id}': 'x{id}' is not a whole {name} segment (a template segment is all placeholder)"
                )
            }, "\(messages)")
        #expect(
            messages.contains {
                $0.contains("bad.json:3:40:") && $0.contains("unknown template '{{request.params.id}}'")
            },
            "\(messages)")
    }
}
