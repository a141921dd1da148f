import Foundation
import Strata

/// Where the explorer serves the session (`--serve [HOST:]PORT`, or `S`): a host and a port, as `strata serve`
/// listens.
package typealias ServeAddress = ServeListener

extension ServeListener {
    /// `127.0.0.1:8080`, where `S` serves when `--serve` did not say.
    package static let standard = ServeListener(host: "127.0.0.1", port: 8080)

    /// Reads `--serve`'s `PORT`, `HOST:PORT` or `[IPv6]:PORT` (the host defaults to 127.0.0.1), or says what is
    /// expected.
    package static func parse(_ text: String) -> Result<ServeListener, ServeError> {
        guard let address = ServeListener(address: text, defaultHost: standard.host) else {
            return .failure(
                ServeError(
                    "--serve must be [HOST:]PORT with a port 0–65535, such as 8080 or 127.0.0.1:8080 (got '\(text)')"))
        }
        return .success(address)
    }
}

/// Serves the session over HTTP for the explorer: the executable gives one (over `StrataServe`), so `StrataUI`
/// never sees the C server.
package protocol TrafficServer: AnyObject, Sendable {
    /// Starts serving `session` from `upstream` (``ExplorerHost/upstream(for:session:)``) on `address`, passing
    /// each answered request to `arrived` on the server's threads; returns the URL served, or a one-line problem
    /// (port in use, bad host).
    func start(
        session: Session, upstream: ServeResponder.Upstream, address: ServeAddress,
        arrived: @escaping @Sendable (ServeExchange) -> Void
    ) -> Result<String, ServeError>
    /// Stops serving once the requests in flight are answered; does nothing when not serving. A ``start`` called
    /// meanwhile waits for it.
    func stop()
}

/// One request that arrived while the explorer served, made ready to show: the request as `strata serve` worked it
/// out when it arrived (whole, for the pipeline and the scrubber), its journal entry (redacted, for the list and the
/// request pane) and what was served.
package struct TrafficEntry: Sendable {
    /// The arrival number, counted from 1 (set by the reducer).
    package var number = 0
    /// The request as it arrived, worked out once (secrets intact: for the pipeline and the scrubber only).
    package let served: ServedRequest
    /// The journal entry: method, path, headers and body excerpt redacted, status, outcome, duration.
    package let entry: ServeJournal.Entry
    /// Query and body params, secrets redacted, in order (a JSON body's members are left to the body, shown whole).
    package let params: [(location: ParamLocation, name: String, value: String)]
    /// True when the body parsed as JSON: ``bodyLines`` are then the pretty-printed JSON.
    package let bodyIsJSON: Bool
    /// The body's lines as the request pane shows them: pretty-printed JSON when it parses, else its text.
    package let bodyLines: [String]
    /// What was served, as a response (nil for a near miss and for a fault).
    package let response: Response?
    /// The near-miss report, for a near miss.
    package let nearMiss: NearMissReport?

    /// The most bytes of pretty-printed JSON shown: past it (deep nesting indents a lot) the body shows as it came.
    package static let prettyLimit = 4 * ServeJournal.bodyLimit

    /// The entry for `exchange`, an answer to a request for `session`. A served body file is read here (this runs
    /// on the server's thread, never the explorer's loop).
    package init(_ exchange: ServeExchange, session: Session) {
        served = exchange.served(for: session)
        entry = exchange.entry
        let reply = exchange.reply
        // The journal's excerpt: scrubbed of every secret the request carries, then bounded.
        var isJSON = false
        var lines: [String] = []
        if let body = entry.body {
            if entry.bodyOmitted == 0, let tree = try? JSONParser().parse(Array(body.utf8)),
                let pretty = tree.canonicalJSON(Tree.root, pretty: true, limit: TrafficEntry.prettyLimit)
            {
                isJSON = true
                lines = pretty.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            } else {
                lines = body.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.map(String.init)
                if lines.count > 1, lines.last == "" { lines.removeLast() }
            }
        }
        bodyIsJSON = isJSON
        bodyLines = lines
        params = served.built.redacted().params
            .filter { $0.location == .query || ($0.location == .body && !isJSON) }
            .map { ($0.location, $0.name, $0.value) }
        nearMiss = reply.nearMiss
        var response: Response? = nil
        // What strata serve answered by itself (an admin endpoint, a preflight, a refusal) is shown like any answer.
        if reply.fault == nil, reply.nearMiss == nil {
            let origin = reply.origin ?? .server(answer: entry.outcome)
            let bytes: [UInt8]?
            switch reply.body {
            case .bytes(let b): bytes = b
            case .file(let file): bytes = try? file.bytes()
            }
            if let bytes {
                response = Response(
                    status: reply.status, headers: reply.headers, body: bytes,
                    duration: .milliseconds(Int64(entry.durationMs.rounded())), origin: origin)
            }
        }
        self.response = response
    }

    /// The method.
    package var method: String { entry.method }
    /// The path and query, secrets redacted.
    package var path: String { entry.path }
    /// The status served (0 for a fault that sent none).
    package var status: Int { entry.status }
    /// What answered: the journal's outcome (`fixtures/x.json:3:5 (/x #1)`, `near miss`, `live`, …); the responder
    /// names fixture files from the session folder, as everywhere on screen.
    package var outcome: String { entry.outcome }
    /// Who answered, as the list compares it.
    package var answer: ServeReply.Answer { entry.answer }
    /// The nearest pair, for a near miss.
    package var nearest: String? { entry.nearest }
    /// Milliseconds from arrival to answer.
    package var durationMs: Double { entry.durationMs }
    /// The request as the matcher saw it (secrets intact: for the pipeline and the scrubber only).
    package var request: BuiltRequest { served.built }
    /// The session route the request fits, if any: the served body is mapped with it.
    package var routeName: String? { served.route?.name }
    /// The request headers, secrets redacted.
    package var headers: HTTPHeaders { entry.headers }
    /// The request body as the journal keeps it (scrubbed, at most ``ServeJournal/bodyLimit`` bytes), or nil when
    /// there was none.
    package var body: String? { entry.body }
    /// The request body's size in bytes.
    package var bodySize: Int { entry.bodySize }
    /// Bytes of the scrubbed body left out past ``ServeJournal/bodyLimit`` (0 when ``body`` is whole).
    package var bodyOmitted: Int { entry.bodyOmitted }

    /// The fixture pair that answered, short (`products.json #1`), or `near miss`, `live`, … for the list.
    package var answeredBy: String {
        guard case .fixture(let file, let number, _)? = response?.origin else {
            if case .fixture(let location) = answer { return location }
            return outcome
        }
        return "\((file as NSString).lastPathComponent) #\(number)"
    }
}

