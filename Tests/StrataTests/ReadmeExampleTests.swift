import Foundation
import Strata
import Testing

/// The "Using the library" example from README.md, compiled and run against the bundled demo session.
@Suite struct ReadmeExampleTests {
    static let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sessions/demo").path

    @Test("the README's library example runs a route, reads the tree and lists the mapping issues")
    func readmeExample() async throws {
        // --- README example starts ---
        let session = try Session.load(from: Self.demo)  // "Sessions/demo" in the README
        let client = Client(session: session, source: MockSource(session: session))
        let exchange = try await client.run("listProducts", edits: [.set(name: "page", value: "2")])

        let tree = try #require(exchange.parsed.tree)  // parsed by the parser the Content-Type chose
        let first = try #require(tree.node(at: "$.products[0].name"))
        print(tree.string(first)!, tree.span(first))  // "Monitor Arm", its byte range in the body

        for issue in exchange.mapping?.issues ?? [] {  // every mapping problem, with its source path
            print(issue.severity, issue.kind, issue.path, issue.message)
        }
        // --- README example ends ---
        #expect(exchange.response.status == 200)
        #expect(tree.string(first) == "Monitor Arm")
        #expect(String(decoding: tree.source[tree.span(first)], as: UTF8.self) == "\"Monitor Arm\"")
        #expect(exchange.mapping?.issues.contains { $0.severity == .error } == false)
    }

    @Test("the README's custom parser example registers a parser and the registry picks it by type")
    func customParser() throws {
        var registry = ParserRegistry.standard
        registry.register(LinesParser())
        let outcome = registry.parse(Array("a\nb\n".utf8), contentType: "text/x-lines")
        #expect(outcome.parser == "lines")
        #expect(outcome.tree.map { $0.canonicalJSON() } == #"["a","b"]"#)
    }
}

/// A custom parser: one string per line (the README's example).
struct LinesParser: Parser {
    let name = "lines"
    func isDataTypeAcceptable(_ type: String) -> Bool { type == "lines" || type == "text/x-lines" }
    func parse(_ bytes: [UInt8]) throws(ParseError) -> Tree {
        var builder = TreeBuilder(source: bytes, format: Tree.Format(name: name))
        builder.beginContainer(.array, start: 0)
        var start = 0
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") {
            builder.scalar(.string, value: String(decoding: bytes[start..<i], as: UTF8.self), start: start, end: i)
            start = i + 1
        }
        builder.endContainer(end: bytes.count)
        return builder.build()
    }
}
