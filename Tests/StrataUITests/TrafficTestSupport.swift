import Foundation
import Strata
import StrataUI

/// Requests answered in-process by `strata serve`'s responder, made into Traffic entries as the explorer gets them.
enum TrafficFixtures {
    /// `METHOD TARGET` answered for `session` (mock source), as the entry the server thread would post.
    static func entry(
        _ method: String, _ target: String, headers: HTTPHeaders = ["Accept": "application/json"],
        body: String = "", in session: Session
    ) -> TrafficEntry {
        let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
        let request = ServeRequest(
            method: method, path: parts[0], query: parts.count > 1 ? parts[1] : "", headers: headers,
            body: Array(body.utf8))
        return entry(request, in: session)
    }

    /// The demo shop's requests from an app: a list, an order with a secret header, a near miss, the list again.
    static func demoRequests() -> [ServeRequest] {
        [
            ServeRequest(method: "GET", path: "/products", query: "page=1", headers: ["Accept": "application/json"]),
            ServeRequest(
                method: "POST", path: "/orders",
                headers: ["Content-Type": "application/json", "Authorization": "Bearer s3cr3t-token"],
                body: Array(#"{"product_id": "1", "quantity": "2"}"#.utf8)),
            ServeRequest(method: "GET", path: "/products", query: "page=7", headers: ["Accept": "application/json"]),
            ServeRequest(method: "GET", path: "/products/1", headers: ["Accept": "application/json"]),
        ]
    }

    /// An app's order with 8 headers (a bearer token among them) and a JSON body of 30 pretty-printed lines whose
    /// last member is `"note": "leave at the door"` and which carries a card token.
    static func bigOrder() -> ServeRequest {
        let items = (1...8).map { #"{"sku": "SKU-\#($0)", "qty": \#($0)}"# }.joined(separator: ", ")
        let body =
            #"{"product_id": "1", "quantity": "2", "card_token": "tok_live_9f8e7d6c", "items": ["#
            + items + #"], "note": "leave at the door"}"#
        return ServeRequest(
            method: "POST", path: "/orders",
            headers: [
                "Content-Type": "application/json", "Accept": "application/json", "User-Agent": "shop-app/2.1",
                "Authorization": "Bearer s3cr3t-token", "X-A": "alpha", "X-B": "beta", "X-Request-Id": "req-42",
                "X-Last-Header": "omega",
            ],
            body: Array(body.utf8))
    }

    /// `request` answered for `session` as the server thread would post it.
    static func entry(_ request: ServeRequest, in session: Session) -> TrafficEntry {
        let responder = ServeResponder(
            session: session, upstream: .mock(MockSource(session: session)), journal: try! ServeJournal(),
            loopback: true)
        let reply = responder.respond(request)
        let entry = responder.log(request, reply, durationMs: Double(reply.delay))
        return TrafficEntry(ServeExchange(request: request, reply: reply, entry: entry), session: session)
    }
}
