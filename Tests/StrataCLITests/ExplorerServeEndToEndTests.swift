import Foundation
import StrataTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real binary serving from the explorer (`--serve`) inside tmux, with real HTTP requests arriving in the
/// Traffic list.
@Suite("Explorer serving end to end in tmux", .enabled(if: TmuxSession.isAvailable, "tmux is not installed: skipped"))
struct ExplorerServeEndToEndTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test(
        "--serve 0 serves the session; requests arrive in the Traffic list; the same port again is an error",
        .needsLibmicrohttpd)
    func serveAndWatch() async throws {
        let binary = try #require(StrataBinary.url, "the strata binary is not built (run swift build)")
        let demo = Self.root.appendingPathComponent("Sessions/demo").path
        let tmux = try TmuxSession(command: [binary.path, demo, "--serve", "127.0.0.1:0"], width: 120, height: 40)
        defer { tmux.close() }
        try tmux.waitFor("⇄ http://127.0.0.1:")
        let screen = tmux.screen()
        let match = try #require(screen.firstMatch(of: /⇄ (http:\/\/127\.0\.0\.1:(\d+))/))
        let url = String(match.1)
        #expect(screen.contains("┌ Traffic 0"))

        var request = URLRequest(url: URL(string: url + "/products?page=1")!)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let client = URLSession(configuration: .ephemeral)
        let (_, response) = try await client.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        try tmux.waitFor("· 1 request ·")
        try tmux.waitFor("products.json #1")
        #expect(tmux.screen().contains("200 GET /products?page=1"))
        try tmux.waitFor("▾ [Product] 3")

        let (_, missed) = try await client.data(from: URL(string: url + "/products?page=7")!)
        #expect((missed as? HTTPURLResponse)?.statusCode == 404)
        try tmux.waitFor("near miss")
        try tmux.waitFor("nearest pairs")

        // A second explorer on the same port says so and exits 1.
        let second = try TmuxSession(
            command: [binary.path, demo, "--serve", "127.0.0.1:\(match.2)"], width: 120, height: 40)
        defer { second.close() }
        #expect(try second.waitForExit() == 1)
        #expect(second.screen().contains("already in use"))

        tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test("without libmicrohttpd, S says what is missing in the status line and the explorer goes on working")
    func serveWithoutLibmicrohttpd() throws {
        let binary = try #require(StrataBinary.url, "the strata binary is not built (run swift build)")
        let demo = Self.root.appendingPathComponent("Sessions/demo").path
        let tmux = try TmuxSession(
            command: ["env", "STRATA_LIBMICROHTTPD=/nonexistent/libmicrohttpd.so.12", binary.path, demo], width: 120,
            height: 40)
        defer { tmux.close() }
        try tmux.waitFor("listProducts")
        tmux.send("S")
        // What to do fits the status line of a 120-column terminal.
        try tmux.waitFor(
            "cannot serve: libmicrohttpd is needed for serving; install it with `sudo apt-get install libmicrohttpd12`")
        #expect(!tmux.screen().contains("⇄ http://"))
        tmux.send("r")
        try tmux.waitFor("fixtures/products.json#1")
        tmux.send("q")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test("without libmicrohttpd, --serve exits 1 with the same line")
    func serveFlagWithoutLibmicrohttpd() throws {
        let binary = try #require(StrataBinary.url, "the strata binary is not built (run swift build)")
        let demo = Self.root.appendingPathComponent("Sessions/demo").path
        let tmux = try TmuxSession(
            command: [
                "env", "STRATA_LIBMICROHTTPD=/nonexistent/libmicrohttpd.so.12", binary.path, demo, "--serve", "0",
            ],
            width: 120, height: 40)
        defer { tmux.close() }
        #expect(try tmux.waitForExit() == 1)
        #expect(tmux.screen().contains("libmicrohttpd is needed for serving; install it with"))
    }

    @Test("a bad --serve value is an error naming the form, exit 1")
    func badServeValue() throws {
        let run = try StrataBinary.run(["Sessions/demo", "--serve", "eighty"], in: Self.root)
        #expect(run.status == 1)
        #expect(run.stderr.contains("--serve must be [HOST:]PORT"))
    }
}
