import Foundation
import Strata
import StrataUI
import TermGrid
import Testing

/// `y`: the request as code in five languages, switched in place, copied with `Y`; `Y c` copies the language shown
/// last.
@Suite("Reducer: the request as code")
struct ReducerCodeTests {
    @Test("y shows curl; → and the letters switch the language; the language stays chosen for the next y")
    func switchLanguages() throws {
        var state = try ExplorerFixtures.demoState()
        try press(&state, "y")
        #expect(state.overlay?.code?.language == .curl)
        try press(&state, "p")
        let python = try #require(state.overlay?.code)
        #expect(python.language == .python)
        #expect(
            python.text.contains(
                #""https://shop.example.com/api/products?page=1&api_key=" + os.environ["DEMO_SHOP_KEY"]"#))
        #expect(!python.text.contains("demo-key"))
        try press(&state, "Right")
        #expect(state.overlay?.code?.language == .javascript)
        try press(&state, "Right Right")
        #expect(state.overlay?.code?.language == .curl, "→ wraps round")
        try press(&state, "Left s")
        #expect(state.overlay?.code?.language == .swift)
        let screen = ExplorerView.render(state).text()
        #expect(screen.contains("curl  HTTPie  Python (requests)  JavaScript (fetch)  Swift (URLSession)"))
        #expect(screen.contains("var request = URLRequest(url: URL(string: \"https://shop.example.com/api/products"))
        try press(&state, "Escape y")
        #expect(state.overlay?.code?.language == .swift)
    }

    @Test("Y in the code box copies what it shows; Y c copies the request in the language shown last")
    func copyCode() throws {
        var state = try ExplorerFixtures.demoState()
        var effects = try press(&state, "y j Y")
        guard case .copyToClipboard(let text)? = effects.last else {
            Issue.record("expected a copy, got \(effects)")
            return
        }
        #expect(text.hasPrefix("// Node 18 or later"))
        #expect(text.contains("${process.env.DEMO_SHOP_KEY}"))
        #expect(state.notice?.text.hasPrefix("copied request as JavaScript (fetch): // Node 18") == true)
        effects = try press(&state, "Escape Y c")
        guard case .copyToClipboard(let again)? = effects.last else {
            Issue.record("expected a copy, got \(effects)")
            return
        }
        #expect(again == text)
    }

    @Test("a long snippet scrolls in its box")
    func scrolls() throws {
        var state = try ExplorerFixtures.demoState(width: 120, height: 20)
        try press(&state, "y s")
        try press(&state, "PageDown")
        guard case .code(_, _, _, let scroll)? = state.overlay else {
            Issue.record("expected the code box")
            return
        }
        #expect(scroll > 0)
        #expect(ExplorerView.render(state).text().contains("print(String(decoding: data, as: UTF8.self))"))
    }
}
