import Testing

@testable import Strata
@testable import StrataDocuments
@testable import StrataMapping

/// Matching concrete paths to route templates: the segment matcher agrees with trying every split, stays
/// polynomial with many placeholders in a segment, and the route index finds what trying each route finds.
@Suite struct PathTemplateTests {
    /// The matcher as first written: try every length for each placeholder (exponential in placeholders).
    static func tryingEverySplit(_ template: String, _ path: String) -> Bool {
        let t = Array(template)
        let p = Array(PercentEncoding.decode(path))
        func match(_ i: Int, _ j: Int) -> Bool {
            if i == t.count { return j == p.count }
            if t[i] == "{", let close = t[i...].firstIndex(of: "}") {
                var k = j
                while k < p.count, p[k] != "/" {
                    k += 1
                    if match(close + 1, k) { return true }
                }
                return false
            }
            return j < p.count && t[i] == p[j] && match(i + 1, j + 1)
        }
        return match(0, 0)
    }

    /// A short random string over the characters that matter: slashes, braces, a few letters, an escape.
    static func random(_ rng: inout SeededRandom, pieces: [String], length: Int) -> String {
        (0..<rng.below(length + 1)).map { _ in pieces[rng.below(pieces.count)] }.joined()
    }

    @Test("a template matches exactly the paths that trying every split matches")
    func agreesWithTryingEverySplit() {
        var rng = SeededRandom(seed: 0x5EED_7E57)
        let templatePieces = ["/", "a", "b", "{x}", "{y}", "{", "}", "%2F", "/a", "{z}/"]
        let pathPieces = ["/", "a", "b", "ab", "%2F", "%61", "{", "}"]
        var matched = 0
        for _ in 0..<20_000 {
            let template = Self.random(&rng, pieces: templatePieces, length: 6)
            let path = Self.random(&rng, pieces: pathPieces, length: 8)
            let expected = Self.tryingEverySplit(template, path)
            #expect(Route.path(template, matches: path) == expected, "\(template) vs \(path)")
            if expected { matched += 1 }
        }
        #expect(matched > 500)  // the sample reaches both answers
    }

    /// The strict reader of placeholder names as first written (Route.placeholders(in:) before PathTemplate).
    static func namesAsFirstRead(_ path: String) -> Result<[String], TemplateError> {
        var names: [String] = []
        var rest = Substring(path)
        while let open = rest.firstIndex(where: { $0 == "{" || $0 == "}" }) {
            guard rest[open] == "{" else {
                return .failure(TemplateError(message: "'}' without '{' in path \(JSONString.quote(path))"))
            }
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(where: { $0 == "}" || $0 == "{" }), after[close] == "}" else {
                return .failure(TemplateError(message: "'{' is not closed with '}' in path \(JSONString.quote(path))"))
            }
            let name = String(after[..<close])
            guard !name.isEmpty else {
                return .failure(TemplateError(message: "empty placeholder '{}' in path \(JSONString.quote(path))"))
            }
            names.append(name)
            rest = after[after.index(after: close)...]
        }
        return .success(names)
    }

    @Test("checked names agree with the strict reader as first written, message for message")
    func checkedNamesAgreeWithTheStrictReader() {
        var rng = SeededRandom(seed: 0xB4_ACE5)
        let pieces = ["/", "a", "{", "}", "{x}", "{}", "{y", "z}", "é", "\u{0600}", "\u{200D}", "\u{0301}"]
        var failures = 0
        for _ in 0..<20_000 {
            let path = "/" + Self.random(&rng, pieces: pieces, length: 6)
            let checked = Result { () throws(TemplateError) in try Route.placeholders(in: path) }
            #expect(checked == Self.namesAsFirstRead(path), "\(path)")
            if case .failure = checked { failures += 1 }
        }
        #expect(failures > 1_000 && failures < 19_000)  // the sample reaches both answers
    }

    @Test("a route's placeholders and the filled path read the same template")
    func placeholdersAndFilling() {
        let template = PathTemplate("/a/{id}/b{x}.json/{id}/{missing}/{")
        #expect(template.names == ["id", "x", "id", "missing"])
        #expect(template.filled { ["id": "7", "x": "%20"][$0] } == "/a/7/b%20.json/7/{missing}/{")
        #expect(Route(name: "r", path: "/u/{a{b}/}").placeholders == ["a{b"])
        #expect(throws: TemplateError(message: #"'{' is not closed with '}' in path "/u/{a{b}/}""#)) {
            try Route.placeholders(in: "/u/{a{b}/}")
        }
    }

    @Test("many placeholders in one segment match a long segment without trying every split")
    func manyPlaceholdersInOneSegment() {
        let template = "/" + (0..<40).map { "{p\($0)}" }.joined() + "x"
        #expect(!Route.path(template, matches: "/" + String(repeating: "a", count: 4000)))
        #expect(Route.path(template, matches: "/" + String(repeating: "a", count: 4000) + "x"))
        #expect(!Route.path(template, matches: "/" + String(repeating: "a", count: 39) + "x"))
        #expect(Route.path(template, matches: "/" + String(repeating: "a", count: 40) + "x"))
    }

    @Test("the route index finds the routes that trying each route finds, in file order")
    func indexAgreesWithTryingEachRoute() {
        var rng = SeededRandom(seed: 0x1D_E7)
        let templatePieces = ["/", "a", "b", "{x}", "{y}", "/{id}", "/a", "v{n}", ".v1", "{x}.json", "b{y}a"]
        let pathPieces = ["/", "a", "b", "ab", "v1", "%2F", ".v1", ".json"]
        for _ in 0..<300 {
            let routes = (0..<rng.below(12)).map { k in
                Route(name: "r\(k)", path: "/" + Self.random(&rng, pieces: templatePieces, length: 4))
            }
            let index = RouteIndex(routes)
            for _ in 0..<30 {
                let path = "/" + Self.random(&rng, pieces: pathPieces, length: 5)
                let literal = routes.indices.filter {
                    !routes[$0].path.contains("{") && Route.path(routes[$0].path, matches: path)
                }
                let templated = routes.indices.filter {
                    routes[$0].path.contains("{") && Route.path(routes[$0].path, matches: path)
                }
                #expect(index.literal(path) == literal, "\(path) in \(routes.map(\.path))")
                #expect(index.templated(matching: path) == templated, "\(path) in \(routes.map(\.path))")
            }
        }
    }
}
