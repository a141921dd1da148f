import Strata
import StrataTestSupport
import StrataUI
import TermGrid
import Testing

@Suite("Reducer: environments, param placement and the JSON body")
struct ReducerRequestPlacementTests {
    static func state() throws -> ExplorerState {
        ExplorerState(session: try ExplorerFixtures.accounts(), size: Size(width: 120, height: 40))
    }

    @Test("v lists the environments; Enter applies the highlighted one to the session and the request")
    func pickEnvironment() throws {
        var state = try Self.state()
        try press(&state, "v")
        guard case .choice(let choice)? = state.overlay else {
            Issue.record("no list")
            return
        }
        #expect(choice.items == ["(session defaults)", "staging", "prod"])
        let screen = ExplorerView.frame(state).buffer.lines().joined(separator: "\n")
        #expect(screen.contains("staging             the staging server, with a debug header"), "\(screen)")
        #expect(screen.contains("production: an API key instead of the bearer token"))
        try press(&state, "Down Enter")
        #expect(state.overlay == nil)
        #expect(state.session.activeEnvironment == "staging")
        #expect(state.draft?.request?.url == "https://staging.accounts.example.com/v2/me")
        #expect(state.draft?.params.first { $0.name == "X-Debug" }?.origin == .environment)
        #expect(state.draft?.params.first { $0.name == "Accept" }?.origin == .session)
        try press(&state, "v Up Enter")
        #expect(state.session.activeEnvironment == nil)
        #expect(state.draft?.request?.url == "https://accounts.example.com/v2/me")
    }

    @Test("a added after its name and value asks where the param goes")
    func addAsksWhere() throws {
        var state = try Self.state()
        try press(&state, "Tab a =X-Trace Enter =t1 Enter")
        guard case .choice(let choice)? = state.overlay else {
            Issue.record("no placement list")
            return
        }
        #expect(choice.items == ["query", "header", "path", "body", "cookie"])
        #expect(choice.selected == 0)
        try press(&state, "Down Enter")
        let param = try #require(state.draft?.params.first { $0.name == "X-Trace" })
        #expect(param.location == .header && param.origin == .added)
        #expect(state.draft?.request?.headers["X-Trace"] == "t1")
    }

    @Test("a secret moved by p still reads its variable in the curl command; a typed value is redacted")
    func movedSecretKeepsItsVariable() throws {
        var state = try ExplorerFixtures.demoState()
        try press(&state, "Down Down Down Tab Down Down Down")
        #expect(state.draft?.route.name == "createOrder")
        #expect(state.draft?.params[state.paramSelection].name == "api_key")
        #expect(state.draft?.request?.curl().contains("$DEMO_SHOP_KEY") == true)
        try press(&state, "p Up Up Up Enter")
        let moved = try #require(state.draft?.params.first { $0.name == "api_key" })
        #expect(moved.location == .query)
        let curl = try #require(state.draft?.request?.curl())
        #expect(curl.contains("api_key=$DEMO_SHOP_KEY"), "\(curl)")
        #expect(!curl.contains("demo-key"))
        try press(&state, "Enter C-u =typed-key Enter")
        let typed = try #require(state.draft?.request?.curl())
        #expect(typed.contains("api_key=<redacted>") && !typed.contains("typed-key") && !typed.contains("$DEMO"))
    }

