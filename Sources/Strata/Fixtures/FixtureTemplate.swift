import Foundation
import StrataDocuments

/// Dynamic mocks: fixture paths with `{name}` segments, and responses that use what was asked
/// (`{{request.path.id}}`, `{{request.query.page}}`, `{{request.header.X-Trace}}`, `{{request.body.$.order.qty}}`).
///
/// A template path matches a request path with the same number of segments whose literal segments are equal; each
/// `{name}` takes one non-empty segment. A response's header values and inline body (a string, or a JSON value's
/// strings) may hold `{{…}}` expressions, filled from the request when the pair answers. Inside a JSON body a value
/// is written as JSON string content (escaped); a string that is only `{{json …}}` is replaced, quotes and all, by
/// the value as JSON (a number stays a number). A secret the request carries is never echoed: it is `<redacted>`.
/// Body files are served as they are.
public enum FixtureTemplate {
    /// One `{{…}}` expression, read.
    public enum Expression: Sendable, Equatable {
        /// `request.method`.
        case method
        /// `request.path`: the whole request path, percent-decoded.
        case path
        /// `request.path.NAME`: the segment a `{NAME}` of the fixture path took.
        case pathParam(String)
        /// `request.query.NAME`.
        case query(String)
        /// `request.header.NAME` (any case).
        case header(String)
        /// `request.body`: the request body as text.
        case body
        /// `request.body.$…`: the value a JSONPath query selects in the request's JSON body (the first one).
        case bodyQuery(JSONPathQuery)

        /// True when both read the same value (a body query by its text).
        public static func == (a: Expression, b: Expression) -> Bool {
            switch (a, b) {
            case (.method, .method), (.path, .path), (.body, .body): true
            case (.pathParam(let x), .pathParam(let y)), (.query(let x), .query(let y)),
                (.header(let x), .header(let y)):
                x == y
            case (.bodyQuery(let x), .bodyQuery(let y)): x.description == y.description
            default: false
            }
        }
    }

    /// The names the expressions take, for messages.
    static let known =
        "request.method, request.path, request.path.NAME, request.query.NAME, request.header.NAME, request.body, "
        + "request.body.$.JSONPATH (json … writes the value as JSON)"

    /// Reads the text between `{{` and `}}`: the expression and whether it is written as JSON, or why not.
    public static func parse(_ inner: String) -> Result<(Expression, json: Bool), TemplateProblem> {
        var text = inner.trimmingCharacters(in: .whitespaces)
        var json = false
        if text.hasPrefix("json ") {
            json = true
            text = String(text.dropFirst(5)).trimmingCharacters(in: .whitespaces)
        }
        func named(_ prefix: String) -> String? {
            guard text.hasPrefix(prefix), text.count > prefix.count else { return nil }
            return String(text.dropFirst(prefix.count))
        }
        switch text {
        case "request.method": return .success((.method, json))
        case "request.path": return .success((.path, json))
        case "request.body": return .success((.body, json))
        default: break
        }
        if let name = named("request.path.") { return .success((.pathParam(name), json)) }
        if let name = named("request.query.") { return .success((.query(name), json)) }
        if let name = named("request.header.") ?? named("request.headers.") { return .success((.header(name), json)) }
        if let query = named("request.body.") {
            do {
                return .success((.bodyQuery(try JSONPathQuery(query)), json))
            } catch {
                return .failure(TemplateProblem("'{{\(inner)}}': \(error.description)"))
            }
        }
        return .failure(TemplateProblem("unknown template '{{\(inner)}}' (known: \(known))"))
    }

    /// Why a template cannot be read.
    public struct TemplateProblem: Error, Sendable, Equatable, CustomStringConvertible {
        /// The problem, for a person.
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// Every `{{…}}` in `text`: the byte range (braces included) and the text between the braces.
    static func occurrences(in bytes: [UInt8]) -> [(range: Range<Int>, inner: String)] {
        var out: [(Range<Int>, String)] = []
        var i = 0
        let open = UInt8(ascii: "{")
        let close = UInt8(ascii: "}")
        while i + 3 < bytes.count {
            guard bytes[i] == open, bytes[i + 1] == open else {
                i += 1
                continue
            }
            var j = i + 2
            while j + 1 < bytes.count, !(bytes[j] == close && bytes[j + 1] == close) { j += 1 }
            guard j + 1 < bytes.count else { break }
            out.append((i..<(j + 2), String(decoding: bytes[(i + 2)..<j], as: UTF8.self)))
            i = j + 2
        }
        return out
    }

