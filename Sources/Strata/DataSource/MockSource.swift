import Foundation

/// Answers requests from the session's fixture files, with a near-miss report when nothing matches.
///
/// The fixtures folder is looked at again on every send, so edits (and pairs just recorded) are seen at once; a
/// file is read and parsed again only when it has changed (``FixtureFileCache``; copies of a source share it).
public struct MockSource: DataSource {
    /// The fixtures folder.
    public let directory: String
    /// The fixture files parsed so far.
    public let cache: FixtureFileCache
    /// Where each pair's sequence of responses has got to.
    public let sequences = FixtureSequences()

    /// Creates a source reading `session`'s `fixtures/` folder.
    public init(session: Session, cache: FixtureFileCache = FixtureFileCache()) {
        self.init(directory: session.fixturesDirectory, cache: cache)
    }

    /// The session folder body files must be inside.
    let root: String

    /// Creates a source reading fixture files from `directory`.
    public init(directory: String, cache: FixtureFileCache = FixtureFileCache()) {
        self.directory = directory
        self.cache = cache
        self.root = SessionFiles.root(ofFixtures: directory)
    }

    /// `mock`.
    public var name: String { "mock" }

    /// The pair that would answer `request`, or the near-miss report; `shownPath` is the request's redacted path
    /// when the caller has it already.
    public func match(_ request: BuiltRequest, shownPath: String? = nil) -> Result<FixturePair, NearMissReport> {
        FixtureSet.load(directory: directory, cache: cache).match(request, shownPath: shownPath)
    }

    /// Where a response's body comes from: bytes in hand, or a file opened inside the session.
    public enum BodySource: Sendable, Equatable {
        /// These bytes.
        case bytes([UInt8])
        /// This file, opened once it was found inside the session (read it, or stream it from its descriptor).
        case file(SessionFiles.OpenedFile)
    }

    /// The body of `response` (a response of `pair`): inline bytes, or its body file opened inside the session.
    ///
    /// A body file is opened in one step with its check (``SessionFiles/open(_:inside:)``): it may have been swapped
    /// for a symlink since it was listed, and what is served is what was checked. A small one's bytes are kept
    /// (``FixtureFileCache/body(at:)``) and served again while the file keeps the signature it had when they were
    /// read: the same file, as checked then.
    public func bodySource(_ response: FixtureResponse, of pair: FixturePair) throws(TransportError) -> BodySource {
        switch response.body {
        case .none: return .bytes([])
        case .json(let bytes): return .bytes(bytes)
        case .text(let s): return .bytes(Array(s.utf8))
        case .file(let name, let path):
            if let bytes = cache.body(at: path) { return .bytes(bytes) }
            let taken = Date().timeIntervalSince1970
            switch SessionFiles.open(path, inside: root) {
            case .success(let file):
                if file.size <= FixtureFileCache.keptBodySize, let bytes = try? file.bytes() {
                    cache.keepBody(bytes, at: path, info: file.info, taken: taken)
                    return .bytes(bytes)
                }
                return .file(file)
            case .failure(let refusal):
                throw .fixture("\(pair.location): bodyFile '\(name)' \(refusal); nothing was read")
            }
        }
    }

    /// Answers `request` from the matching fixture pair, or throws `noMatch` with the near-miss report.
    ///
    /// A pair with a sequence of responses answers the next one (``sequences``); a response with a `fault`
    /// fails the way a client would see it fail.
    public func send(_ request: BuiltRequest) async throws(TransportError) -> Response {
        try await answer(request).response
    }

    /// Answers `request` like ``send(_:)``; when the pair has a `chunkDelay`, the body is also reported to
    /// `progress` piece by piece that many milliseconds apart, as `strata serve` would send it: one event or line
    /// at a time for server-sent events and JSON lines, 1 KiB at a time otherwise.
    public func send(_ request: BuiltRequest, progress: TransferObserver?) async throws(TransportError) -> Response {
        let start = ContinuousClock.now
        var (response, chunkDelay) = try await answer(request)
        guard let progress, chunkDelay > 0 else { return response }
        let (body, status, headers) = (response.body, response.status, response.headers)
        let report = { (chunk: ArraySlice<UInt8>, received: Int) in
            progress(
                TransferProgress(
                    hop: 0, status: status, headers: headers, chunk: Array(chunk),
                    received: received, transferred: received, expected: body.count))
        }
        report([], 0)
        var from = 0
        for end in StreamingBody.pieceEnds(body, format: StreamingBody.format(of: response.contentType)) {
            if from > 0 {
                do {
                    try await Task.sleep(for: .milliseconds(chunkDelay))
                } catch {
                    throw .cancelled
                }
            }
            report(body[from..<end], end)
            from = end
        }
        response.duration = ContinuousClock.now - start
        return response
    }

    /// The response for `request` and the pair's `chunkDelay`.
    private func answer(_ request: BuiltRequest) async throws(TransportError) -> (response: Response, chunkDelay: Int) {
        let start = ContinuousClock.now
        let pair: FixturePair
        switch match(request) {
        case .success(let p): pair = p
        case .failure(let report): throw .noMatch(report)
        }
        let reply = sequences.next(pair).response.filled(for: request, path: pair.path)
        if reply.delay > 0 {
            do {
                try await Task.sleep(for: .milliseconds(reply.delay))
            } catch {
                throw .cancelled
            }
            // The body as it is after the delay, not as the watch last saw it before.
            cache.lookAgain()
        }
        if Task.isCancelled { throw .cancelled }
        if let fault = reply.fault {
            throw .connection(url: request.url, detail: "\(fault.effect) (fault '\(fault)' of \(pair.location))")
        }
        let body: [UInt8]
        switch try bodySource(reply, of: pair) {
        case .bytes(let bytes): body = bytes
        case .file(let file):
            // Read once, straight into a buffer of the file's size: this array is the body all the way to the tree.
            do {
                body = try file.bytes()
            } catch {
                throw .fixture("\(pair.location): bodyFile \(error) (\(file.path))")
            }
        }
        let response = Response(
            status: reply.status, headers: reply.servedHeaders, body: body, duration: ContinuousClock.now - start,
            origin: .fixture(file: pair.file, number: pair.index + 1, delay: .milliseconds(reply.delay)))
        return (response, reply.chunkDelay)
    }
}
