import StrataDocuments

/// Finding the pair that answers a request.
extension FixtureSet {
    /// The pair that answers `request`, or a report of the nearest pairs when none does.
    ///
    /// A pair matches when its path equals the request path (compared percent-decoded), its method (if listed)
    /// equals the request's, and every param it lists equals the value sent; params it does not list are free,
    /// a listed value of `<redacted>` matches any value, even none (so mock mode works without the secret), and a
    /// listed empty value matches a param sent empty or left out (a request leaves empty params out, so `""` could
    /// never be sent otherwise). A pair listed under a literal path wins over one listed under a template path
    /// (`/products/{id}`, see ``FixtureTemplate``); then the pair listing the most params wins; ties go to the first
    /// in file order (files in name order). `shownPath` is the request's redacted path when the caller has it
    /// already (``BuiltRequest/redactedLocation()``).
    public func match(_ request: BuiltRequest, shownPath: String? = nil, nearest limit: Int = 3) -> Result<
        FixturePair, NearMissReport
    > {
        var best: FixturePair? = nil
        var missed: [(order: Int, pair: FixturePair, differences: [NearMissReport.Difference])] = []
        let sent = SentRequest(request, shownPath: shownPath)
        for (order, pair) in pairs.enumerated() {
            let differences = differences(pair, sent)
            if differences.isEmpty {
                if let current = best {
                    let (literal, currentLiteral) = (!pair.isTemplatePath, !current.isTemplatePath)
                    if literal != currentLiteral ? literal : pair.params.count > current.params.count { best = pair }
                } else {
                    best = pair
                }
            } else if best == nil {
                missed.append((order, pair, differences))
            }
        }
        if let best { return .success(best) }
        // Only a request nothing answers is scored against every pair (the near-miss report).
        var scored: [(penalty: Int, order: Int, candidate: NearMissReport.Candidate)] = []
        for (order, pair, differences) in missed {
            var penalty = 0
            for d in differences {
                switch d {
                case .path(let sent, let expected): penalty += 10 + FixtureSet.segmentDistance(sent, expected)
                case .method: penalty += 3
                case .param: penalty += 1
                }
            }
            scored.append(
                (
                    penalty, order,
                    NearMissReport.Candidate(
                        location: pair.location, file: pair.file, path: pair.path, index: pair.index,
                        differences: differences)
                ))
        }
        scored.sort { ($0.penalty, $0.order) < ($1.penalty, $1.order) }
        let listed = sent.params.filter { $0.location == .query || $0.location == .body }.map {
            ($0.name, $0.displayValue)
        }
        return .failure(
            NearMissReport(
                method: request.method, path: sent.shownPath, params: listed,
                candidates: scored.prefix(limit).map(\.candidate), pairCount: pairs.count, directory: directory,
                problems: diagnostics))
    }

    /// What a pair is compared with: the request, its decoded path and the params it sends, worked out once.
    struct SentRequest {
        let request: BuiltRequest
        let decodedPath: String
        /// The path as recorded and shown: secret path params as `<redacted>`.
        let shownPath: String
        let decodedShownPath: String
        let params: [ResolvedParam]

        init(_ request: BuiltRequest, shownPath: String? = nil) {
            self.request = request
            decodedPath = PercentEncoding.decode(request.path)
            self.shownPath = shownPath ?? request.redactedLocation().path
            decodedShownPath = PercentEncoding.decode(self.shownPath)
            params = request.sentParams
        }

        /// True when a pair listed under `path` answers this path (a recorded `<redacted>` path param matches).
        func pathMatches(_ path: String) -> Bool {
            let decoded = PercentEncoding.decode(path)
            if decoded == decodedPath || decoded == decodedShownPath { return true }
            return FixtureTemplate.isTemplate(path) && FixtureTemplate.captures(path, in: decodedPath) != nil
        }
    }

    /// What differs between `pair` and the request; empty when the pair matches.
    func differences(_ pair: FixturePair, _ sent: SentRequest) -> [NearMissReport.Difference] {
        var out: [NearMissReport.Difference] = []
        let request = sent.request
        if !sent.pathMatches(pair.path) {
            out.append(.path(sent: sent.shownPath, expected: pair.path))
        }
        if let m = pair.method, m != request.method {
            out.append(.method(sent: request.method, expected: m))
        }
        for (name, expected) in pair.params {
            let param = sent.params.first { $0.name == name }
            if expected == ResolvedParam.redacted { continue }
            if expected.isEmpty && (param?.value ?? "").isEmpty { continue }
            if param?.value != expected {
                // What a secret-looking param must be is as secret as what was sent for it.
                let secret = param?.isSecret == true || CredentialNames.isField(name)
                out.append(
                    .param(
                        name: name, expected: secret ? ResolvedParam.redacted : expected, sent: param?.displayValue))
            }
        }
        return out
    }

    /// How far apart two paths are: segments that differ, plus two for each segment one has and the other lacks.
    static func segmentDistance(_ a: String, _ b: String) -> Int {
        let x = a.split(separator: "/", omittingEmptySubsequences: false)
        let y = b.split(separator: "/", omittingEmptySubsequences: false)
        var d = 2 * abs(x.count - y.count)
        for (p, q) in zip(x, y) where p != q { d += 1 }
        return d
    }
}
