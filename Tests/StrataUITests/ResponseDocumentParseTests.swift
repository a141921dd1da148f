import Foundation
import Strata
import Testing

@testable import StrataUI

/// A response is parsed and its lines indexed at once, each result where it belongs.
@Suite struct ResponseDocumentParseTests {
    @Test("both pieces of work run and each result comes back in its own place")
    func bothAtOnceKeepsResultsApart() {
        let (words, total) = BothAtOnce.run(
            { "a b c".split(separator: " ").map(String.init) }, { (1...100).reduce(0, +) })
        #expect(words == ["a", "b", "c"])
        #expect(total == 5050)
    }

    @Test("a response's tree and line index are those of its body, built side by side")
    func parseIndexesTheBodyItParses() throws {
        let session = try Session.parse(
            Array(
                #"{ "name": "t", "baseURL": "https://t.invalid", "routes": [ { "name": "r", "path": "/r" } ] }"#.utf8),
            file: "t/session.json", directory: "t")
        let route = session.routes[0]
        let request = try RequestBuilder(session: session, environment: [:]).build(route)
        let body = Array("{\n  \"a\": [1, 2],\n  \"b\": \"x\"\n}\n".utf8)
        let response = Response(
            status: 200, headers: ["Content-Type": "application/json"], body: body, duration: .milliseconds(1),
            origin: .live(url: request.url, redirects: []))
        let document = ResponseDocument.parse(
            response, request: request, route: route, with: ResponsePipeline(session: session))
        #expect(document.lines == LineIndex(body))
        #expect(document.lines.count == 4)
        let tree = try #require(document.tree)
        #expect(tree.count == 5)
        #expect(tree.string(tree.node(at: "$.b")!) == "x")
    }
}
