import Foundation
import Strata
import StrataTestSupport
import StrataUI
import TermGrid
import Testing

@Suite("Panes against literal grids")
struct PaneTests {
    /// The demo state with a response for `body` installed as if listProducts had answered it.
    func state(body: String, contentType: String = "application/json", width: Int = 120, height: Int = 40) throws
        -> ExplorerState
    {
        try state(bytes: Array(body.utf8), contentType: contentType, width: width, height: height)
    }

    /// The demo state with a response of `bytes` installed.
    func state(bytes: [UInt8], contentType: String, width: Int = 120, height: Int = 40) throws -> ExplorerState {
        var state = try ExplorerFixtures.demoState(width: width, height: height)
        let request = try #require(state.draft?.request)
        let route = try #require(state.route)
        let response = Response(
            status: 200, headers: HTTPHeaders([("Content-Type", contentType)]), body: bytes,
            duration: .milliseconds(3),
            origin: .fixture(file: ExplorerFixtures.demoPath + "/fixtures/x.json", number: 1, delay: .zero)
        )
        let pipeline = ResponsePipeline(session: state.session)
        let document = ResponseDocument.parse(response, request: request, route: route, with: pipeline)
        state.run = RunState(id: 7, routeName: route.name, summary: "GET /products", source: .mock)
        if case .map(let id, let tree, let status, let route, _)? = state.update(
            .responseParsed(id: 7, document: document)
        ).first {
            _ = state.update(
                .responseMapped(
                    responseID: id, mapping: MappedDocument.map(tree, status: status, route: route, with: pipeline)))
        }
        return state
    }

    @Test("routes: the selected route has a marker and, focused, reverse video; methods are right-aligned")
    func routes() throws {
        let state = try ExplorerFixtures.demoState()
        var buffer = Buffer(width: 26, height: 6)
        var cursor: Position? = nil
        RoutesPane.render(state, in: buffer.area, into: &buffer, cursor: &cursor)
        expectGrid(
            buffer,
            """
            |┌ Routes 4 ──────────────┐|
            |│▸ listProducts      GET │|
            |│  product           GET │|
            |│  catalogXML        GET │|
            |│  createOrder      POST │|
            |└────────────────────────┘|
            """,
            styles: """
                |bbbbbbbbbbbbbbbbbbbbbbbbbb|
                |brrrrrrrrrrrrrrrrrrrrrrrrb|
                |b....................ccc.b|
                |b....................ccc.b|
                |b...................cccc.b|
                |bbbbbbbbbbbbbbbbbbbbbbbbbb|
                """)
        #expect(cursor == nil)
    }

    @Test("routes: a long name is cut with … and the filter shows in the title")
    func routesFiltered() throws {
        var state = try ExplorerFixtures.demoState()
        try press(&state, "/ =o Enter")
        var buffer = Buffer(width: 18, height: 5)
        var cursor: Position? = nil
        RoutesPane.render(state, in: buffer.area, into: &buffer, cursor: &cursor)
        expectGrid(
            buffer,
            """
            |┌ Routes 4/4 /o ─┐|
            |│▸ listProd… GET │|
            |│  product   GET │|
            |│  catalogX… GET │|
            |└────────────────┘|
            """)
    }

    @Test("routes: the list starts at the state's top row, and without focus the marker and selection are dimmed")
    func routesScrolledUnfocused() throws {
        var state = try ExplorerFixtures.demoState()
        try press(&state, "j j j Tab")
        state.routeTop = 2
        var buffer = Buffer(width: 26, height: 4)
        var cursor: Position? = nil
        RoutesPane.render(state, in: buffer.area, into: &buffer, cursor: &cursor)
        expectGrid(
            buffer,
            """
            |┌ Routes 4 ──────────────┐|
            |│  catalogXML        GET │|
            |│▸ createOrder      POST │|
            |└────────────────────────┘|
            """,
            styles: """
                |..bbbbbbdd................|
                |.b...................ccc..|
                |.bbbbbbbbbbbbbbbbbbbbbbbb.|
                |..........................|
                """)
    }