    /// True when `bytes` hold a `{{request.` or `{{json request.` expression, the only ones filled in.
    static func mentionsRequest(_ bytes: [UInt8]) -> Bool {
        occurrences(in: bytes).contains { isRequestExpression($0.inner) }
    }

    /// True for the text of an expression Strata fills in (others, such as a Handlebars page's, are left alone).
    static func isRequestExpression(_ inner: String) -> Bool {
        let text = inner.trimmingCharacters(in: .whitespaces)
        return text.hasPrefix("request.") || text.hasPrefix("json request.")
    }

    /// Why template path `path` is malformed (a brace that is not a whole `{name}` segment, a name twice), or nil.
    static func pathProblem(_ path: String) -> String? {
        var names: Set<String> = []
        for segment in path.split(separator: "/") where segment.contains("{") || segment.contains("}") {
            let name = segment.dropFirst().dropLast()
            guard segment.hasPrefix("{"), segment.hasSuffix("}"), !name.isEmpty, !name.contains("{"),
                !name.contains("}")
            else {
                return "'\(segment)' is not a whole {name} segment (a template segment is all placeholder)"
            }
            if !names.insert(String(name)).inserted { return "{\(name)} appears twice" }
        }
        return nil
    }

    /// True when fixture path `path` has a `{name}` segment.
    public static func isTemplate(_ path: String) -> Bool {
        path.utf8.contains(UInt8(ascii: "{")) && path.utf8.contains(UInt8(ascii: "}"))
    }

    /// The values the `{name}` segments of `template` take in `path` (percent-decoded), or nil when it does not match.
    public static func captures(_ template: String, in path: String) -> [String: String]? {
        let t = template.split(separator: "/", omittingEmptySubsequences: false)
        let p = path.split(separator: "/", omittingEmptySubsequences: false)
        guard t.count == p.count else { return nil }
        var out: [String: String] = [:]
        for (a, b) in zip(t, p) {
            if a.hasPrefix("{"), a.hasSuffix("}"), a.count > 2 {
                guard !b.isEmpty else { return nil }
                out[String(a.dropFirst().dropLast())] = String(b)
            } else if a != b {
                return nil
            }
        }
        return out
    }

    /// What expressions are filled from: the request and the values the fixture path's `{name}` segments took.
    public struct Context: Sendable {
        let request: BuiltRequest
        let captures: [String: String]
        private let body: Tree?

        /// The context of `request` answered by a pair listed under `path`.
        public init(request: BuiltRequest, path: String) {
            self.request = request
            captures = FixtureTemplate.captures(path, in: PercentEncoding.decode(request.path)) ?? [:]
            body = request.body.flatMap { try? JSONFormat().parse($0) }
        }

        /// The value of `expression` as text (nil: the request has none), and whether it is JSON already.
        func value(_ expression: Expression) -> (text: String, isJSON: Bool)? {
            switch expression {
            case .method: return (request.method, false)
            case .path: return (PercentEncoding.decode(request.path), false)
            case .pathParam(let name): return captures[name].map { ($0, false) }
            case .query(let name):
                guard let p = request.sentParams.first(where: { $0.location == .query && $0.name == name }) else {
                    return nil
                }
                return (p.isSecret || CredentialNames.isField(name) ? ResolvedParam.redacted : p.value, false)
            case .header(let name):
                guard let v = request.headers[name] else { return nil }
                let secret =
                    CredentialNames.isHeader(name)
                    || request.sentParams.contains {
                        $0.location == .header && $0.isSecret && $0.name.lowercased() == name.lowercased()
                    }
                return (secret ? ResolvedParam.redacted : v, false)
            case .body:
                return request.body.map { (request.scrubber.scrub(String(decoding: $0, as: UTF8.self)), false) }
            case .bodyQuery(let query):
                guard let body, let node = query.select(in: body).first else { return nil }
                if let s = body.string(node) { return (request.scrubber.scrub(s), false) }
                return (request.scrubber.scrub(body.canonicalJSON(node)), true)
            }
        }
    }

