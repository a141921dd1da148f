import StrataDocuments

/// One request/response pair of a fixture file, in APIKit's format.
///
/// ```json
/// { "request": { "method": "GET", "params": { "page": "2" } },
///   "response": { "status": 200, "headers": { "Content-Type": "application/json" }, "body": { "items": [] } } }
/// ```
public struct FixturePair: Sendable {
    /// What the pair's response body is.
    public enum Body: Sendable, Equatable {
        /// No body.
        case none
        /// A JSON value: served as these exact bytes, the value's span in the fixture file.
        case json([UInt8])
        /// A string: served as its UTF-8 text.
        case text(String)
        /// A file named relative to the fixture file; `path` is the resolved path.
        case file(name: String, path: String)
    }

    /// The fixture file, as reached from the session directory the user named.
    public let file: String
    /// The request path the pair answers (the key it is listed under).
    public let path: String
    /// Its position in that path's list (0-based).
    public let index: Int
    /// The method it requires, or nil for any.
    public let method: String?
    /// The params it requires, in file order (a value of `<redacted>` matches any value).
    public let params: [(name: String, value: String)]
    /// What the pair answers with: one response, or a sequence (`"responses"`) answered in turn, the last
    /// repeating (see ``FixtureSequences``).
    public let responses: [FixtureResponse]

    /// The status of the first response.
    public var status: Int { responses[0].status }
    /// The headers of the first response.
    public var headers: HTTPHeaders { responses[0].headers }
    /// The body of the first response.
    public var body: Body { responses[0].body }
    /// The headers the first response serves (see ``FixtureResponse/servedHeaders``).
    public var servedHeaders: HTTPHeaders { responses[0].servedHeaders }
    /// Milliseconds the first response waits before answering.
    public var delay: Int { responses[0].delay }
    /// 1-based line of the pair in its file.
    public let line: Int
    /// 1-based column of the pair in its file.
    public let column: Int

    /// `file:line:col`.
    public var location: String { "\(file):\(line):\(column)" }

    /// True when the pair is listed under a template path (`/products/{id}`), which any value of `{id}` matches.
    public var isTemplatePath: Bool { FixtureTemplate.isTemplate(path) }

    /// True when the pair's listed request (method and params) is the same as `other`'s, in any param order.
    func sameRequest(method: String?, params: [(name: String, value: String)]) -> Bool {
        guard self.method?.uppercased() == method?.uppercased(), self.params.count == params.count else { return false }
        let mine = Dictionary(self.params.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        let theirs = Dictionary(params.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        return mine == theirs
    }
}

extension FixturePair {
    /// Why a pair's body could not be read: a body file outside the session or unreadable.
    public struct BodyProblem: Error, Sendable {
        /// `fixtures/a.json:3:5: bodyFile 'x.json' cannot be read (looked for …)`.
        public let message: String
    }

    /// The bytes the pair serves. A body file is checked again at every read (it may have been swapped for a
    /// symlink since it was listed) and read once, straight into a buffer of its size.
    public func bodyBytes(fixturesDirectory directory: String) -> Result<[UInt8], BodyProblem> {
        switch body {
        case .none: return .success([])
        case .json(let bytes): return .success(bytes)
        case .text(let s): return .success(Array(s.utf8))
        case .file(let name, let path):
            let real: String
            switch SessionFiles.resolve(path, inside: SessionFiles.root(ofFixtures: directory)) {
            case .success(let r): real = r
            case .failure(let refusal):
                return .failure(BodyProblem(message: "\(location): bodyFile '\(name)' \(refusal); nothing was read"))
            }
            guard let bytes = try? FileBytes.read(real) else {
                return .failure(
                    BodyProblem(message: "\(location): bodyFile '\(name)' cannot be read (looked for \(path))"))
            }
            return .success(bytes)
        }
    }
}
