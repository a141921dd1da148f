import Foundation
import StrataDocuments

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
    public var redact: [String] { redactList.names }
    private let redactList: RedactList

    /// Creates a writer for `session`'s fixtures folder and `redact` list.
    public init(session: Session) {
        directory = session.fixturesDirectory
        redactList = session.redactList
    }

    /// Creates a writer for `directory`.
    public init(directory: String, redact: [String] = []) {
        self.init(directory: directory, redactList: RedactList(redact))
    }

    /// Creates a writer for `directory` with a redact list already read.
    init(directory: String, redactList: RedactList) {
        self.directory = directory
        self.redactList = redactList
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
        /// The body file written in ``FixtureWriter/bodiesFolder``, for binary bodies and bodies too large to inline,
        /// as the fixture names it: relative to the fixtures folder (`bodies/product-1.png`).
        public var bodyFile: String?
        /// The size of the recorded body in bytes.
        public var bodyBytes: Int = 0
        /// True when the body was over ``FixtureWriter/inlineBodyLimit``: it went to ``bodyFile`` as it was, its
        /// secrets replaced as bytes wherever they appear (it was not parsed).
        public var largeBody = false

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

    /// The largest body written into the fixture file itself (as JSON or text): 8 MiB. A larger body goes to a
    /// body file, copied in pieces with its secrets scrubbed as bytes, so recording never holds it whole.
    public static let inlineBodyLimit = 8 << 20

    /// Writes `response` as the answer to `request`; an existing pair for the same request is an error unless
    /// `overwrite` is set, and the error names it.
    public func write(_ received: Response, for request: BuiltRequest, overwrite: Bool) throws(TransportError)
        -> Written
    {
        try write(received, streamed: nil, for: request, overwrite: overwrite)
    }

    /// A temporary file in the fixtures folder for a body being received (`.recording.tmp-UUID`); one left by a
    /// recording that was killed is removed when the next one starts.
    func receivingFile() throws(TransportError) -> AtomicFile.Temporary {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .recording("cannot create \(directory): \(error)")
        }
        do {
            return try AtomicFile.Temporary(beside: Session.join(directory, "recording"))
        } catch {
            throw .recording(error.description)
        }
    }

    /// Writes the pair for `received`, whose body is in `streamed` when given (else in the response).
    func write(
        _ received: Response, streamed: AtomicFile.Temporary?, for request: BuiltRequest, overwrite: Bool
    ) throws(TransportError) -> Written {
        let plan = try plan(request, overwrite: overwrite)
        var received = received
        var streamed = streamed
        if let file = streamed {
            let size = FixtureWriter.size(of: file.fd)
            if size <= FixtureWriter.inlineBodyLimit {
                received.body = try FixtureWriter.read(file.fd, size: size, path: file.path)
                streamed = nil
            }
        }
        let large = streamed != nil || received.body.count > FixtureWriter.inlineBodyLimit
        let scrubber = scrubber(for: request)
        let response: Response
        if large {
            response = Response(
                status: received.status, headers: scrubber.scrub(received.headers), body: [],
                duration: received.duration, origin: received.origin)
        } else {
            response = scrubbed(received, for: request)
        }
        let listed = plan.listed
        // A body that is not text, or too large to inline, goes to a body file in `fixtures/bodies/`, which the
        // loader never lists: a JSON body there is never taken for a fixture file.
        var bodyFile: String? = nil
        let kind = large ? .binary : FixtureWriter.bodyKind(response)
        if case .binary = kind {
            bodyFile =
                FixtureWriter.bodiesFolder + "/"
                + FixtureWriter.freeName(
                    in: Session.join(directory, FixtureWriter.bodiesFolder),
                    base: FixtureWriter.fileName(for: request.routeName),
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
        let folder = bodyFile == nil ? directory : Session.join(directory, FixtureWriter.bodiesFolder)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .recording("cannot create \(folder): \(error)")
        }
        // Every file goes through the one atomic writer: permissions kept, symlinks inside the session written
        // through, stale temporary files cleaned up.
        let root = SessionFiles.root(ofFixtures: directory)
        var bodyBytes = received.body.count
        do {
            if let bodyFile {
                let path = Session.join(directory, bodyFile)
                if large {
                    bodyBytes = try FixtureWriter.copy(
                        streamed.map { LargeBody.file($0) } ?? LargeBody.bytes(received.body), to: path, root: root,
                        scrubbing: scrubber)
                } else {
                    try AtomicFile.write(response.body, to: path, root: root)
                }
            }
            try AtomicFile.write(updated, to: plan.target, root: root)
        } catch {
            throw .recording(error.description)
        }
        return Written(
            file: plan.target, path: FixtureWriter.pathKey(request), index: index, replaced: plan.existing != nil,
            bodyFile: bodyFile, bodyBytes: bodyBytes, largeBody: large)
    }

    /// Where a large body is copied from.
    enum LargeBody {
        /// A file it was received into.
        case file(AtomicFile.Temporary)
        /// Memory (a body recorded by `strata serve`, which answers with it too).
        case bytes([UInt8])
    }

    /// The folder inside the fixtures folder that recorded body files go to (`fixtures/bodies/`): the loader reads
    /// only the `*.json` files directly in the fixtures folder, so a body there is never taken for a fixture file.
    public static let bodiesFolder = "bodies"

    /// The size of the pieces a large body is copied in (1 MiB): the most of it held at once.
    public static let copyChunk = 1 << 20

    /// Copies `body` to `path` in pieces through `scrubber` (as bytes: every secret replaced, inside JSON strings
    /// or not); returns the bytes read.
    static func copy(_ body: LargeBody, to path: String, root: String, scrubbing scrubber: SecretScrubber)
        throws(AtomicFile.WriteError) -> Int
    {
        var stream = SecretScrubber.Stream(scrubber, json: false)
        var total = 0
        try AtomicFile.write(to: path, root: root) { (sink: AtomicFile.Sink) throws(AtomicFile.WriteError) in
            switch body {
            case .bytes(let bytes):
                var start = 0
                while start < bytes.count {
                    let end = min(bytes.count, start + copyChunk)
                    try sink.write(stream.feed(Array(bytes[start..<end])))
                    start = end
                }
                total = bytes.count
            case .file(let file):
                var chunk = [UInt8](repeating: 0, count: copyChunk)
                while true {
                    let n = chunk.withUnsafeMutableBytes { pread(file.fd, $0.baseAddress, copyChunk, off_t(total)) }
                    if n < 0 && errno == EINTR { continue }
                    guard n >= 0 else { throw AtomicFile.failure("cannot read \(file.path)", errno) }
                    if n == 0 { break }
                    total += n
                    try sink.write(stream.feed(Array(chunk[0..<n])))
                }
            }
            try sink.write(stream.finish())
        }
        return total
    }

    /// The size of the file open as `fd`.
    static func size(of fd: Int32) -> Int {
        var info = stat()
        return fstat(fd, &info) == 0 ? Int(info.st_size) : 0
    }

    /// The first `size` bytes of the file open as `fd`.
    static func read(_ fd: Int32, size: Int, path: String) throws(TransportError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: size)
        var offset = 0
        while offset < size {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + offset, size - offset, off_t(offset)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                throw .recording("cannot read the received body back from \(path): \(String(cString: strerror(errno)))")
            }
            offset += n
        }
        return bytes
    }

    /// The path a pair for `request` is listed under: secret path params as `<redacted>` (matching accepts it).
    static func pathKey(_ request: BuiltRequest) -> String { request.redactedLocation().path }

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
    func scrubber(for request: BuiltRequest) -> SecretScrubber { marked(request).scrubber }

    /// `request` with the params this writer's `redact` list names marked secret.
    func marked(_ request: BuiltRequest) -> BuiltRequest { request.markingSecret(where: isRedacted) }

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
        if set.bodies.contains(file) {
            throw .recording(
                "cannot add a pair to \(file): a fixture's bodyFile names it, so it is a body; nothing was sent")
        }
        let original: [UInt8]?
        switch SessionFiles.resolve(file, inside: SessionFiles.root(ofFixtures: directory)) {
        case .success(let real): original = FileManager.default.contents(atPath: real).map { [UInt8]($0) }
        case .failure(.missing): original = nil
        case .failure(let refusal): throw .recording("cannot add a pair to \(file): it \(refusal); nothing was sent")
        }
        return Plan(listed: listed, existing: existing, target: file, original: original)
    }

    /// True when `redact` names param or header `name`.
    func isRedacted(_ name: String) -> Bool { redactList.contains(name) }

    /// Response headers worth replaying: not the per-connection ones, redacted names and `Set-Cookie` as
    /// `<redacted>`.
    func recordedHeaders(_ headers: HTTPHeaders) -> HTTPHeaders {
        // Besides the per-connection ones: what the mock's own server sets (date, server, CORS) and the body's
        // encoding, which the live source decoded.
        let skip: Set<String> = [
            "date", "content-encoding", "server", "access-control-allow-credentials", "access-control-allow-origin",
        ]
        return redactedHeaders(headers.endToEnd(droppingAlso: skip))
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

    /// A file name made from a route name: letters, digits, `-` and `_` kept, anything else as `_`; a name over
    /// ``maxFileNameBytes`` keeps its start and ends with a hash of the whole (a 300-character operationId made a
    /// name the file system refused, half-way through an import).
    static func fileName(for route: String) -> String {
        let s = String(
            route.unicodeScalars.map {
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" ? Character($0) : "_"
            })
        if s.isEmpty || s.hasPrefix(".") { return "route" }
        guard s.utf8.count > maxFileNameBytes else { return s }
        var start = ""
        for scalar in s.unicodeScalars {
            guard start.utf8.count + String(scalar).utf8.count <= maxFileNameBytes - 17 else { break }
            start.unicodeScalars.append(scalar)
        }
        return start + "-" + String(SHA256.hex(SHA256.digest(Array(route.utf8))).prefix(16))
    }

    /// The most bytes of a name ``fileName(for:)`` makes: with an extension and a temporary file's suffix it stays
    /// far below the 255 bytes a file name may have.
    static let maxFileNameBytes = 120
}
