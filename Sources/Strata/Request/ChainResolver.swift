import StrataDocuments

/// Reads chained values (`${response:ROUTE:QUERY}`) for one request being built: each route's latest response is
/// parsed once (by its content type, through the session's ``ResponsePipeline``; ``LatestResponses`` keeps that
/// parse for the requests built next), the query must select exactly one node, and what fails becomes a problem
/// naming the route and the query.
///
/// It also collects the secrets chained values carry: a value whose field the session's `redact` list names (and
/// any redacted field inside an object or array taken whole) is scrubbed wherever the request is shown or written.
struct ChainResolver {
    /// A value read from a response.
    struct Value {
        /// As text: a string's characters, a number or bool as written, an object or array as JSON.
        var text: String
        /// As JSON: strings quoted, numbers and bools bare, containers as canonical JSON.
        var json: String
        /// True when the selected field is one the session redacts.
        var isSecret: Bool
    }

    private let session: Session?
    private let responses: (any ResponseLookup)?
    private let pipeline: ResponsePipeline?
    /// Each route's latest response parsed, or why it cannot be read.
    private var trees: [String: Result<(tree: Tree, status: String), ChainFailure>] = [:]

    /// The route whose request is being built, for messages.
    var routeName = ""
    /// What reads the values being resolved (`header 'Authorization'`, `the body`), for messages.
    var reader = ""
    /// Why values could not be read, one sentence each, without repeats.
    private(set) var problems: [String] = []
    /// Secret values read (for the scrubber), without repeats.
    private(set) var secrets: [String] = []
    /// The chained values read since ``startReading(_:)``, and whether any was secret.
    private(set) var read: [ChainedValue] = []
    private(set) var readSecret = false
    /// Why chained values read since ``startReading(_:)`` could not be read.
    private(set) var readProblems: [String] = []

    /// A resolver with no responses: every chained value is missing (used where no request is built).
    init() {
        session = nil
        responses = nil
        pipeline = nil
    }

    /// A resolver reading `session`'s routes' latest responses from `responses`.
    init(session: Session, responses: any ResponseLookup, routeName: String) {
        self.session = session
        self.responses = responses
        self.pipeline = ResponsePipeline(session: session)
        self.routeName = routeName
    }

    /// Starts a new reader (a param, the body): ``read`` and ``readSecret`` are reset.
    mutating func startReading(_ reader: String) {
        self.reader = reader
        read = []
        readSecret = false
        readProblems = []
    }

    /// The value `chained` selects, or nil (with a problem recorded) when it cannot be read.
    mutating func resolve(_ chained: ChainedValue) -> Value? {
        read.append(chained)
        switch value(chained) {
        case .success(let value):
            if value.isSecret { readSecret = true }
            return value
        case .failure(let failure):
            var place = reader.isEmpty ? "" : reader
            if !routeName.isEmpty { place += (place.isEmpty ? "route" : " of route") + " '\(routeName)'" }
            let problem = (place.isEmpty ? "" : place + ": ") + "\(chained): \(failure.message)"
            if !problems.contains(problem) { problems.append(problem) }
            if !readProblems.contains(problem) { readProblems.append(problem) }
            return nil
        }
    }

    private mutating func value(_ chained: ChainedValue) -> Result<Value, ChainFailure> {
        let tree: Tree
        let status: String
        switch self.tree(chained.route) {
        case .failure(let f): return .failure(f)
        case .success(let parsed): (tree, status) = parsed
        }
        // The status says why a field may be missing (a 401 has no token).
        let latest = "the latest response of '\(chained.route)' (\(status))"
        let nodes = chained.query.select(in: tree)
        guard nodes.count == 1, let node = nodes.first else {
            return .failure(
                ChainFailure(
                    nodes.isEmpty
                        ? "the query selects nothing in \(latest)"
                        : "the query selects \(nodes.count) nodes in \(latest), it must select exactly one: "
                            + tree.normalizedPaths(Array(nodes.prefix(3))).joined(separator: ", ")
                            + (nodes.count > 3 ? ", …" : "")))
        }
        let json = tree.canonicalJSON(node)
        let text = tree.kind(node) == .string ? tree.string(node) ?? "" : json
        guard text != ResolvedParam.redacted else {
            // A response stored with its secrets redacted (a fixture, a history entry) cannot give them back.
            return .failure(
                ChainFailure(
                    "the latest response of '\(chained.route)' holds \(ResolvedParam.redacted) there (it was stored "
                        + "redacted): send '\(chained.route)' again"))
        }
        let session = self.session
        let redacted = { (i: Tree.Index) in tree.key(i).map { session?.isRedacted($0) ?? false } ?? false }
        let isSecret = redacted(node)
        if isSecret {
            remember(text)
        } else if tree.isContainer(node) {
            // A redacted field inside an object or array taken whole stays secret where it lands.
            for i in (node + 1)..<tree.subtreeEnd(node) where !tree.isContainer(i) && redacted(i) {
                remember(tree.kind(i) == .string ? tree.string(i) ?? "" : tree.canonicalJSON(i))
            }
        }
        return .success(Value(text: text, json: json, isSecret: isSecret))
    }

    private mutating func remember(_ secret: String) {
        if !secret.isEmpty, !secrets.contains(secret) { secrets.append(secret) }
    }

    /// The parsed latest response of `route`, read once.
    private mutating func tree(_ route: String) -> Result<(tree: Tree, status: String), ChainFailure> {
        if let known = trees[route] { return known }
        let result = parse(route)
        trees[route] = result
        return result
    }

    private func parse(_ name: String) -> Result<(tree: Tree, status: String), ChainFailure> {
        guard let session, let responses, let pipeline else {
            return .failure(ChainFailure("no response yet for route '\(name)'"))
        }
        guard let route = session.route(named: name) else {
            let names = session.routes.map(\.name)
            return .failure(
                ChainFailure("no route named '\(name)'\(Suggestion.didYouMean(name, in: names))"))
        }
        // The lookup may keep the parse: a request rebuilt at every key typed does not parse the response again.
        guard let (response, outcome) = responses.latestParsed(route: name, parse: { pipeline.parse($0, for: route) })
        else {
            return .failure(
                ChainFailure("no response yet for route '\(name)' (\(responses.missingAdvice(route: name)))"))
        }
        guard let tree = outcome.tree else {
            let why = outcome.error.map { ": \($0)" } ?? ""
            return .failure(
                ChainFailure("the latest response of '\(name)' cannot be read as \(outcome.parser)\(why)"))
        }
        return .success((tree, response.statusLine))
    }
}

/// Why a chained value could not be read.
struct ChainFailure: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