    @Test("parsed: folds, keys, indices, counts and typed scalars in document order")
    func parsed() throws {
        var state = try state(body: #"{"id": 3, "tags": ["a", "b"], "maker": {"name": "Kami"}, "ok": true, "n": null}"#)
        state.focus = .parsed
        var buffer = Buffer(width: 30, height: 11)
        ParsedPane.render(state, in: buffer.area, into: &buffer)
        expectGrid(
            buffer,
            """
            |┌ Parsed json · 9 nodes ─────┐|
            |│▾ {} 5                      │|
            |│    id 3                    │|
            |│  ▾ tags [] 2               │|
            |│      [0] "a"               │|
            |│      [1] "b"               │|
            |│  ▾ maker {} 1              │|
            |│      name "Kami"           │|
            |│    ok true                 │|
            |│    n null                  │|
            |└────────────────────────────┘|
            """)
        // The focused selection (the root) is in reverse video.
        #expect(buffer[3, 1].style.modifiers.contains(.reverse))
        try press(&state, "j j h")
        buffer = Buffer(width: 30, height: 11)
        ParsedPane.render(state, in: buffer.area, into: &buffer)
        #expect(buffer.line(3) == "│  ▸ tags [] 2  [\"a\", \"b\"]   │")
        #expect(buffer.line(4) == "│  ▾ maker {} 1              │")
    }

    @Test("raw: line numbers, wrapping with a blank gutter, and the selected node's bytes highlighted")
    func raw() throws {
        var state = try state(body: "{\n  \"name\": \"a long value that wraps\",\n  \"n\": 1\n}\n")
        try press(&state, "2 j")
        var buffer = Buffer(width: 24, height: 8)
        RawPane.render(state, in: buffer.area, into: &buffer)
        expectGrid(
            buffer,
            """
            |┌ Raw 50 B ────── wrap ┐|
            |│1 {                   │|
            |│2   "name": "a long va│|
            |│  lue that wraps",    │|
            |│3   "n": 1            │|
            |│4 }                   │|
            |│                      │|
            |└──────────────────────┘|
            """)
        // The selected member ("name": and its value) is highlighted, key included; the comma is not.
        let highlighted = (0..<24).filter { buffer[$0, 2].style.background == .cyan }
        #expect(highlighted == Array(5..<23))
        #expect(buffer[11, 3].style.background == .cyan)
        #expect(buffer[18, 3].style.background != .cyan)
    }

    @Test("raw: a binary body is shown as hex rows, and the selected row is highlighted")
    func rawBinary() throws {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D]
        bytes += Array("IHDR".utf8) + [0x00, 0xFF, 0x1B] + Array("[2J".utf8)
        var state = try state(bytes: bytes, contentType: "image/png")
        try press(&state, "1 w 2 j j j j")
        var buffer = Buffer(width: 84, height: 5)
        RawPane.render(state, in: buffer.area, into: &buffer)
        expectGrid(
            buffer,
            """
            |┌ Raw 22 B binary ─────────────────────────────────────────────────────────────────┐|
            |│1 00000000  89 50 4e 47 0d 0a 1a 0a  00 00 00 0d 49 48 44 52  |.PNG........IHDR|  │|
            |│2 00000010  00 ff 1b 5b 32 4a                                 |...[2J|            │|
            |│                                                                                  │|
            |└──────────────────────────────────────────────────────────────────────────────────┘|
            """)
        #expect(state.response.document?.tree?.format == .binary)
        #expect(buffer[5, 1].style.background == .cyan)
        #expect(buffer[5, 2].style.background != .cyan)
    }

    @Test("mapped: class names, aligned property names, typed values and issue marks")
    func mapped() throws {
        var state = try state(
            body:
                #"{"products": [{"id": 1, "name": "Lamp", "price": "2.50", "in_stock": true, "release_date": "2024-02-30", "tags": [], "maker": {"name": "K"}}]}"#
        )
        state.focus = .mapped
        var buffer = Buffer(width: 56, height: 14)
        MappedPane.render(state, in: buffer.area, into: &buffer)
        expectGrid(
            buffer,
            """
            |┌ Mapped Product ──────────────────── 1 error · 1 info ┐|
            |│▾ [Product] 1                                         │|
            |│  ▾ Product                                           │|
            |│      id           1                                  │|
            |│      name         "Lamp"                             │|
            |│      price        2.50                               │|
            |│      inStock      true                               │|
            |│      releaseDate  "2024-02-30" ⚠ expected date in fo…│|
            |│      tags         [] 0                               │|
            |│    ▾ maker        Maker                              │|
            |│        name     "K"                                  │|
            |│        country  nil                                  │|
            |│                                                      │|
            |└──────────────────────────────────────────────────────┘|
            """)
        #expect(buffer[21, 7].style.foreground == .red)
    }

    @Test("status: the response summary, the selection's path and hints from the key table")
    func status() throws {
        var state = try state(body: #"{"a": {"b": [1, 2]}}"#)
        try press(&state, "2 j j j")
        var buffer = Buffer(width: 100, height: 1)
        var cursor: Position? = nil
        StatusLine.render(state, in: buffer.area, into: &buffer, cursor: &cursor)
        // With room, the focused pane's own hints come first.
        var wide = Buffer(width: 140, height: 1)
        StatusLine.render(state, in: wide.area, into: &wide, cursor: &cursor)
        #expect(
            wide.line(0, trimmingTrailingSpaces: true).hasSuffix(
                "$.a.b[0]  ↵ fold  / search  $ query  r run  ? help  q quit"))
        expectGrid(
            buffer,
            """
            | 200 OK · application/json · 20 B · 3 ms · fixtures/x.json#1 · 1 error      $.a.b[0]  ? help  q quit|
            """)
    }
}