    @Test("a required secret whose variable is not set shows (not set), not <redacted>")
    func unsetSecretSaysNotSet() throws {
        let dir = try ScratchDirectory([
            "session.json": #"""
            { "name": "t", "baseURL": "https://api.example.org", "redact": ["token"],
              "routes": [{ "name": "me", "path": "/me",
                "params": { "token": { "value": "${env:T_TOKEN_UNSET}", "in": "header", "required": true } } }] }
            """#
        ])
        defer { dir.remove() }
        var state = ExplorerState(session: try Session.load(from: dir.path), size: Size(width: 120, height: 40))
        try press(&state, "Tab")
        let screen = ExplorerView.frame(state).buffer.lines().joined(separator: "\n")
        #expect(screen.contains("(not set)"), "\(screen)")
        #expect(!screen.contains("<redacted>"))
    }

    @Test("p moves a param to another place; editing its value keeps the place")
    func placement() throws {
        var state = try Self.state()
        try press(&state, "Down Tab")
        #expect(state.draft?.route.name == "createInvoice")
        // customer (row 0) is in the body; move it to the query.
        try press(&state, "p")
        guard case .choice(let choice)? = state.overlay else {
            Issue.record("no placement list")
            return
        }
        #expect(choice.items[choice.selected] == "body")
        try press(&state, "Up Up Up Enter")
        #expect(state.draft?.params.first?.location == .query)
        #expect(state.draft?.request?.url == "https://accounts.example.com/v2/invoices?customer=c-42")
        try press(&state, "Enter C-u =c-7 Enter")
        #expect(state.draft?.request?.url == "https://accounts.example.com/v2/invoices?customer=c-7")
    }

    @Test(
        "B asks to edit the JSON body with its placeholders; a good edit replaces it, a bad one is refused with line:col"
    )
    func editBody() throws {
        var state = try Self.state()
        try press(&state, "Down Tab")
        let effects = try press(&state, "B")
        guard case .editBody(let route, let text)? = effects.first else {
            Issue.record("no editor effect")
            return
        }
        #expect(route == "createInvoice")
        #expect(text.contains(#""qty": "${qty:int}""#))
        _ = state.update(
            .bodyEdited(
                routeName: route, text: #"{ "items": [ { "sku": "${sku}", "n": "${qty:int}" } ], "c": "${customer}" }"#,
                problem: nil))
        #expect(state.draft?.request?.bodyText == #"{"items":[{"sku":"PEN-1","n":3}],"c":"c-42","paid":"false"}"#)
        _ = state.update(.bodyEdited(routeName: route, text: "{\n  \"a\": [1,\n}", problem: nil))
        #expect(state.notice?.text.hasPrefix("body not changed: body:3:1:") == true)
        #expect(state.draft?.request?.bodyText?.hasPrefix(#"{"items""#) == true)
        _ = state.update(.bodyEdited(routeName: route, text: #"{ "s": "${skuu}" }"#, problem: nil))
        #expect(state.notice?.text.contains("names no param; did you mean 'sku'?") == true)
    }

    @Test("a refused body edit is kept for the next B; an editor closed unchanged says so (issue 31 item 4)")
    func refusedBodyIsKept() throws {
        var state = try Self.state()
        try press(&state, "Down Tab")
        guard case .editBody(let route, let original)? = try press(&state, "B").first else {
            Issue.record("no editor effect")
            return
        }
        let before = state.draft?.request?.bodyText
        _ = state.update(.bodyEdited(routeName: route, text: original + "\n", problem: nil))
        #expect(state.notice?.text == "body unchanged")
        #expect(state.draft?.request?.bodyText == before)
        let typed = "{\n  \"items\": [1,\n}"
        _ = state.update(.bodyEdited(routeName: route, text: typed, problem: nil))
        #expect(state.notice?.text.hasSuffix("(B opens your text again)") == true)
        guard case .editBody(_, let reopened)? = try press(&state, "B").first else {
            Issue.record("no editor effect")
            return
        }
        #expect(reopened == typed)
        #expect(state.notice?.text.hasPrefix("editing the body text that did not parse") == true)
        // Fixed in the editor: it is the body now, and the next B opens it.
        let fixed = #"{ "items": [ { "sku": "${sku}" } ], "c": "${customer}" }"#
        _ = state.update(.bodyEdited(routeName: route, text: fixed, problem: nil))
        #expect(state.notice?.text == "body changed")
        guard case .editBody(_, let next)? = try press(&state, "B").first else {
            Issue.record("no editor effect")
            return
        }
        #expect(next.contains(#""sku": "${sku}""#) && !next.contains("qty"))
        // Refused again, then emptied: the refused text is dropped and B opens the body in use.
        _ = state.update(.bodyEdited(routeName: route, text: "{", problem: nil))
        _ = state.update(.bodyEdited(routeName: route, text: "  \n", problem: nil))
        #expect(state.notice?.text.hasPrefix("body unchanged: the text that did not parse is dropped") == true)
        guard case .editBody(_, let last)? = try press(&state, "B").first else {
            Issue.record("no editor effect")
            return
        }
        #expect(last == next)
    }
}
