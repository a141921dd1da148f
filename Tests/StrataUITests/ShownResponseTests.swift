import Foundation
import Strata
import StrataUI
import TermGrid
import Testing

/// Where the shown response came from: a send, a history entry or Traffic, set with the response itself.
@Suite struct ShownResponseTests {
    /// Answers a `.parse` effect as the program would.
    static func parsed(_ effect: Effect?) throws -> Action {
        guard case .parse(let id, let request, let response, let route, let session)? = effect else {
            throw ExpectedParse(effect: effect)
        }
        let document = ResponseDocument.parse(
            response, request: request, route: route, with: ResponsePipeline(session: session))
        return .responseParsed(id: id, document: document)
    }

    struct ExpectedParse: Error {
        var effect: Effect?
    }

    @Test("a Traffic answer or near miss shown after a history entry says it came from Traffic, not history")
    func trafficAfterHistory() throws {
        var state = try ExplorerFixtures.demoState()
        let request = try #require(state.draft?.request)
        let response = Response(
            status: 200, headers: ["Content-Type": "application/json"], body: Array(#"{"a":1}"#.utf8), duration: .zero,
            origin: .live(url: request.url, redirects: []))
        let entry = HistoryEntry(
            number: 3, time: Date(), route: "listProducts", source: "live", request: request, response: response)
        let show = state.update(.historyEntryLoaded(purpose: .show, .success(entry)))
        _ = state.update(try Self.parsed(show.last))
        #expect(state.shown.origin == .history(3))
        #expect(state.shownHistoryEntry == 3)

        _ = state.update(.servingChanged(url: "http://127.0.0.1:8080", problem: nil))
        _ = state.update(.trafficArrived(TrafficFixtures.entry("GET", "/products?page=7", in: state.session)))
        guard case .failure(_, .noMatch) = state.response else {
            Issue.record("expected the near-miss report, got \(state.response)")
            return
        }
        #expect(state.shown.origin == .traffic(1))
        #expect(state.shownHistoryEntry == nil)

        let served = state.update(
            .trafficArrived(TrafficFixtures.entry("GET", "/products?page=1", in: state.session)))
        _ = state.update(try Self.parsed(served.first))
        #expect(state.response.document?.response.status == 200)
        #expect(state.shown.origin == .traffic(2))
    }
}
