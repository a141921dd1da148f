import Foundation
import StrataTestSupport
import Testing

/// Issue 32 through the binary: `run` maps error statuses with the route's errorMap or says why it does not, and
/// prints the mapping configuration's problems that `check` prints; `check` reads errorMap like map.
@Suite struct ErrorMapCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("run --show mapped: an error status maps with errorMap, or prints one line saying why it is not mapped")
    func mappedView() throws {
        let dir = try ScratchDirectory(ErrorMapSession.files())
        defer { dir.remove() }
        let gone = try StrataBinary.run(["run", dir.path, "gone", "--show", "mapped"])
        #expect(gone.status == 0)
        #expect(gone.stdout == "not mapped: 404 is an error status and the route has no errorMap\n")
        let missing = try StrataBinary.run(["run", dir.path, "missing", "--show", "mapped"])
        #expect(missing.stdout == "Problem\n  title: \"Not here\"\n  status: 404\n")
        // Raw and Parsed still show the error body.
        let parsed = try StrataBinary.run(["run", dir.path, "gone", "--show", "parsed"])
        #expect(parsed.stdout.contains(#"title: "Gone""#))
    }

    @Test("run --show issues prints the configuration problems check prints for the route's classes, then the issues")
    func issuesView() throws {
        let dir = try ScratchDirectory(ErrorMapSession.files())
        defer { dir.remove() }
        let check = try StrataBinary.run(["check", dir.path])
        let problems = check.stdout.split(separator: "\n").filter { $0.contains("/session.json:") }.map(String.init)
        #expect(problems.count == 3)
        let run = try StrataBinary.run(["run", dir.path, "item", "--show", "issues"])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(3)) == problems)
        #expect(lines[0].hasPrefix("\(dir.path)/session.json:13:43: bad date pattern for Item.when"))
        #expect(lines[3].hasPrefix("error badDate $.when Item.when"))
        let posts = try StrataBinary.run(["run", dir.path, "posts", "--show", "issues"])
        #expect(posts.stdout == "no mapping issues\n")
    }

    @Test("check: an unknown class named by errorMap is an error at file:line:col with a suggestion")
    func checkErrorMap() throws {
        let dir = try ScratchDirectory(
            ErrorMapSession.files().merging([
                "session.json": ErrorMapSession.sessionJSON.replacingOccurrences(
                    of: #""errorMap": "Problem""#, with: #""errorMap": "Problme""#)
            ]) { $1 })
        defer { dir.remove() }
        let r = try StrataBinary.run(["check", dir.path])
        #expect(r.status == 1)
        #expect(
            r.stdout.contains(
                #"\#(dir.path)/session.json:7:73: unknown class "Problme" in errorMap; did you mean Problem? (classes: Item, Problem, Post)"#
            ))
    }

    @Test("the demo maps product's 404 with errorMap Problem and leaves createOrder's 422 unmapped, offline")
    func demo() throws {
        let demo = Self.root.appendingPathComponent("Sessions/demo").path
        let product = try StrataBinary.run(["run", demo, "product", "-p", "id=404", "--show", "mapped"])
        #expect(
            product.stdout
                == "Problem\n  type: about:blank\n  title: \"Not Found\"\n  status: 404\n  detail: \"No product with id 404.\"\n"
        )
        let order = try StrataBinary.run(["run", demo, "createOrder", "-p", "product_id=2", "--show", "mapped"])
        #expect(order.stdout == "not mapped: 422 is an error status and the route has no errorMap\n")
    }
}
