import Foundation

/// Adds recorded exchanges to a session's fixture files without disturbing anything else in them.
///
/// The pair goes into the file that already has a pair for the same request (replacing it only when asked),
/// else the first file (in name order) that lists the request's path, else `fixtures/<route>.json`. The file is
/// edited as text: every other byte (other pairs, their order, comments in strings, formatting) is kept, and the
/// result is written to a temporary file and renamed over the original, so a crash never leaves half a file.
public struct FixtureWriter: Sendable {
    /// The fixtures folder.
    public let directory: String
    /// Param and header names written as `<redacted>` (matched ignoring case).
    public let redact: [String]

    /// Creates a writer for `session`'s fixtures folder and `redact` list.
    public init(session: Session) {
        directory = session.fixturesDirectory
        redact = session.redact
    }

    /// Creates a writer for `directory`.
    public init(directory: String, redact: [String] = []) {
        self.directory = directory
        self.redact = redact
    }

    /// Where a recorded pair was written.
    public struct Written: Sendable, Equatable, CustomStringConvertible {
        /// The fixture file.
        public var file: String
        /// The request path it is listed under.
        public var path: String
        /// Its position in that path's list (0-based).
        public var index: Int
        /// True when it replaced an existing pair for the same request.
        public var replaced: Bool
        /// The body file written beside the fixture, for binary bodies.
        public var bodyFile: String?

        /// `fixtures/product.json (/products/1 #2)`.
        public var description: String { "\(file) (\(path) #\(index + 1))" }
    }

    /// The request as a fixture lists it: method and the query and body params sent, secrets as `<redacted>`.
    public func listedRequest(_ request: BuiltRequest) -> (method: String, params: [(name: String, value: String)]) {
        let params = request.sentParams.filter { $0.location == .query || $0.location == .body }
            .map { (name: $0.name, value: $0.isSecret || isRedacted($0.name) ? ResolvedParam.redacted : $0.value) }
        return (request.method, params)
    }

    /// The pair already recorded for the same request (same path, method and listed params), if any.
    public func existingPair(for request: BuiltRequest) -> FixturePair? {
        existingPair(for: request, in: FixtureSet.load(directory: directory))
    }

    /// The pair of `set` recorded for the same request, if any.
    func existingPair(for request: BuiltRequest, in set: FixtureSet) -> FixturePair? {
        let listed = listedRequest(request)
        let paths = [request.path, FixtureWriter.pathKey(request)].map { PercentEncoding.decode($0) }
        return set.pairs.first {
            paths.contains(PercentEncoding.decode($0.path))
                && $0.sameRequest(method: listed.method, params: listed.params)
        }
    }

    /// Checks that a pair for `request` can be written, before anything is sent: no pair for the same request
    /// exists (unless `overwrite`), and the file it would go into is a valid fixture file.
    public func preflight(_ request: BuiltRequest, overwrite: Bool) throws(TransportError) {
        let plan = try plan(request, overwrite: overwrite)
        do {
            _ = try FixtureWriter.insert(
                into: plan.original, path: FixtureWriter.pathKey(request), replacing: plan.existing?.index,
                pair: { _ in "{}" })
        } catch {
            throw .recording(
                "cannot add a pair to \(plan.target): \(error.message); fix the file first (nothing was sent)")
        }
    }

    /// Writes `response` as the answer to `request`; an existing pair for the same request is an error unless
    /// `overwrite` is set, and the error names it.
    public func write(_ received: Response, for request: BuiltRequest, overwrite: Bool) throws(TransportError)
        -> Written
    {
        let plan = try plan(request, overwrite: overwrite)
        let response = scrubbed(received, for: request)
        let listed = plan.listed
        // A body that is not text goes to a file beside the fixture.
        var bodyFile: String? = nil
        let kind = FixtureWriter.bodyKind(response)
        if case .binary = kind {
            bodyFile = FixtureWriter.freeName(
                in: directory, base: FixtureWriter.fileName(for: request.routeName),
                ext: FixtureWriter.fileExtension(response.contentType))
        }
        let recorded = recordedHeaders(response.headers)
        let updated: [UInt8]
        let index: Int
        do {
            (updated, index) = try FixtureWriter.insert(
                into: plan.original, path: FixtureWriter.pathKey(request), replacing: plan.existing?.index,
                pair: { indent in
                    FixtureWriter.pairText(
                        listed, status: response.status, headers: recorded, body: kind, bodyFile: bodyFile,
                        indent: indent)
                })
        } catch {
            throw .recording(
                "cannot add a pair to \(plan.target): \(error.message); fix the file first (nothing was written)")
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .recording("cannot create \(directory): \(error)")
        }
        // Every file goes through the one atomic writer: permissions kept, symlinks inside the session written
        // through, stale temporary files cleaned up.
        let root = SessionFiles.root(ofFixtures: directory)
        do {
            if let bodyFile { try AtomicFile.write(response.body, to: Session.join(directory, bodyFile), root: root) }
            try AtomicFile.write(updated, to: plan.target, root: root)
        } catch {
            throw .recording(error.description)
        }
        return Written(
            file: plan.target, path: FixtureWriter.pathKey(request), index: index, replaced: plan.existing != nil,
            bodyFile: bodyFile)
    }

