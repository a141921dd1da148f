import Foundation
import Strata
import Testing

/// The DocC catalog's getting-started article, compiled and run here, and a doc comment on every public
/// declaration of the library.
@Suite struct DocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let demo = root.appendingPathComponent("Sessions/demo").path

    @Test("the getting-started article loads the demo session, runs a route and reads the mapped result")
    func gettingStarted() async throws {
        let directory = Self.demo
        // --- article code starts ---
        let session = try Session.load(from: directory)  // the folder holding session.json, e.g. "Sessions/demo"

        let client = Client(session: session, source: MockSource(session: session))
        let exchange = try await client.run("listProducts", edits: [.set(name: "page", value: "1")])
        print(exchange.response.status)  // 200

        let mapping = exchange.mapping  // nil: no map, a body that did not parse, or an error status not mapped
        let name = mapping?.value(at: 0, "name")?.content  // the first product's name: .string("Desk Lamp")
        for issue in mapping?.issues ?? [] {
            print(issue.severity, issue.path, issue.message)  // e.g. error $.products[2].release_date ...
        }
        // --- article code ends ---
        #expect(exchange.response.status == 200)
        #expect(name == .string("Desk Lamp"))
        #expect(mapping?.issues.contains { $0.path == "$.products[2].release_date" } == true)
    }

    @Test("the article's code blocks are the code the test above runs, in order")
    func articleMatchesTest() throws {
        let articleURL = Self.root.appendingPathComponent("Sources/Strata/Strata.docc/GettingStarted.md")
        let article = try String(contentsOf: articleURL, encoding: .utf8)
        let blocks = Self.swiftBlocks(in: article)
        #expect(blocks.count == 3)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let start = try #require(source.range(of: "// --- article code " + "starts ---\n"))
        let end = try #require(
            source.range(of: "        // --- article code " + "ends ---", range: start.upperBound..<source.endIndex))
        let tested = source[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("        ") ? String($0.dropFirst(8)) : String($0) }.joined(separator: "\n")
        #expect(blocks.joined(separator: "\n\n") + "\n" == tested)
    }

    /// The contents of the ```` ```swift ```` blocks of a Markdown text.
    static func swiftBlocks(in markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]? = nil
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
                current = []
            } else if let lines = current, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(lines.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    @Test("every public declaration of the library's three targets has a doc comment opening with a summary")
    func publicDeclarationsAreDocumented() throws {
        var missing: [String] = []
        for target in ["StrataDocuments", "StrataMapping", "Strata"] {
            let folder = Self.root.appendingPathComponent("Sources/\(target)")
            let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
                .filter { $0.hasSuffix(".swift") }.sorted()
            #expect(files.count > 20, "Sources/\(target) has \(files.count) Swift files")
            for file in files {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                missing += Self.undocumentedPublicDeclarations(in: text).map { "Sources/\(target)/\(file):\($0)" }
            }
        }
        #expect(missing.isEmpty, "public declarations without a /// summary:\n\(missing.joined(separator: "\n"))")
    }

    /// `line: declaration` for each `public` or `open` declaration of `source`, and each case of a public enum, not
    /// under a `///` comment whose first line has text (attribute lines in between are skipped).
    static func undocumentedPublicDeclarations(in source: String) -> [String] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        var found: [String] = []
        var depth = 0
        var publicEnumBodies: [Int] = []  // the brace depth inside each public enum being read
        for (k, line) in lines.enumerated() {
            let code = Self.code(line)
            let isPublic = isPublicDeclaration(code)
            let isCase = publicEnumBodies.last == depth && (code.hasPrefix("case ") || code.hasPrefix("indirect case "))
            if isPublic || isCase {
                var above = k - 1
                while above >= 0, lines[above].hasPrefix("@") { above -= 1 }
                var summary: String? = nil
                while above >= 0, lines[above].hasPrefix("///") {
                    summary = String(lines[above].dropFirst(3)).trimmingCharacters(in: .whitespaces)
                    above -= 1
                }
                if summary?.isEmpty != false { found.append("\(k + 1): \(line)") }
            }
            if isPublic, code.split(separator: " ").contains("enum") { publicEnumBodies.append(depth + 1) }
            depth += code.filter { $0 == "{" }.count - code.filter { $0 == "}" }.count
            while let body = publicEnumBodies.last, depth < body { publicEnumBodies.removeLast() }
        }
        return found
    }

    /// `line` without its string literals and its `//` comment, so braces and words in them are not read as code.
    static func code(_ line: String) -> String {
        var out = ""
        var inString = false
        var escaped = false
        for character in line {
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\"" {
                inString = true
            } else if character == "/", out.last == "/" {
                out.removeLast()
                break
            } else {
                out.append(character)
            }
        }
        return out.trimmingCharacters(in: .whitespaces)
    }

    /// Whether `line` (trimmed) declares something `public` or `open`, after any attributes on the same line.
    static func isPublicDeclaration(_ line: String) -> Bool {
        let modifiers: Set<Substring> = ["final", "override", "nonisolated", "required", "convenience", "indirect"]
        let words = line.split(separator: " ").drop { $0.hasPrefix("@") || modifiers.contains($0) }
        guard let first = words.first, first == "public" || first == "open" else { return false }
        return words.dropFirst().first != "import"
    }

    @Test("the doc-comment check finds public declarations and public enum cases without a summary")
    func docCommentCheck() {
        let source = """
            /// Documented.
            @inlinable
            public func a() {}
            ///
            public var b = 1
            @discardableResult public func c() -> Int { 1 }
            func internalOne() {}
            /// Documented.
            public enum E {
                /// Documented.
                case one
                case two, three
                func f(_ e: E) -> String {
                    switch e {
                    case .one: return "{"
                    default: return ""
                    }
                }
            }
            enum Internal {
                case four
            }
            """
        #expect(
            Self.undocumentedPublicDeclarations(in: source) == [
                "5: public var b = 1", "6: @discardableResult public func c() -> Int { 1 }", "12: case two, three",
            ])
    }
}
