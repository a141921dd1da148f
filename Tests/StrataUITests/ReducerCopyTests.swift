import Foundation
import Strata
import StrataTestSupport
import StrataUI
import TermGrid
import Testing

/// `Y` and the copy menu: each choice's text goes to the backend's clipboard, scrubbed, with a confirmation.
@Suite("Reducer: copying to the clipboard")
struct ReducerCopyTests {
    func ranDemo() async throws -> (ExplorerProgram, MemoryBackend) {
        let session = try ExplorerFixtures.demo()
        let backend = MemoryBackend(width: 120, height: 40)
        let program = ExplorerProgram(
            state: ExplorerState(session: session, size: Size(width: 120, height: 40)), backend: backend,
            host: ExplorerHost(session: session, fixedDurations: true))
        try await ExplorerFixtures.press(program, "r 2 j j j j")
        return (program, backend)
    }

    @Test("Y opens the menu; p, k, v, j copy the selection's path, key path, value and subtree")
    func copiesTheSelection() async throws {
        let (program, backend) = try await ranDemo()
        try await ExplorerFixtures.press(program, "Y")
        #expect(program.state.overlay == .copy(selected: 0))
        #expect(ExplorerFixtures.screen(program).contains("Copy to the clipboard"))
        try await ExplorerFixtures.press(program, "p")
        #expect(program.state.overlay == nil)
        #expect(backend.clipboard.last == "$['products'][0]['name']")
        #expect(program.state.notice?.text == "copied path (JSONPath): $['products'][0]['name']")
        try await ExplorerFixtures.press(program, "Y k")
        #expect(backend.clipboard.last == "products.0.name")
        try await ExplorerFixtures.press(program, "Y v")
        #expect(backend.clipboard.last == "Desk Lamp")
        try await ExplorerFixtures.press(program, "k Y j")
        #expect(backend.clipboard.last == "1")
        try await ExplorerFixtures.press(program, "k Y j")
        #expect(backend.clipboard.last?.hasPrefix("{\n  \"id\": 1,\n  \"name\": \"Desk Lamp\"") == true)
    }

    @Test("Enter copies the highlighted choice; the curl command and the mapped object are scrubbed JSON and text")
    func copiesCurlAndMapped() async throws {
        let (program, backend) = try await ranDemo()
        try await ExplorerFixtures.press(program, "Y Down Down Down Down Enter")
        let curl = try #require(backend.clipboard.last)
        #expect(curl.hasPrefix("curl"))
        #expect(curl.contains("api_key=$DEMO_SHOP_KEY"))  // a secret from the environment stays a variable
        #expect(!curl.contains("demo-key"))
        try await ExplorerFixtures.press(program, "Y o")
        let mapped = try #require(backend.clipboard.last)
        #expect(mapped.hasPrefix("{\n  \"$class\": \"Product\""))
        #expect(mapped.contains("\"Desk Lamp\""))
    }

    @Test("a request shown from Traffic is copied as curl at the served URL, secrets redacted")
    func copiesServedRequestAsCurl() throws {
        var state = try ExplorerFixtures.demoState()
        _ = state.update(.servingChanged(url: "http://127.0.0.1:8080", problem: nil))
        #expect(state.traffic.isShown, "serving shows the Traffic list")
        let order = TrafficFixtures.demoRequests()[1]
        _ = state.update(
            .trafficArrived(
                TrafficFixtures.entry(
                    order.method, order.path, headers: order.headers,
                    body: String(decoding: order.body, as: UTF8.self), in: state.session)))
        let effects = try press(&state, "Y c")
        guard case .copyToClipboard(let curl)? = effects.last else {
            Issue.record("expected a copy, got \(effects) (\(state.notice?.text ?? ""))")
            return
        }
        #expect(curl.contains("http://127.0.0.1:8080/orders"))
        #expect(curl.contains("POST") || curl.contains("-d") || curl.contains("--data"))
        #expect(curl.contains("quantity"))
        #expect(!curl.contains("s3cr3t-token"))
        #expect(!curl.contains("shop.example.com"))
    }

    @Test("with no response there is nothing to copy but the request, and Esc closes the menu")
    func nothingToCopy() throws {
        var state = try ExplorerFixtures.demoState()
        var effects = try press(&state, "Y p")
        #expect(effects.isEmpty)
        #expect(state.notice?.text == "nothing copied: run a request first (r)")
        effects = try press(&state, "Y c")
        #expect(effects.count == 1)
        try press(&state, "Y Escape")
        #expect(state.overlay == nil)
    }
}