    /// `text` (a header value or a string body) with each request expression filled in; one that has no value
    /// becomes empty.
    public static func fill(_ text: String, _ context: Context) -> String {
        let bytes = Array(text.utf8)
        let found = occurrences(in: bytes).filter { isRequestExpression($0.inner) }
        guard !found.isEmpty else { return text }
        var out: [UInt8] = []
        var from = 0
        for (range, inner) in found {
            out += bytes[from..<range.lowerBound]
            if case .success(let (expression, _)) = parse(inner) {
                out += Array((context.value(expression)?.text ?? "").utf8)
            }
            from = range.upperBound
        }
        out += bytes[from...]
        return String(decoding: out, as: UTF8.self)
    }

    /// A JSON body's bytes with each request expression filled in: escaped inside its string, or, for a string
    /// that is only `{{json …}}`, the whole string replaced by the value as JSON (`null` when it has none).
    public static func fillJSON(_ bytes: [UInt8], _ context: Context) -> [UInt8] {
        let found = occurrences(in: bytes).filter { isRequestExpression($0.inner) }
        guard !found.isEmpty else { return bytes }
        var out: [UInt8] = []
        var from = 0
        let quote = UInt8(ascii: "\"")
        for (range, inner) in found {
            guard case .success(let (expression, json)) = parse(inner) else { continue }
            let value = context.value(expression)
            let wholeString =
                json && range.lowerBound > 0 && range.upperBound < bytes.count && bytes[range.lowerBound - 1] == quote
                && bytes[range.upperBound] == quote
            if wholeString, range.lowerBound - 1 >= from {
                out += bytes[from..<(range.lowerBound - 1)]
                let text: String
                if let value {
                    text = value.isJSON || isJSONNumberOrLiteral(value.text) ? value.text : JSONString.quote(value.text)
                } else {
                    text = "null"
                }
                out += Array(text.utf8)
                from = range.upperBound + 1
            } else {
                out += bytes[from..<range.lowerBound]
                // Inside a JSON string: the value as string content (the quotes JSONString adds dropped).
                let quoted = JSONString.quote(value?.text ?? "")
                out += Array(quoted.utf8.dropFirst().dropLast())
                from = range.upperBound
            }
        }
        out += bytes[from...]
        return out
    }

    /// True for text that is a JSON number, `true`, `false` or `null` on its own.
    static func isJSONNumberOrLiteral(_ text: String) -> Bool {
        guard !text.isEmpty else { return false }
        guard let tree = try? JSONFormat().parse(Array(text.utf8)) else { return false }
        return !tree.isContainer(Tree.root) && tree.kind(Tree.root) != .string
    }

    /// Every problem with the request expressions in `bytes` (a header value or body), for the fixture loader.
    static func problems(in bytes: [UInt8]) -> [TemplateProblem] {
        occurrences(in: bytes).filter { isRequestExpression($0.inner) }.compactMap {
            if case .failure(let problem) = parse($0.inner) { return problem }
            return nil
        }
    }
}

extension FixtureResponse {
    /// This response for `request` answered by a pair listed under `path`: request expressions in its header
    /// values and inline body filled in (see ``FixtureTemplate``); the response itself when it has none.
    public func filled(for request: BuiltRequest, path: String) -> FixtureResponse {
        guard isTemplated else { return self }
        let context = FixtureTemplate.Context(request: request, path: path)
        var headers = HTTPHeaders()
        for field in self.headers {
            headers.append(name: field.name, value: FixtureTemplate.fill(field.value, context))
        }
        let body: FixturePair.Body
        switch self.body {
        case .json(let bytes): body = .json(FixtureTemplate.fillJSON(bytes, context))
        case .text(let text): body = .text(FixtureTemplate.fill(text, context))
        case .none, .file: body = self.body
        }
        return FixtureResponse(
            status: status, headers: headers, body: body, delay: delay, fault: fault, chunkDelay: chunkDelay)
    }
}
