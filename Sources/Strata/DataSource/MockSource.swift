import Foundation

/// Answers requests from the session's fixture files, with a near-miss report when nothing matches.
///
/// Fixture files are read again on every send, so edits (and pairs just recorded) are seen at once; a file is
/// parsed again only when its bytes have changed (copies of a source share its cache).
public struct MockSource: DataSource {
    /// The fixtures folder.
    public let directory: String
    /// The fixture files parsed so far.
    public let cache = FixtureFileCache()

    /// Creates a source reading `session`'s `fixtures/` folder.
    public init(session: Session) { directory = session.fixturesDirectory }

    /// Creates a source reading fixture files from `directory`.
    public init(directory: String) { self.directory = directory }

    /// `mock`.
    public var name: String { "mock" }

    /// The pair that would answer `request`, or the near-miss report.
    public func match(_ request: BuiltRequest) -> Result<FixturePair, NearMissReport> {
        FixtureSet.load(directory: directory, cache: cache).match(request)
    }

    /// Answers `request` from the matching fixture pair, or throws `noMatch` with the near-miss report.
    public func send(_ request: BuiltRequest) async throws(TransportError) -> Response {
        let start = ContinuousClock.now
        let pair: FixturePair
        switch match(request) {
        case .success(let p): pair = p
        case .failure(let report): throw .noMatch(report)
        }
        if pair.delay > 0 {
            do {
                try await Task.sleep(for: .milliseconds(pair.delay))
            } catch {
                throw .cancelled
            }
        }
        if Task.isCancelled { throw .cancelled }
        let body: [UInt8]
        switch pair.bodyBytes(fixturesDirectory: directory) {
        case .success(let bytes): body = bytes
        case .failure(let problem): throw .fixture(problem.message)
        }
        return Response(
            status: pair.status, headers: pair.servedHeaders, body: body, duration: ContinuousClock.now - start,
            origin: .fixture(file: pair.file, number: pair.index + 1, delay: .milliseconds(pair.delay)))
    }
}
