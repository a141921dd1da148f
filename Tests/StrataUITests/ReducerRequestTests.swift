import Foundation
import Strata
import StrataTestSupport
import StrataUI
import TermGrid
import Testing

@Suite("Reducer: routes, request editing and running")
struct ReducerRequestTests {
    @Test("r sends the selected route's request and shows a running state")
    func runSendsTheRequest() async throws {
        var state = try ExplorerFixtures.demoState()
        let draft = try #require(state.draft?.request)
        let effects = try press(&state, "r")
        #expect(effects == [.send(id: 1, request: draft, source: .mock)])
        let request = try #require(effects.first?.sent).request
        #expect(request.routeName == "listProducts")
        #expect(request.url == "https://shop.example.com/api/products?page=1&api_key=demo-key")
        #expect(state.run?.id == 1)
        #expect(state.run?.summary == "GET /products")
        #expect(state.needsTicks)
    }

    @Test("a response comes back as an action, is parsed then mapped off the loop, and replaces the empty state")
    func responseFlow() async throws {
        var state = try ExplorerFixtures.demoState()
        let (id, request, _) = try #require(try press(&state, "r").first?.sent)
        let route = try #require(state.session.route(named: "listProducts"))
        let response = Response(
            status: 200, headers: ["Content-Type": "application/json"], body: Array(#"{"products":[]}"#.utf8),
            duration: .milliseconds(4), origin: .fixture(file: "x.json", number: 1, delay: .zero))
        let effects = state.update(.responseArrived(id: id, request: request, result: .success(response)))
        #expect(
            effects == [.parse(id: id, request: request, response: response, route: route, session: state.session)])
        #expect(state.run?.phase == .processing(bytes: 15))
        let pipeline = ResponsePipeline(session: state.session)
        let document = ResponseDocument.parse(response, request: request, route: route, with: pipeline)
        let tree = try #require(document.tree)
        #expect(
            state.update(.responseParsed(id: id, document: document))
                == [.map(responseID: id, tree: tree, status: 200, route: route, session: state.session)])
        #expect(state.run == nil)
        #expect(state.isMapping)
        #expect(state.response.document?.tree?.count == 2)
        #expect(!state.needsTicks)
        let mapping = MappedDocument.map(tree, status: 200, route: route, with: pipeline)
        #expect(state.update(.responseMapped(responseID: id, mapping: mapping)).isEmpty)
        #expect(!state.isMapping)
        #expect(state.response.document?.mapping?.issueCount == 0)
    }

    @Test("a reloaded session maps the shown response again: an effect of its own, named for what it does")
    func reloadMapsAgain() async throws {
        let program = try await ExplorerFixtures.program(try ExplorerFixtures.demo())
        try await ExplorerFixtures.press(program, "r")
        var state = program.state
        let tree = try #require(state.response.document?.tree)
        let fresh = try ExplorerFixtures.demo()
        let route = try #require(fresh.route(named: "listProducts"))
        let previous = try #require(state.response.document?.mapping?.result)
        #expect(
            state.update(.sessionLoaded(.success(fresh)))
                == [.mapAgain(responseID: 1, tree: tree, status: 200, route: route, session: fresh, previous: previous)]
        )
        #expect(!state.isMapping)
    }

    @Test("the 'did not load' box takes R and E at once: the fixed file is reloaded without Esc first")
    func reloadFromTheFailureBox() throws {
        var state = try ExplorerFixtures.demoState()
        let failure = SessionError([
            Diagnostic(file: state.session.file, line: 3, column: 7, message: "expected ',' or '}'")
        ])
        _ = state.update(.sessionLoaded(.failure(failure)))
        guard case .message(let title, _, _)? = state.overlay else {
            Issue.record("no box")
            return
        }
        #expect(title.hasPrefix("session.json did not load"))
        #expect(ExplorerView.frame(state).buffer.lines().joined().contains("reload"))
        #expect(try press(&state, "R") == [.loadSession(path: state.session.file)])
        #expect(state.overlay == nil)
        _ = state.update(.sessionLoaded(.failure(failure)))
        #expect(try press(&state, "E") == [.editFile(path: state.session.file)])
    }

    @Test("Esc cancels the running request, and its late answer is dropped")
    func escapeCancels() async throws {
        var state = try ExplorerFixtures.demoState()
        let (id, request, _) = try #require(try press(&state, "r").first?.sent)
        #expect(try press(&state, "Escape") == [.cancel(id: id)])
        #expect(state.run == nil)
        #expect(state.notice?.text == "cancelled GET /products")
        let late = Response(status: 200, headers: [:], body: [], duration: .zero, origin: .live(url: "", redirects: []))
        #expect(state.update(.responseArrived(id: id, request: request, result: .success(late))).isEmpty)
        #expect(state.response.document == nil)
    }

    @Test("a mock miss keeps the panes and shows the near-miss report in the response area")
    func mockMissShowsReport() async throws {
        let program = try await ExplorerFixtures.program(try ExplorerFixtures.demo())
        try await ExplorerFixtures.press(program, "Tab Enter C-u =7 Enter r")
        try #require(program.state.response.noMatchReport != nil, "expected a mock miss, got \(program.state.response)")
        let screen = ExplorerFixtures.screen(program)
        #expect(screen.contains("No fixture matches GET /products"))
        #expect(screen.contains("page=7"))
        #expect(screen.contains("┌ Routes 4"))
        #expect(screen.contains("no fixture matches GET /products"))
    }

    @Test("m switches the source, shown in the request title, and the next run uses it")
    func toggleSource() async throws {
        var state = try ExplorerFixtures.demoState()
        try press(&state, "m")
        #expect(state.source == .live)
        #expect(ExplorerView.render(state).line(0).contains("LIVE"))
        let source = try #require(try press(&state, "r").first?.sent).source
        #expect(source == .live)
        try press(&state, "Escape m")
        #expect(state.source == .mock)
        #expect(ExplorerView.render(state).line(0).contains("MOCK"))
    }

    @Test("Enter edits a param in place; every printable key is text until Enter commits")
    func editParamInPlace() async throws {
        var state = try ExplorerFixtures.demoState()
        try press(&state, "Tab Enter")
        #expect(state.keyContext == .textField)
        #expect(state.editor?.field.text == "1")
        // Keys that mean something elsewhere (quit, run, help, source, reload, tabs) are typed as text.
        let effects = try press(&state, "BSpace q r ? m R E 1 i y Tab")
        #expect(effects.isEmpty)
        #expect(!state.isFinished)
        #expect(state.editor?.field.text == "qr?mRE1iy")
        try press(&state, "C-u =2 Enter")
        #expect(state.editor == nil)
        #expect(state.edits["listProducts"] == [.set(name: "page", value: "2")])
        #expect(state.draft?.request?.url == "https://shop.example.com/api/products?page=2&api_key=demo-key")
        let row = ExplorerView.render(state).lines().first { $0.contains("│ page") } ?? ""
        #expect(row.contains("edited (default 1)"))
    }

    @Test("Esc while editing keeps the old value; Home, End and Ctrl-U move and delete")
    func editCancelAndCursorKeys() async throws {
        var state = try ExplorerFixtures.demoState()
        try press(&state, "Tab Enter =23 Home =x End =y")
        #expect(state.editor?.field.text == "x123y")
        try press(&state, "Escape")
        #expect(state.editor == nil)
        #expect(state.edits["listProducts"] == nil)
        #expect(state.draft?.request?.sentValue("page") == "1")
    }

    @Test("setting a param back to its declared value drops the edit")
    func editBackToDefault() async throws {
        var state = try ExplorerFixtures.demoState()
        try press(&state, "Tab Enter C-u =5 Enter Enter C-u =1 Enter")
        #expect(state.edits["listProducts"] == [])
        #expect(state.draft?.params.first?.origin == .route)
    }

    @Test("a adds a param by name then value; d removes it; u resets a removed one")
    func addRemoveReset() async throws {
        var state = try ExplorerFixtures.demoState()
        try press(&state, "Tab a =sort Enter =price Enter Enter")
        #expect(state.draft?.request?.url.contains("sort=price") == true)
        let added = try #require(state.draft?.params.firstIndex { $0.name == "sort" })
        #expect(state.paramSelection == added)
        #expect(state.draft?.params[added].origin == .added)
        try press(&state, "d")
        #expect(state.draft?.params.contains { $0.name == "sort" } == false)
        try press(&state, "g d")
        #expect(state.draft?.request?.sentValue("page") == nil)
        #expect(state.draft?.params.first?.status == .removed)
        try press(&state, "u")
        #expect(state.draft?.request?.sentValue("page") == "1")
    }

    @Test("adding a header under another case edits the declared header, in the draft and the request")
    func addHeaderIgnoresCase() async throws {
        var state = try ExplorerFixtures.demoState()
        try press(&state, "Tab a =accept Enter =text/xml Enter")
        let accept = try #require(state.draft?.params.filter { $0.name.lowercased() == "accept" })
        #expect(accept.count == 1)
        #expect(accept.first?.value == "text/xml")
        #expect(state.draft?.request?.headers["Accept"] == "text/xml")
    }

    @Test("the draft is built by the reducer: keys that change no input keep it, an edit replaces it")
    func draftIsStored() async throws {
        var state = try ExplorerFixtures.demoState()
        let before = try #require(state.draft?.request)
        try press(&state, "Tab j k")
        #expect(state.draft?.request == before)
        try press(&state, "Enter =7")
        #expect(state.draft?.request?.sentValue("page") == "17")
        try press(&state, "Escape")
        #expect(state.draft?.request == before)
    }

    @Test("adding a param whose name exists edits that param instead")
    func addExistingNameEdits() async throws {
        var state = try ExplorerFixtures.demoState()
        try press(&state, "Tab a =page Enter")
        #expect(state.editor?.purpose == .paramValue(name: "page"))
        #expect(state.editor?.field.text == "1")
    }

    @Test("a path param cannot be removed: the status bar says to edit it")
    func pathParamIsNotRemoved() async throws {
        var state = try ExplorerFixtures.demoState()
        try press(&state, "j Tab d")
        #expect(state.route?.name == "product")
        #expect(state.edits["product"] == nil)
        #expect(state.notice?.kind == .error)
        #expect(state.notice?.text.contains("fills {id} in the path") == true)
    }

    @Test("/ filters routes by name or path as you type; Esc restores the list")
    func routeFilter() async throws {
        var state = try ExplorerFixtures.demoState()
        try press(&state, "/ =order")
        #expect(state.visibleRoutes.map(\.name) == ["createOrder"])
        #expect(state.routeName == "createOrder")
        try press(&state, "Enter")
        #expect(state.routeFilter == "order")
        try press(&state, "/ C-u =catalog.xml Enter")
        #expect(state.visibleRoutes.map(\.name) == ["catalogXML"])
        try press(&state, "/ =zzz Escape")
        #expect(state.routeFilter == "catalog.xml")
        try press(&state, "Escape")
        #expect(state.routeFilter == "")
        #expect(state.visibleRoutes.count == 4)
    }

    @Test("typing narrows the route list key by key, and deleting widens it again")
    func routeFilterNarrowsAndWidens() async throws {
        var state = try ExplorerFixtures.demoState()
        let all = state.visibleRoutes.map(\.name)
        try press(&state, "/ =c")
        let withC = all.filter { name in
            let route = state.session.route(named: name)!
            return name.lowercased().contains("c") || route.path.lowercased().contains("c")
        }
        #expect(state.visibleRoutes.map(\.name) == withC)
        try press(&state, "=atalog.x")
        #expect(state.visibleRoutes.map(\.name) == ["catalogXML"])
        try press(&state, "C-w")
        #expect(state.routeFilter == "")
        #expect(state.visibleRoutes.map(\.name) == all)
    }

    @Test("a filter that matches nothing says so and r explains why nothing runs")
    func emptyFilter() async throws {
        var state = try ExplorerFixtures.demoState()
        try press(&state, "/ =nothing Enter")
        let screen = ExplorerView.render(state).text()
        #expect(screen.contains("No route matches"))
        #expect(try press(&state, "r").isEmpty)
        #expect(state.notice?.kind == .error)
    }

    @Test("y shows the request as curl with secrets kept out: read from their variable")
    func curlOverlay() async throws {
        var state = try ExplorerFixtures.demoState()
        try press(&state, "y")
        let command = try #require(state.overlay?.curlCommand, "expected the curl overlay")
        #expect(command.contains("api_key=$DEMO_SHOP_KEY"))
        #expect(!command.contains("demo-key"))
        #expect(ExplorerView.render(state).text().contains("curl \"https://shop.example.com/api/products?page=1"))
        try press(&state, "Escape")
        #expect(state.overlay == nil)
    }

    @Test("y says which param an unset variable leaves empty, under the command")
    func curlOverlayNotesUnsetVariables() async throws {
        let session = try Session.load(from: ExplorerFixtures.root + "/Sessions/venues")
        var state = ExplorerState(session: session, size: Size(width: 120, height: 40), environment: [:])
        try press(&state, "y")
        let command = try #require(state.overlay?.curlCommand, "expected the curl overlay")
        #expect(!command.contains("oauth_token"))
        #expect(
            ExplorerView.render(state).text().contains(
                "VENUES_TOKEN is not set: param 'oauth_token' reads it as empty, and an empty param is not sent"))
    }

    @Test("Tab and Shift-Tab cycle the panes; below 120 columns the response panes are tabs")
    func focusAndTabs() async throws {
        var state = try ExplorerFixtures.demoState(width: 80, height: 24)
        #expect(state.isNarrow)
        try press(&state, "Tab Tab")
        #expect(state.focus == .raw)
        #expect(state.tab == .raw)
        try press(&state, "Tab")
        #expect(state.tab == .parsed)
        try press(&state, "3")
        #expect(state.focus == .mapped)
        try press(&state, "BTab BTab BTab BTab")
        #expect(state.focus == .routes)
        #expect(state.tab == .raw && state.layout.parsed == nil && state.layout.raw != nil)
    }

    @Test("? opens the help from the key table and q closes it without quitting")
    func helpOverlay() async throws {
        var state = try ExplorerFixtures.demoState()
        try press(&state, "?")
        let screen = ExplorerView.render(state).text()
        #expect(screen.contains("Routes (focused)"))
        #expect(screen.contains("filter routes by name or path"))
        try press(&state, "q")
        #expect(state.overlay == nil)
        #expect(!state.isFinished)
        try press(&state, "q")
        #expect(state.isFinished)
    }

    @Test("Ctrl-C quits from anywhere, even while editing, and cancels a running request")
    func controlCQuits() async throws {
        var state = try ExplorerFixtures.demoState()
        try press(&state, "r Tab Enter")
        let effects = try press(&state, "C-c")
        #expect(state.isFinished)
        try #require(effects.first?.cancelled != nil, "expected the running request to be cancelled")
    }

    @Test("clicking a route selects it and focuses the list; the wheel scrolls the pane under the pointer")
    func mouse() async throws {
        var state = try ExplorerFixtures.demoState()
        try press(&state, "Tab")
        _ = state.update(.mouse(MouseEvent(.press(.left), x: 5, y: 3)))
        #expect(state.focus == .routes)
        #expect(state.routeName == "catalogXML")
        _ = state.update(.mouse(MouseEvent(.wheelDown, x: 5, y: 3)))
        #expect(state.routeName == "createOrder")
        _ = state.update(.mouse(MouseEvent(.press(.left), x: 40, y: 2)))
        #expect(state.focus == .request)
        #expect(state.paramSelection == 1)
    }
}
