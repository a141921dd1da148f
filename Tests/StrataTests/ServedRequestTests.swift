import Foundation
import StrataTestSupport
import Testing

@testable import Strata
@testable import StrataDocuments
@testable import StrataMapping

/// A request `strata serve` answers is worked out once when it arrives (`ServedRequest`): its route comes from the
/// session's `RouteIndex`, and its built request carries the one scrubber every later step uses.
@Suite struct ServedRequestTests {
    static let sessionJSON = """
        { "name": "shop", "routes": [
            { "name": "item", "path": "/items/{id}", "params": { "id": "1" } },
            { "name": "special", "path": "/items/special" },
            { "name": "create", "method": "POST", "path": "/items/{id}", "params": { "id": "1" } },
            { "name": "listing", "path": "/items" },
            { "name": "report", "path": "/reports/{year}.json", "params": { "year": "2024" } },
            { "name": "spaced", "path": "/a b" },
            { "name": "deep", "path": "/v{n}/x/{rest}", "params": { "n": "1", "rest": "r" } }
        ] }
        """

    /// The route a linear scan gives: of the routes with the method (GET for HEAD) and a fitting path, the most
    /// specific template, the first in file order of those.
    static func linearRoute(_ method: String, _ path: String, in session: Session) -> String? {
        let fitting = session.routes.filter { route in
            (route.method == method || (method == "HEAD" && route.method == "GET")) && route.pathTemplate.matches(path)
        }
        return PathTemplate.mostSpecific(fitting.map(\.pathTemplate)).first.map { fitting[$0].name }
    }

    @Test(
        "a request's route is the most specific whose method (GET for HEAD) and path fit, as a linear scan finds")
    func routeFromTheIndex() throws {
        let dir = try ScratchDirectory(["session.json": Self.sessionJSON])
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        let cases: [(String, String, String?)] = [
            ("GET", "/items/7", "item"),
            ("GET", "/items/special", "special"),  // a literal path beats the template before it in the file
            ("POST", "/items/special", "create"),
            ("HEAD", "/items", "listing"),
            ("DELETE", "/items/7", nil),
            ("GET", "/reports/2024.json", "report"),
            ("GET", "/reports/2024.xml", nil),
            ("GET", "/a%20b", "spaced"),
            ("GET", "/v2/x/y", "deep"),
            ("GET", "/v2/x/y/z", nil),
            ("GET", "/items/", nil),  // a placeholder takes one character at least
            ("GET", "/nothing", nil),
        ]
        for (method, path, expected) in cases {
            let served = ServedRequest(ServeRequest(method: method, path: path), session: session)
            #expect(served.route?.name == expected, "\(method) \(path)")
            #expect(served.route?.name == Self.linearRoute(method, path, in: session), "\(method) \(path)")
            #expect(served.built.routeName == expected ?? ServeRequest.unroutedName)
        }
    }

    @Test("the index agrees with the linear rule over 2 000 paths against routes literal and templated")
    func indexAgreesWithScan() throws {
        var routes: [String] = []
        for n in 0..<60 {
            let method = ["GET", "POST", "PUT"][n % 3]
            let (path, params) =
                switch n % 4 {
                case 0: ("/r\(n % 7)/{id}", #"{ "id": "1" }"#)
                case 1: ("/r\(n % 7)/fixed\(n % 5)", "{}")
                case 2: ("/r\(n % 7)/{a}-{b}.json", #"{ "a": "1", "b": "2" }"#)
                default: ("/r\(n % 7)", "{}")
                }
            routes.append(
                #"{ "name": "n\#(n)", "method": "\#(method)", "path": "\#(path)", "params": \#(params) }"#)
        }
        let dir = try ScratchDirectory(["session.json": #"{ "routes": [\#(routes.joined(separator: ","))] }"#])
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        let index = RouteIndex(session.routes)
        var found = 0
        for k in 0..<2000 {
            let method = ["GET", "HEAD", "POST", "PUT", "DELETE"][k % 5]
            let tail = ["fixed\(k % 6)", "\(k)", "x-y.json", "", "fixed1.json"][k % 5]
            let path = k % 11 == 0 ? "/r\(k % 8)" : "/r\(k % 8)/\(tail)"
            let name = index.route(method: method, path: path)?.name
            #expect(name == Self.linearRoute(method, path, in: session), "\(method) \(path)")
            if name != nil { found += 1 }
        }
        #expect(found > 500, "the cases reach routes (\(found) did)")
    }

    @Test(
        "a built request's scrubber is built with it and follows its secrets: marked secret, or a base URL's password")
    func scrubberTravelsWithTheRequest() throws {
        let dir = try ScratchDirectory(["session.json": #"{ "routes": [] }"#])
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        let served = ServedRequest(
            ServeRequest(
                method: "GET", path: "/x", query: "note=plain-value-1",
                headers: ["Authorization": "Bearer tok-12345"]),
            session: session)
        let built = served.built
        #expect(served.scrubber == built.scrubber)
        #expect(built.scrubber.scrub("echo tok-12345") == "echo <redacted>")
        #expect(built.scrubber.scrub("plain-value-1") == "plain-value-1")
        let marked = built.markingSecret { $0 == "note" }
        #expect(marked.scrubber.scrub("plain-value-1 tok-12345") == "<redacted> <redacted>")
        #expect(marked != built)
        let sent = built.sent(toBaseURL: "http://me:pass-9876@example.test")
        #expect(sent.scrubber.scrub("pass-9876") == "<redacted>")
        #expect(sent.redactedLocation().url == "http://me:<redacted>@example.test/x?note=plain-value-1")
        #expect(built.scrubber.scrub("pass-9876") == "pass-9876", "the request it came from is unchanged")
    }
}

/// The one count of requests in flight, which the server keeps and the health endpoint reports.
@Suite struct InFlightRequestsTests {
    @Test("begun and ended requests are counted; waiting returns at once when none is in flight, else at the deadline")
    func counts() {
        let inFlight = InFlightRequests()
        #expect(inFlight.count == 0)
        #expect(inFlight.waitUntilNone(before: .distantPast))
        inFlight.begin()
        inFlight.begin()
        #expect(inFlight.count == 2)
        #expect(!inFlight.waitUntilNone(before: .distantPast))
        inFlight.end()
        inFlight.end()
        #expect(inFlight.waitUntilNone(before: .distantPast))
    }

    @Test("/__strata/health reports the requests in flight besides itself")
    func healthCountsOthers() throws {
        let dir = try ScratchDirectory(["session.json": #"{ "name": "h", "routes": [] }"#])
        defer { dir.remove() }
        let session = try Session.load(from: dir.path)
        let responder = ServeResponder(
            session: session, upstream: .mock(MockSource(session: session)), journal: try ServeJournal(),
            loopback: true)
        let health = ServeRequest(method: "GET", path: "/__strata/health", headers: ["Host": "127.0.0.1:8080"])
        func reported() -> String {
            guard case .bytes(let body) = responder.respond(health).body else { return "" }
            return String(decoding: body, as: UTF8.self)
        }
        responder.inFlight.begin()  // the health request, as the server counts it
        #expect(reported().contains(#""inFlight": 0"#), "\(reported())")
        responder.inFlight.begin()
        responder.inFlight.begin()
        #expect(reported().contains(#""inFlight": 2"#), "\(reported())")
    }
}
