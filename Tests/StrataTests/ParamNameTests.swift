import Foundation
import Strata
import StrataTestSupport
import Testing

/// A param object's `"name"`: one route holding a path param and a query param of the same name (OpenAPI keys a
/// parameter by its name and where it goes; Kubernetes' proxy routes have both a `{path}` and a `?path=`).
@Suite struct ParamNameTests {
    static let proxy = #"""
        { "baseURL": "https://k8s.test",
          "routes": [ { "name": "proxy", "path": "/pods/{name}/proxy/{path}",
                        "params": { "name": "web-1", "path": "healthz",
                                    "query:path": { "name": "path", "in": "query", "value": "/ready" } } } ] }
        """#

    func load(_ json: String) throws -> (ScratchDirectory, Session) {
        let dir = try ScratchDirectory(["session.json": json])
        return (dir, try Session.load(from: dir.path))
    }

    @Test("a path param and a query param of one name both go out, each where it says")
    func bothSent() throws {
        let (dir, session) = try load(Self.proxy)
        defer { dir.remove() }
        let request = try session.build("proxy")
        #expect(request.url == "https://k8s.test/pods/web-1/proxy/healthz?path=%2Fready")
        let query = try #require(request.params.first { $0.location == .query })
        #expect(query.name == "path")
        #expect(query.key == "query:path")
        #expect(request.params.first { $0.location == .path && $0.name == "path" }?.key == "path")
    }

    @Test("edits name a param by its key; its name alone finds the first of that name")
    func editsByKey() throws {
        let (dir, session) = try load(Self.proxy)
        defer { dir.remove() }
        let route = try #require(session.route(named: "proxy"))
        let builder = RequestBuilder(session: session, environment: [:])
        let query = try builder.build(route, edits: [.set(name: "query:path", value: "/live")])
        #expect(query.url == "https://k8s.test/pods/web-1/proxy/healthz?path=%2Flive")
        let path = try builder.build(route, edits: [.set(name: "path", value: "metrics")])
        #expect(path.url == "https://k8s.test/pods/web-1/proxy/metrics?path=%2Fready")
        let removed = try builder.build(route, edits: [.remove(name: "query:path")])
        #expect(removed.url == "https://k8s.test/pods/web-1/proxy/healthz")
        #expect(builder.draft(route).declaredTemplate("query:path") == "/ready")
    }

    @Test("routes lists a param by its key, with the name it sends")
    func listing() throws {
        let (dir, session) = try load(Self.proxy)
        defer { dir.remove() }
        let text = session.routeListing()
        #expect(text.contains(#"    query:path = "/ready"  (query, sent as path, route default)"#))
        #expect(text.contains(#"    path       = "healthz"  (path, route default)"#))
        #expect(session.routeListingJSON().contains(#""key": "query:path""#))
    }

    @Test("a param whose name fills a placeholder is a path param whatever its key")
    func renamedPathParam() throws {
        let (dir, session) = try load(
            #"{ "baseURL": "https://a.test", "routes": [ { "name": "a", "path": "/items/{id}", "#
                + #""params": { "item": { "name": "id", "value": "7" } } } ] }"#)
        defer { dir.remove() }
        #expect(try session.build("a").url == "https://a.test/items/7")
    }

    @Test("two keys sending one name to one place, an empty name, and a header name that is not one are load errors")
    func clashes() throws {
        let clash = try SessionLoadingTests().problems(
            #"{ "routes": [ { "name": "a", "path": "/a", "params": { "q": "1", "#
                + #""q2": { "name": "q", "in": "query" } } } ] }"#)
        #expect(
            clash == [
                #"session.json:1:66: params 'q' and 'q2' of route 'a' both send "q" in the query; give one another "name" or "in""#
            ])
        let empty = try SessionLoadingTests().problems(
            #"{ "routes": [ { "name": "a", "path": "/a", "params": { "q": { "name": "" } } } ] }"#)
        #expect(empty == [#"session.json:1:71: 'name' of param 'q' is empty: give the name the request carries"#])
        let header = try SessionLoadingTests().problems(
            #"{ "routes": [ { "name": "a", "path": "/a", "params": { "h": { "name": "a b", "in": "header" } } } ] }"#)
        #expect(header == [#"session.json:1:56: param 'h' goes in a header but "a b" is not a valid header name"#])
    }

    @Test("a param sending the placeholder's name in the query does not fill the path")
    func queryDoesNotFillPath() throws {
        let p = try SessionLoadingTests().problems(
            #"{ "routes": [ { "name": "a", "path": "/a/{path}", "params": { "query:path": { "name": "path", "in": "query" } } } ] }"#
        )
        #expect(
            p == [
                #"session.json:1:63: param 'query:path' fills {path} in the path of route 'a' but says "in": "query""#
            ])
    }
}
