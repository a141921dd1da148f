import StrataDocuments

/// How each route's last response fared against its expectations, kept in `SESSION/.strata/checks.json` (out of git,
/// beside the history): `strata test` and the explorer write it, and the explorer shows it when it opens, so the
/// route list says what the last run found.
///
/// ```json
/// { "routes": { "product": [ { "check": "status is 200" }, { "check": "$.price is a number", "failure": "got \"89.00\"" } ] } }
/// ```
///
/// What is kept was scrubbed of the request's secrets before it got here.
public enum LastChecks {
    /// `SESSION/.strata/checks.json`.
    public static func file(ofSession directory: String) -> String {
        Session.join(StrataFolder.path(ofSession: directory), "checks.json")
    }

    /// The reports kept for `session`'s routes that it still has; none when the file is missing or unreadable.
    public static func read(session: Session) -> [String: ExpectationReport] {
        guard
            case .success(let bytes) = SessionFiles.read(file(ofSession: session.directory), inside: session.directory),
            let tree = try? JSONParser().parse(bytes),
            let routes = tree.node(at: TreePath([.key("routes")]), from: Tree.root), tree.kind(routes) == .object
        else { return [:] }
        var out: [String: ExpectationReport] = [:]
        for member in tree.children(routes) {
            guard let name = tree.key(member), session.route(named: name) != nil, tree.kind(member) == .array else {
                continue
            }
            let results = tree.children(member).compactMap { item -> CheckResult? in
                guard let c = tree.node(at: TreePath([.key("check")]), from: item), let check = tree.string(c) else {
                    return nil
                }
                let failure = tree.node(at: TreePath([.key("failure")]), from: item).flatMap { tree.string($0) }
                return CheckResult(check: check, failure: failure)
            }
            out[name] = ExpectationReport(results: results)
        }
        return out
    }

    /// Keeps `reports` (by route name) for `session`, over what was kept for those routes; the other routes keep
    /// theirs. Written atomically; returns why it could not be.
    public static func keep(_ reports: [String: ExpectationReport], session: Session) throws(AtomicFile.WriteError) {
        var all = read(session: session)
        all.merge(reports) { _, new in new }
        let json = OutputJSON.object([
            (
                "routes",
                .object(
                    all.keys.sorted().map { name in
                        (
                            name,
                            .array(
                                all[name]!.results.map { result in
                                    .object(
                                        [("check", .string(result.check))]
                                            + (result.failure.map { [("failure", .string($0))] } ?? []))
                                })
                        )
                    })
            )
        ])
        let folder = StrataFolder.path(ofSession: session.directory)
        do {
            try StrataFolder.prepare(folder, root: session.directory)
        } catch {
            throw AtomicFile.WriteError(description: error.message)
        }
        try AtomicFile.write(
            Array((json.text() + "\n").utf8), to: file(ofSession: session.directory), root: session.directory)
    }
}
