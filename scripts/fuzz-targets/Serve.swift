// The fuzz target for the request path of `strata serve`: what `ServeResponder` answers to any request (libmicrohttpd
// parses HTTP; everything after that, matching, near misses, CORS, admin endpoints, the journal, is Strata's).
import Foundation

/// A session with fixtures and its mock source, written once to a scratch folder: pairs with params, a POST, a
/// secret param, a body file and a JSON body, so inputs reach matches, near misses and both body kinds.
let serveSetup: (session: Session, mock: MockSource) = {
    let dir = NSTemporaryDirectory() + "strata-fuzz-serve-\(getpid())"
    try! FileManager.default.createDirectory(atPath: dir + "/fixtures", withIntermediateDirectories: true)
    let session = """
        { "baseURL": "http://127.0.0.1:1/api", "params": { "key": "k3y-value" }, "redact": ["key"],
          "routes": [
            { "name": "list", "path": "/items", "params": { "page": "1" } },
            { "name": "create", "method": "POST", "path": "/items", "body": "json" },
            { "name": "item", "path": "/items/{id}", "params": { "id": "7" } }
          ] }
        """
    let fixtures = """
        { "/items": [
            { "request": { "method": "GET", "params": { "page": "2", "key": "<redacted>" } },
              "response": { "status": 200, "headers": { "Content-Type": "application/json" },
                            "body": { "items": [ { "id": 7, "name": "Lamp" } ] } } },
            { "request": { "method": "POST", "params": { "name": "Lamp" } },
              "response": { "status": 201, "body": "created" } } ],
          "/items/7": [ { "response": { "status": 200, "headers": { "Content-Type": "application/xml" },
                                        "bodyFile": "item.xml" } } ] }
        """
    try! session.write(toFile: dir + "/session.json", atomically: true, encoding: .utf8)
    try! fixtures.write(toFile: dir + "/fixtures/items.json", atomically: true, encoding: .utf8)
    try! "<item><id>7</id></item>\n".write(toFile: dir + "/fixtures/item.xml", atomically: true, encoding: .utf8)
    let loaded = try! Session.load(from: dir)
    return (loaded, MockSource(session: loaded))
}()

/// The journal entry of a request answered before each input's (answered once, at start-up), so the journal has
/// entries to list and to evict.
let earlierServeEntry: ServeJournal.Entry = {
    let request = ServeRequest(
        method: "GET", path: "/items", query: "page=2&key=k3y-value", headers: ["Accept": "application/json"], body: [])
    let responder = ServeResponder(
        session: serveSetup.session, upstream: .mock(serveSetup.mock), journal: try! ServeJournal(capacity: 1),
        loopback: true, environment: [:])
    return responder.log(request, responder.respond(request), durationMs: 1)
}()

/// A responder for one input, with a journal of its own holding two earlier entries (capacity 2: the input's
/// request evicts the oldest).
///
/// Nothing an input adds outlives it. A journal shared by all inputs kept each input's entry, so allocations and
/// frees never balanced; libFuzzer then ran a LeakSanitizer scan of the whole heap after every input (118 inputs/s).
func serveResponder() -> ServeResponder {
    let responder = ServeResponder(
        session: serveSetup.session, upstream: .mock(serveSetup.mock), journal: try! ServeJournal(capacity: 2),
        loopback: true, environment: [:])
    for _ in 0..<2 { responder.journal.add(earlierServeEntry) }
    return responder
}

/// A request as text: `METHOD TARGET`, header lines up to an empty line, then the body. Answered, logged, and
/// the answers that are JSON (admin endpoints, near misses asked for as JSON) must parse.
func fuzzServe(_ bytes: [UInt8]) {
    var lines: [[UInt8]] = []
    var start = 0
    var bodyStart = bytes.count
    for i in bytes.indices where bytes[i] == 0x0A {
        var line = Array(bytes[start..<i])
        if line.last == 0x0D { line.removeLast() }
        start = i + 1
        if line.isEmpty && !lines.isEmpty {
            bodyStart = start
            break
        }
        lines.append(line)
    }
    if bodyStart == bytes.count && start < bytes.count { lines.append(Array(bytes[start...])) }
    guard let first = lines.first else { return }
    let words = String(decoding: first, as: UTF8.self).split(separator: " ", maxSplits: 1).map(String.init)
    let method = words.first ?? "GET"
    let target = words.count > 1 ? words[1] : "/"
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    var headers = HTTPHeaders()
    for line in lines.dropFirst() {
        let text = String(decoding: line, as: UTF8.self)
        guard let colon = text.firstIndex(of: ":") else { continue }
        headers.append(
            name: String(text[..<colon]), value: text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces))
    }
    let request = ServeRequest(
        method: method, path: parts[0], query: parts.count > 1 ? parts[1] : "", headers: headers,
        body: bodyStart < bytes.count ? Array(bytes[bodyStart...]) : [])
    let responder = serveResponder()
    let reply = responder.respond(request)
    invariant(reply.fault != nil || (100...599).contains(reply.status), "status \(reply.status)")
    let entry = responder.log(request, reply, durationMs: 1)
    _ = entry.line
    let json = entry.json.text(pretty: false)
    invariant((try? JSONParser().parse(Array(json.utf8))) != nil, "a journal entry that is not JSON: \(json.prefix(200))")
    // An admin answer is JSON; a refusal (a bad `after` or `limit`, another origin) is a 4xx with one line of text.
    if request.method == "GET", request.path == "/__strata/requests" || request.path == "/__strata/health",
        case .bytes(let body) = reply.body
    {
        if reply.status == 200 {
            invariant(
                (try? JSONParser().parse(body)) != nil, "\(request.path) answered with something other than JSON")
        } else {
            invariant((400...499).contains(reply.status), "\(request.path) answered \(reply.status)")
            invariant(body.last == 0x0A && !body.dropLast().contains(0x0A), "a refusal of more than one line")
        }
    }
    // The journal listing with this input's entry in it (logged too, so the oldest entry is evicted) is JSON.
    let listing = ServeRequest(method: "GET", path: "/__strata/requests", query: "", headers: [:], body: [])
    let listed = responder.respond(listing)
    responder.log(listing, listed, durationMs: 1)
    if case .bytes(let body) = listed.body {
        invariant((try? JSONParser().parse(body)) != nil, "the journal listing is not JSON")
    } else {
        invariant(false, "the journal listing has no body")
    }
}
