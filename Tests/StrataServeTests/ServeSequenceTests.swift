import Foundation
import StrataTestSupport
import Testing

@Suite(.needsLibmicrohttpd) struct ServeSequenceTests {
    static let fixtures = [
        "job.json": """
        { "/job": [ { "responses": [
            { "status": 202, "body": { "state": "pending" } },
            { "status": 202, "body": { "state": "pending" } },
            { "status": 200, "body": { "state": "done" } } ] } ] }
        """
    ]

    @Test("a sequence is answered in turn, then its last response repeats; POST /__strata/reset starts it again")
    func inTurn() async throws {
        let served = try ServedSession(fixtures: Self.fixtures)
        var statuses: [Int] = []
        for _ in 0..<4 { statuses.append(try await served.fetch("/job").status) }
        #expect(statuses == [202, 202, 200, 200])
        let reset = try await served.fetch("/__strata/reset", method: "POST")
        #expect(reset.status == 200)
        #expect(try await served.fetch("/job").status == 202)
        #expect(served.responder.journal.all.count == 1)
    }
}
