import Strata
import StrataUI
import TermGrid
import Testing

/// The Traffic list on screen, as golden text with style masks: requests answered in-process by the responder
/// `strata serve` uses, fed to a headless explorer (`Screenshot.capture`'s `traffic`).
@Suite("Traffic golden screens")
struct TrafficGoldenTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var size: Size
        var keys: String
        var requests = TrafficFixtures.demoRequests()
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "traffic-120x40", size: Size(width: 120, height: 40), keys: ""),
        Case(name: "traffic-order-120x40", size: Size(width: 120, height: 40), keys: "Down Down 3"),
        Case(name: "traffic-near-miss-120x40", size: Size(width: 120, height: 40), keys: "Down"),
        Case(name: "traffic-80x24", size: Size(width: 80, height: 24), keys: "Down Down Down"),
        // The newest request (8 headers, a JSON body) focused with Tab and scrolled a page down.
        Case(
            name: "traffic-request-120x40", size: Size(width: 120, height: 40), keys: "Tab PageDown",
            requests: TrafficFixtures.demoRequests() + [TrafficFixtures.bigOrder()]),
    ]

    @Test("screen", arguments: cases)
    func screen(_ c: Case) async throws {
        let session = try ExplorerFixtures.demo()
        let keys = try Key.parse(tmuxKeys: c.keys)
        let size = c.size
        let requests = c.requests
        let result = try await offPool {
            Unchecked(
                try Screenshot.capture(
                    session: session, size: size, keys: keys, traffic: requests))
        }
        expectGolden(result.value.buffer, named: c.name)
    }
}
