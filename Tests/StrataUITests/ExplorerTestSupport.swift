import Foundation
import Strata
import StrataTestSupport
import StrataUI
import TermGrid
import Testing

/// Shared fixtures for the explorer tests: the bundled demo session and headless drivers.
enum ExplorerFixtures {
    /// The repository root (three levels above this file).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// The bundled demo session's directory.
    static let demoPath = root + "/Sessions/demo"

    /// The demo session.
    static func demo() throws -> Session { try Session.load(from: demoPath) }

    /// The accounts session (auth, environments, JSON and multipart bodies).
    static func accounts() throws -> Session { try Session.load(from: root + "/Sessions/accounts") }

    /// The events session (server-sent events and JSON lines from fixtures).
    static func events() throws -> Session { try Session.load(from: root + "/Sessions/events") }

    /// A fresh state on the demo session.
    static func demoState(width: Int = 120, height: Int = 40) throws -> ExplorerState {
        ExplorerState(session: try demo(), size: Size(width: width, height: height))
    }

    /// A state on the demo session showing `tree` as the parsed response of its first route.
    static func demoState(showing tree: Tree) throws -> ExplorerState {
        var state = try demoState()
        let request = try #require(state.draft?.request)
        let response = Response(
            status: 200, headers: [:], body: tree.source, duration: .zero, origin: .live(url: "", redirects: []))
        let document = ResponseDocument(
            request: request, response: response, outcome: ParseOutcome(parser: "json", tree: tree, error: nil),
            lines: LineIndex(tree.source))
        state.run = RunState(id: 1, routeName: "listProducts", summary: "GET /products", source: .mock)
        _ = state.update(.responseParsed(id: 1, document: document))
        return state
    }

    /// A headless program on `session` with effects awaited after each key.
    static func program(_ session: Session, width: Int = 120, height: Int = 40) async throws -> ExplorerProgram {
        let backend = MemoryBackend(width: width, height: height)
        let program = ExplorerProgram(
            state: ExplorerState(session: session, size: Size(width: width, height: height)), backend: backend,
            host: ExplorerHost(session: session, fixedDurations: true))
        let box = Unchecked(program)
        try await offPool { try box.value.settle() }
        return program
    }

    /// Presses `keys` (tmux names) one by one, awaiting effects after each.
    static func press(_ program: ExplorerProgram, _ keys: String) async throws {
        let keys = try Key.parse(tmuxKeys: keys)
        let box = Unchecked(program)
        try await offPool {
            for key in keys {
                box.value.dispatch(.key(key))
                try box.value.settle()
            }
        }
    }

    /// ``Screenshot/capture(session:size:keys:environment:host:)`` off Swift's cooperative threads.
    static func capture(_ session: Session, size: Size, keys: String) async throws -> (
        buffer: Buffer, state: ExplorerState
    ) {
        let keys = try Key.parse(tmuxKeys: keys)
        let result = try await offPool {
            Unchecked(try Screenshot.capture(session: session, size: size, keys: keys))
        }
        return result.value
    }

    /// The screen `program` shows, as rendered from its state.
    static func screen(_ program: ExplorerProgram) -> String {
        ExplorerView.render(program.state).text(trimmingTrailingSpaces: true)
    }
}

/// A value moved between threads by a test that knows only one thread uses it at a time.
struct Unchecked<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// Runs blocking work (the program's waits for effects) on a thread of its own, so it never holds one of the few
/// threads Swift's concurrency runtime shares between tests.
///
/// The result is handed back through a pthread mutex (``Locked``), so everything the thread wrote (the program's
/// state) is ordered before what the caller reads next in a way ThreadSanitizer sees: resuming a continuation
/// alone goes through the concurrency runtime's atomics, which it does not always see on Linux.
func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    let handoff = Locked<Result<T, any Error>?>(nil)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let thread = Thread {
            let result = Result { try body() }
            handoff.withLock { $0 = result }
            continuation.resume()
        }
        thread.start()
    }
    return try handoff.withLock { $0! }.get()
}

/// Applies keys to a state with the reducer only, collecting every effect asked for.
@discardableResult
func press(_ state: inout ExplorerState, _ keys: String) throws -> [Effect] {
    var effects: [Effect] = []
    for key in try Key.parse(tmuxKeys: keys) { effects += state.update(.key(key)) }
    return effects
}

/// Checks `buffer` against the golden `Goldens/<name>.txt` next to this file (rows in `|...|`, then the style
/// mask); `RECORD_SNAPSHOTS=1` rewrites it and fails, so a golden is only accepted after someone reads it.
func expectGolden(_ buffer: Buffer, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    expectSnapshot(
        buffer, file: directory.appendingPathComponent(name + ".txt"),
        sourceLocation: sourceLocation)
}