    /// The path a pair for `request` is listed under: secret path params as `<redacted>` (matching accepts it).
    static func pathKey(_ request: BuiltRequest) -> String { request.redacted().path }

    /// `response` with the request's secret values replaced wherever the server echoed them: in the body (text or
    /// binary; a JSON body stays JSON) and in header values.
    func scrubbed(_ response: Response, for request: BuiltRequest) -> Response {
        let scrubber = scrubber(for: request)
        guard !scrubber.isEmpty else { return response }
        let isJSON = (try? JSONParser().parse(response.body)) != nil
        var copy = response
        copy.body = scrubber.scrub(response.body, json: isJSON)
        copy.headers = scrubber.scrub(response.headers)
        return copy
    }

    /// The request's scrubber, also knowing values of headers this writer's `redact` list names.
    func scrubber(for request: BuiltRequest) -> SecretScrubber { SecretScrubber(request: marked(request)) }

    /// `request` with the params this writer's `redact` list names marked secret.
    func marked(_ request: BuiltRequest) -> BuiltRequest {
        var marked = request
        for i in marked.params.indices where isRedacted(marked.params[i].name) { marked.params[i].isSecret = true }
        return marked
    }

    /// What is kept of an exchange, redacted as a recorded pair is: the request with its secrets (and the params
    /// `redact` names) as `<redacted>`, the response with echoed secrets scrubbed and secret headers (redacted
    /// names, `Set-Cookie`) as `<redacted>`. The session's history keeps exchanges through this.
    func redacted(_ request: BuiltRequest, _ response: Response) -> (request: BuiltRequest, response: Response) {
        let scrubber = scrubber(for: request)
        var copy = scrubbed(response, for: request)
        copy.headers = redactedHeaders(copy.headers)
        if case .live(let url, let redirects) = copy.origin {
            copy.origin = .live(
                url: scrubber.scrub(url),
                redirects: redirects.map {
                    Response.Redirect(status: $0.status, from: scrubber.scrub($0.from), to: scrubber.scrub($0.to))
                })
        }
        return (marked(request).redacted(), copy)
    }

    /// Where a pair for a request goes.
    struct Plan {
        var listed: (method: String, params: [(name: String, value: String)])
        var existing: FixturePair?
        var target: String
        var original: [UInt8]?
    }

    /// Finds the file for `request`'s pair and any pair it would replace.
    func plan(_ request: BuiltRequest, overwrite: Bool) throws(TransportError) -> Plan {
        let listed = listedRequest(request)
        let set = FixtureSet.load(directory: directory)
        let decodedPath = PercentEncoding.decode(FixtureWriter.pathKey(request))
        let existing = existingPair(for: request, in: set)
        if let existing, !overwrite {
            throw .recording(
                "\(existing.location): a pair for \(FixtureWriter.summary(listed, path: FixtureWriter.pathKey(request))) already exists; "
                    + "pass --overwrite to replace it")
        }
        let file =
            existing?.file ?? set.pathKeys.first { PercentEncoding.decode($0.path) == decodedPath }?.file
            ?? Session.join(directory, FixtureWriter.fileName(for: request.routeName) + ".json")
        let original: [UInt8]?
        switch SessionFiles.resolve(file, inside: SessionFiles.root(ofFixtures: directory)) {
        case .success(let real): original = FileManager.default.contents(atPath: real).map { [UInt8]($0) }
        case .failure(.missing): original = nil
        case .failure(let refusal): throw .recording("cannot add a pair to \(file): it \(refusal); nothing was sent")
        }
        return Plan(listed: listed, existing: existing, target: file, original: original)
    }

    /// True when `redact` names param or header `name`.
    func isRedacted(_ name: String) -> Bool { Session.isRedacted(name, in: redact) }

    /// Response headers worth replaying: not the per-connection ones, redacted names and `Set-Cookie` as
    /// `<redacted>`.
    func recordedHeaders(_ headers: HTTPHeaders) -> HTTPHeaders {
        let skip: Set<String> = [
            "date", "connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding", "server",
            "access-control-allow-credentials", "access-control-allow-origin",
        ]
        return redactedHeaders(HTTPHeaders(headers.fields.filter { !skip.contains($0.name.lowercased()) }))
    }

    /// `headers` with the values of redacted names and of `Set-Cookie` as `<redacted>`.
    func redactedHeaders(_ headers: HTTPHeaders) -> HTTPHeaders {
        var out = HTTPHeaders()
        // A cookie the server sets is a credential, whatever it holds.
        for field in headers {
            let secret = isRedacted(field.name) || field.name.lowercased() == "set-cookie"
            out.append(name: field.name, value: secret ? ResolvedParam.redacted : field.value)
        }
        return out
    }

    /// `GET /products?page=2`.
    static func summary(_ listed: (method: String, params: [(name: String, value: String)]), path: String) -> String {
        let q = listed.params.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        return "\(listed.method) \(path)\(q.isEmpty ? "" : "?" + q)"
    }

    /// A file name made from a route name: letters, digits, `-` and `_` kept, anything else as `_`.
    static func fileName(for route: String) -> String {
        let s = String(
            route.unicodeScalars.map {
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" ? Character($0) : "_"
            })
        return s.isEmpty || s.hasPrefix(".") ? "route" : s
    }
}
