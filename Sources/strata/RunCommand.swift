import Foundation
import Strata

/// `strata run SESSION ROUTE ...`: Run one route through the shared stack and print the result.
enum RunCommand {
    static let usage =
        "strata run SESSION ROUTE [-p NAME=VALUE]... [--source mock|live] [--show VIEW | --json] [--query EXPR] [--severity LEVEL] [--fail] [--curl]"
        + " [--code LANG] [--replay N] [--env NAME] [--max-body BYTES] [--cookies FILE]"
    static let summary = "Run one route through the shared stack and print the result."
    static let arguments = [
        PositionalSpec(name: "SESSION", help: "a session folder (or its session.json)"),
        PositionalSpec(name: "ROUTE", help: "the name of one of its routes"),
    ]
    /// `-p NAME=VALUE`, shared with `record`.
    static let paramOption = OptionSpec(
        "--param", "-p", value: "NAME=VALUE",
        help: "set a param, over the session's and the route's defaults (repeatable)")
    /// `--severity error|warning|info`, shared by the commands that print mapping issues.
    static let severityOption = OptionSpec(
        "--severity", value: "error|warning|info",
        help: "list only issues of this severity or worse (default info: all); the counts stay whole")
    static let options = [
        paramOption,
        environmentOption,
        OptionSpec(
            "--source", value: "mock|live", help: "answer from the session's fixtures (default) or the live API"),
        OptionSpec(
            "--show", value: "VIEW",
            help: "raw (the body, unescaped; default), parsed, mapped, issues or all (request and response too)"),
        OptionSpec("--json", help: "print the whole exchange as one JSON object (every view; not with --show)"),
        ParseCommand.queryOption,
        severityOption,
        OptionSpec("--fail", help: "exit 3 on a status ≥ 400, a body that did not parse, or a mapping error"),
        OptionSpec("--curl", help: "print the request as a curl command instead of running it"),
        OptionSpec(
            "--code", value: "LANG",
            help: "print the request as code that sends it instead: curl, httpie, python, javascript or swift"),
        OptionSpec(
            "--replay", value: "N",
            help: "show history entry N (see strata history) through the same parse and map, sending nothing"),
        maxBodyOption,
        OptionSpec(
            "--cookies", value: "FILE",
            help: "send cookies from FILE and write the response's cookies back to it (Netscape format, as curl -b/-c)"),
    ]