/// The explorer's serving state: where it serves, whether it does, and the Traffic list (newest first).
package struct TrafficState: Sendable {
    /// Where `S` serves (the `--serve` address, else ``ServeAddress/standard``).
    package var address = ServeAddress.standard
    /// The URL served, while serving.
    package var url: String?
    /// The requests kept, newest first (at most ``capacity``).
    package var entries: [TrafficEntry] = []
    /// Requests that arrived since serving started (more than are kept, after a while).
    package var count = 0
    /// Requests that arrived since the explorer started: the last arrival number given.
    package var received = 0
    /// The selected row (0 is the newest).
    package var selected = 0
    /// The first row shown.
    package var top = 0
    /// The first row of the selected request shown in the request pane's place (it scrolls when focused).
    package var detailTop = 0
    /// Whether the left pane shows the Traffic list instead of the routes (`T`).
    package var isShown = false
    /// The arrival number of the entry whose answer the response panes show.
    package var shownNumber: Int?
    /// The source the server answers from, while serving.
    package var source: SourceMode?
    /// The id of the run that processes the shown entry's answer (so the next arrival may follow it).
    package var runID: Int?

    /// How many requests the list keeps.
    package static let capacity = 1000

    /// Creates a state.
    package init() {}

    /// Whether the explorer serves now.
    package var isServing: Bool { url != nil }

    /// True from asking for a start until its reply (``Action/servingChanged(url:problem:generation:)``).
    package var isStarting = false
    /// True while the start asked for serves again what was already served (``ExplorerState/serveAgain()``).
    package var restarting = false
    /// Counts the starts and stops asked for; a start's reply carries its count, so a stale one is ignored.
    package var generation = 0

    /// Where the running server listens: ``address``, with the port it was given when ``address`` asked for any.
    package var servedAddress: ServeAddress {
        guard address.port == 0, let url, let port = url.split(separator: ":").last.flatMap({ Int($0) }) else {
            return address
        }
        return ServeAddress(host: address.host, port: port)
    }

    /// The selected entry.
    package var selection: TrafficEntry? { entries.indices.contains(selected) ? entries[selected] : nil }
}
