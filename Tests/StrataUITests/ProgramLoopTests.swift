import Foundation
import Strata
import StrataTestSupport
import StrataUI
import TermGrid
import Testing

@Suite("The program loop")
struct ProgramLoopTests {
    @Test("idle, the loop draws once and then blocks with no timeout: no redraws, no polling")
    func idleLoopBlocks() throws {
        let backend = TimeoutRecordingBackend(width: 120, height: 40)
        let program = ExplorerProgram(
            state: try ExplorerFixtures.demoState(), backend: backend, clock: ManualProgramClock())
        program.draw()
        #expect(backend.memory.flushCount == 1)
        #expect(program.waitTimeout == nil)
        backend.memory.push(.key(.character("q")))
        try program.step()
        #expect(program.state.isFinished)
        #expect(backend.timeouts == [nil], "the loop waited for input without a timeout")
    }

    @Test("a slow request shows a spinner with elapsed time, ticks only while it runs, and Esc cancels it")
    func spinnerWhileRunning() throws {
        let session = try ExplorerFixtures.demo()
        let backend = TimeoutRecordingBackend(width: 120, height: 40)
        let clock = ManualProgramClock()
        let program = ExplorerProgram(
            state: ExplorerState(session: session, size: Size(width: 120, height: 40)), backend: backend,
            host: ExplorerHost(mock: PendingSource()), clock: clock)
        program.draw()
        backend.memory.push(.key(.character("r")))
        try program.step()
        #expect(program.waitTimeout == .zero, "a running request makes the loop wake for spinner frames")
        let firstFrame = backend.memory.screen.line(39)
        #expect(firstFrame.contains("GET /products · mock · 0 ms · Esc cancels"))
        clock.advance(by: .milliseconds(1250))
        try program.step()
        let later = backend.memory.screen.line(39)
        #expect(later.contains("GET /products · mock · 1.2 s · Esc cancels"))
        #expect(later != firstFrame, "the spinner moved on")
        backend.memory.push(.key(.escape))
        try program.step()
        #expect(backend.memory.screen.line(39).contains("cancelled GET /products"))
        #expect(program.waitTimeout == nil, "no ticks once the request is cancelled")
        // Waits: idle (nil) until `r`; after that only the manual clock's zero tick wait and zero-timeout polls for
        // input already waiting (how many depends on wake-ups from the effect), never a wall-clock interval.
        #expect(backend.timeouts.first == .some(nil))
        #expect(backend.timeouts.count >= 3)
        #expect(backend.timeouts.dropFirst().allSatisfy { $0 == .zero })
    }

    @Test("a response arriving while keys are pressed never blocks them; the loop ends on q")
    func responsesComeBackAsActions() throws {
        let backend = MemoryBackend(width: 120, height: 40)
        let program = ExplorerProgram(
            state: try ExplorerFixtures.demoState(), backend: backend,
            host: ExplorerHost(session: try ExplorerFixtures.demo(), fixedDurations: true), clock: ManualProgramClock())
        program.draw()
        backend.push(.key(.character("r")), .key(.character("2")), .key(.down))
        while backend.events.count > 0 { try program.step() }
        try program.settle()
        program.draw()
        #expect(backend.screen.text().contains("▾ [Product] 3"))
        #expect(backend.screen == ExplorerView.render(program.state))
        backend.push(.key(.character("q")))
        try program.step()
        #expect(program.state.isFinished)
    }

    @Test("the bundled demo is found from the current directory or above the executable")
    func locatesTheDemo() {
        let root = ExplorerFixtures.root
        #expect(SessionLocator.locate(nil, currentDirectory: root, executable: nil) == root + "/Sessions/demo")
        let fromBinary = SessionLocator.locate(
            nil, currentDirectory: "/", executable: root + "/.build/debug/strata")
        #expect(fromBinary == root + "/Sessions/demo")
        #expect(SessionLocator.locate("x/y", currentDirectory: "/", executable: nil) == "x/y")
        #expect(SessionLocator.locate(nil, currentDirectory: "/nonexistent", executable: "/bin/sh") == nil)
        #expect(SessionLocator.notFound(currentDirectory: "/tmp", executable: nil).contains("/tmp/Sessions/demo"))
    }
}

/// A data source that never answers: its send waits until the task is cancelled.
struct PendingSource: DataSource {
    var name: String { "mock" }

    func send(_ request: BuiltRequest) async throws(TransportError) -> Response {
        let (stream, continuation) = AsyncStream<Never>.makeStream()
        // The stream never yields; iterating it ends when the task is cancelled.
        for await _ in stream {}
        withExtendedLifetime(continuation) {}
        throw .cancelled
    }
}

/// A memory terminal that records the timeout of every wait for input.
final class TimeoutRecordingBackend: TerminalBackend {
    /// The terminal underneath.
    let memory: MemoryBackend
    /// The timeout passed to each ``nextEvent(timeout:)``, in order.
    private(set) var timeouts: [Duration?] = []

    init(width: Int, height: Int) { memory = MemoryBackend(width: width, height: height) }

    var size: Size { memory.size }
    var waker: WakePipe { memory.waker }
    func draw(_ updates: [CellUpdate]) { memory.draw(updates) }
    func clear() { memory.clear() }
    func setCursor(_ position: Position?) { memory.setCursor(position) }
    func flush() { memory.flush() }
    func restore() { memory.restore() }
    func setClipboard(_ text: String) -> Bool { memory.setClipboard(text) }

    func nextEvent(timeout: Duration?) throws -> Event? {
        timeouts.append(timeout)
        return try memory.nextEvent(timeout: timeout)
    }
}
