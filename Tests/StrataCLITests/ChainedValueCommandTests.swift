import Foundation
import StrataTestSupport
import Testing

/// `strata check` and `strata run` on chained values (`${response:ROUTE:QUERY}`).
@Suite struct ChainedValueCommandTests {
    static let session = """
        { "name": "Chain", "baseURL": "http://api.test",
          "routes": [
            { "name": "login", "method": "POST", "path": "/login" },
            { "name": "orders", "path": "/orders",
              "headers": { "Authorization": "Bearer ${response:logn:$.token}" },
              "params": { "page": "${response:login:$.pages[}" } } ] }
        """

    @Test("check reports an unknown route at its string, an invalid query at its column in the file")
    func checkReports() throws {
        let dir = try ScratchDirectory(["session.json": Self.session])
        defer { dir.remove() }
        let r = try StrataBinary.run(["check", dir.path])
        #expect(r.status == 1)
        let file = dir.path + "/session.json"
        #expect(r.stdout.contains("\(file):5:37: ${response:logn:$.token} reads the response of route 'logn'"))
        #expect(r.stdout.contains("did you mean 'login'?"))
        #expect(r.stdout.contains("\(file):6:53: invalid query in '${response:login:$.pages[}': query:1:"))
    }

    @Test("run without an earlier response says which route to send first and why run has none")
    func runWithoutResponse() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let r = try StrataBinary.run(["run", root.appendingPathComponent("Sessions/chaining").path, "orders"])
        #expect(r.status == 1)
        #expect(
            r.stderr.contains(
                "param 'userId' of route 'orders': ${response:login:$.user.id}: no response yet for route 'login' "
                    + "(strata run and record keep no earlier responses yet"))
    }
}
