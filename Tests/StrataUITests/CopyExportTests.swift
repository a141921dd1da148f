import Foundation
import Strata
import StrataTestSupport
import StrataUI
import TermGrid
import Testing

/// A live answer with a body far over the clipboard limit, a secret in every element.
private struct BigLive: DataSource {
    static let body: [UInt8] = Array(
        ("{\"items\":[" + (0..<6000).map { #"{"n":\#($0),"note":"s3cret"}"# }.joined(separator: ",") + "]}").utf8)
    var name: String { "live" }
    func send(_ request: BuiltRequest) async throws(TransportError) -> Response {
        Response(
            status: 200, headers: ["Content-Type": "application/json"], body: BigLive.body, duration: .zero,
            origin: .live(url: request.url, redirects: []))
    }
}

/// `Y` on something too large for the clipboard refuses at once and offers to write it to a file in the session.
@Suite("Copying what is too large for the clipboard")
struct CopyExportTests {
    func program(in dir: ScratchDirectory) throws -> (ExplorerProgram, MemoryBackend) {
        var session = try Session.load(from: dir.path)
        session.isTrusted = true
        let backend = MemoryBackend(width: 120, height: 40)
        let program = ExplorerProgram(
            state: ExplorerState(
                session: session, size: Size(width: 120, height: 40), environment: ["SHOP_KEY": "s3cret"]),
            backend: backend,
            host: ExplorerHost(mock: MockSource(session: session), live: BigLive(), fixedDurations: true))
        return (program, backend)
    }

    @Test("Y j on a 200 KB subtree copies nothing, asks, and Enter writes it to exports/ scrubbed; a second is new")
    func writesTheSubtreeToAFile() async throws {
        let dir = try ScratchDirectory(ShopSession.files())
        defer { dir.remove() }
        let (program, backend) = try program(in: dir)
        try await ExplorerFixtures.press(program, "Down Down m r 2")
        try await ExplorerFixtures.press(program, "Y j")
        #expect(backend.clipboard.isEmpty)
        guard case .choice(let choice)? = program.state.overlay, case .export(.subtree) = choice.purpose else {
            Issue.record(
                "no question: \(String(describing: program.state.overlay)) \(program.state.notice?.text ?? "")")
            return
        }
        #expect(choice.title == "subtree as JSON is over the \(OSC52.maxBytes)-byte clipboard limit")
        #expect(choice.items[0].hasPrefix("write it to exports/"))
        try await ExplorerFixtures.press(program, "Enter")
        let notice = try #require(program.state.notice?.text)
        #expect(notice.hasPrefix("wrote "), "\(notice)")
        let files = dir.list("exports")
        #expect(files.count == 1)
        let text = try #require(dir.read("exports/" + files[0]))
        let tree = try JSONParser().parse(BigLive.body)
        #expect(text == tree.canonicalJSON(pretty: true).replacingOccurrences(of: "s3cret", with: "<redacted>"))
        #expect(!text.contains("s3cret"))
        // Asked again, the export goes to a new file; Esc (or cancel) writes nothing.
        try await ExplorerFixtures.press(program, "Y j Enter")
        #expect(dir.list("exports").count == 2)
        try await ExplorerFixtures.press(program, "Y j Down Enter")
        #expect(dir.list("exports").count == 2)
        #expect(program.state.notice?.text == "nothing copied or written")
    }

    @Test("refusing a subtree far over the limit builds only about the limit's worth of JSON")
    func refusalIsBounded() throws {
        let tree = try JSONParser().parse(BigLive.body)
        #expect(tree.canonicalJSON(Tree.root, pretty: true, limit: 1000) == nil)
        #expect(tree.canonicalJSON(Tree.root, pretty: true, limit: 10_000_000) == tree.canonicalJSON(pretty: true))
        let small = try JSONParser().parse(Array(#"{"a": ["x", 1]}"#.utf8))
        #expect(small.canonicalJSON(Tree.root, limit: 13) == #"{"a":["x",1]}"#)
        #expect(small.canonicalJSON(Tree.root, limit: 8) == nil)
    }
}