    static func run(_ args: inout Arguments) throws -> Int32 {
        let json = args.flag("--json")
        let fail = args.flag("--fail")
        let language = try args.option("--code").map { (name) throws(UsageError) in
            guard let language = CodeLanguage(name: name) else {
                let names = CodeLanguage.allCases.map(\.rawValue)
                throw UsageError(
                    "--code must be \(names.dropLast().joined(separator: ", ")) or \(names.last!) (got '\(name)')"
                        + Suggestion.didYouMean(name, in: names))
            }
            return language
        }
        if language != nil, args.flag("--curl") { throw UsageError("--curl is --code curl: give one of them") }
        let code = language ?? (args.flag("--curl") ? .curl : nil)
        let curl = code != nil
        let edits = try parseEdits(args.options("-p"))
        let sourceName = try args.option("--source") ?? "mock"
        let showName = try args.option("--show")
        let severity = try severityFilter(args.option("--severity"))
        guard case .valid(let query) = parseQuery(try args.option("--query")) else { return 2 }
        if query != nil, showName != nil {
            throw UsageError("--show and --query cannot be combined: --query prints the nodes it selects")
        }
        if json, showName != nil {
            throw UsageError("--show and --json cannot be combined: --json prints every view in one object")
        }
        guard let view = Exchange.View(rawValue: showName ?? "raw") else {
            throw UsageError("--show must be raw, parsed, mapped, issues or all (got '\(showName ?? "")')")
        }
        let maxBody = try args.option("--max-body")
        let cookieFile = try args.option("--cookies")
        let replay = try args.option("--replay").map { (text) throws(UsageError) in
            guard let n = Int(text.hasPrefix("#") ? String(text.dropFirst()) : text), n > 0 else {
                throw UsageError("--replay takes an entry number from `strata history` (got '\(text)')")
            }
            return n
        }
        let sourceGiven = try args.option("--source") != nil
        if replay != nil, !edits.isEmpty || curl || cookieFile != nil || sourceGiven {
            throw UsageError(
                "--replay shows a kept exchange: it cannot be combined with -p, --curl, --code, --cookies or --source")
        }
        if cookieFile != nil, sourceName != "live" {
            throw UsageError(
                "--cookies applies to live sends (add --source live): fixtures answer without a cookie jar")
        }
        let (sessionPath, routeName) = try args.sessionAndRoute()
        var session = try loadSession(sessionPath, environment: args.option("--env"))
        try applyMaxBody(maxBody, to: &session)
        let jar = try cookieFile.map { (path) throws(CommandError) in
            try commandError { () throws(CookieJar.Error) in try CookieJar(contentsOf: path) }
        }
        let base: any DataSource
        switch sourceName {
        case "mock": base = MockSource(session: session)
        case "live": base = LiveSource(cookies: jar)
        default: throw UsageError("--source must be mock or live (got '\(sourceName)')")
        }
        // Every send is kept in the session's history, written while the response is printed; the process waits
        // for it before it exits.
        let kept = keepingHistory(base, session: session, inBackground: true)
        defer { kept.history.settle() }
        let client = Client(session: session, source: kept, responses: chainedResponses(for: session))
        if let code {
            let request = try commandError { () throws(ClientError) in try client.request(routeName, edits: edits) }
            Output.print(request.code(code))
            for note in request.curlNotes { Output.error("strata: warning: \(note)") }
            return 0
        }
        let exchange: Exchange
        var streamer: StreamPrinter? = nil
        if let replay {
            exchange = try replayed(replay, route: routeName, client: client)
        } else {
            let route = try commandError { () throws(ClientError) in try client.route(routeName) }
            let request = try commandError { () throws(ClientError) in try client.request(routeName, edits: edits) }
            if sourceName == "live" { try requireTrust(toSend: request, of: session) }
            // The raw view of events or lines is printed as they arrive; everything else once the body is in.
            if query == nil && !json && view == .raw { streamer = StreamPrinter(scrubber: request.scrubber) }
            // The raw view alone needs no tree: the body is printed as it came (a 1 GiB body costs no parse).
            let parse = fail || query != nil || json || view != .raw
            let observer = streamer?.observer
            exchange = try waitFor { () async throws(ClientError) in
                try await client.run(request, route: route, progress: observer, parse: parse)
            }
        }
        if exchange.parsed.withheldParser != nil, let note = exchange.parsed.note {
            Output.error("strata: warning: \(note)")
        }
        if let jar, let cookieFile, sourceName == "live" {
            try commandError { () throws(CookieJar.Error) in try jar.save(to: cookieFile) }
        }
        if let query {
            Output.error(exchange.summaryLine)
            guard let tree = exchange.parsed.tree else {
                throw CommandError("the response body did not parse, so there is nothing to query")
            }
            printMatches(query, in: tree, json: json, scrubber: exchange.request.scrubber)
        } else if json {
            // Written in pieces as it is made: the body and the tree are never copied whole.
            exchange.writeJSONReport(severity: severity) { Output.write($0, style: .json) }
        } else if view == .all {
            exchange.write(.all, severity: severity) { Output.write($0) }
        } else {
            Output.error(exchange.summaryLine)
            if let streamer, streamer.printed > 0 {
                streamer.finish(exchange.response.body)
            } else if view == .raw {
                exchange.write(.raw) { Output.rawBody($0) }
            } else {
                exchange.write(view, severity: severity) { Output.write($0) }
            }
        }
        return fail && exchange.failed ? 3 : 0
    }

    /// History entry `number` of `route` as an exchange, through the same parse and map stages as a send.
    static func replayed(_ number: Int, route name: String, client: Client) throws(CommandError) -> Exchange {
        let route = try commandError { () throws(ClientError) in try client.route(name) }
        let history = HistoryStore(session: client.session)
        let entry = try commandError { () throws(HistoryError) in try history.entry(number: number) }
        guard entry.route == name else {
            let own = history.entries(route: name).map { "#\($0.number)" }
            throw CommandError(
                "history entry #\(number) is of route '\(entry.route)', not '\(name)' ("
                    + (own.isEmpty
                        ? "'\(name)' has no entries yet)" : "entries of '\(name)': \(own.joined(separator: ", ")))"))
        }
        let (parsed, mapping) = ResponsePipeline(session: client.session, registry: client.registry).run(
            entry.response, for: route)
        return Exchange(
            route: route, request: entry.request, response: entry.response, parsed: parsed,
            source: "history #\(number) (\(entry.source))", mapping: mapping)
    }
}
