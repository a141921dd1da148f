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

    /// A copy of `Sessions/chaining` in a scratch folder, so its history starts empty and stays out of the repo.
    static func chainingCopy() throws -> ScratchDirectory {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sessions/chaining")
        func read(_ name: String) throws -> String {
            try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
        }
        return try ScratchDirectory([
            "session.json": try read("session.json"), "fixtures/chaining.json": try read("fixtures/chaining.json"),
        ])
    }

    @Test("run without an earlier response in the history says which route to send first")
    func runWithoutResponse() throws {
        let dir = try Self.chainingCopy()
        defer { dir.remove() }
        let r = try StrataBinary.run(["run", dir.path, "orders"])
        #expect(r.status == 1)
        #expect(
            r.stderr.contains(
                "param 'userId' of route 'orders': ${response:login:$.user.id}: no response yet for route 'login' "
                    + "(send 'login' first: the session's history has no exchange of it"))
    }

    @Test("run reads the history: orders takes login's user id and token; the token stays out of output and files")
    func runReadsTheHistory() throws {
        let dir = try Self.chainingCopy()
        defer { dir.remove() }
        #expect(try StrataBinary.run(["run", dir.path, "login"]).status == 0)
        let r = try StrataBinary.run(["run", dir.path, "orders"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("GET https://shop.example.com/api/users/u-7/orders"))
        #expect(r.stdout.contains("o-31"))
        let curl = try StrataBinary.run(["run", dir.path, "orders", "--curl"])
        #expect(curl.stdout.contains("Authorization: <redacted>") && !curl.stdout.contains("demo-token"))
        let ordersEntry = try #require(dir.read(".strata/history/2.json"))
        #expect(ordersEntry.contains("users/u-7/orders") && !ordersEntry.contains("demo-token"))
    }
}
